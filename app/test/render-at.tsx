import { render } from "@testing-library/react";
import type * as React from "react";
import { createRoutesStub } from "react-router";

/** Renders a component as if the browser were at `path`, with every other path a stub page. */
export function renderAt(path: string, ui: React.ReactNode) {
  const Stub = createRoutesStub([
    { path: "*", Component: () => ui },
  ]);
  return render(<Stub initialEntries={[path]} />);
}
