import { render } from "@testing-library/react";
import type * as React from "react";
import { MemoryRouter } from "react-router";

/** Renders a component as if the browser were at `path`. */
export function renderAt(path: string, ui: React.ReactNode) {
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}
