import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { expect, it, vi } from "vitest";
import { ErrorBoundary } from "./root";

function BrokenRoute(): never {
  throw new Error("Chart sync exploded");
}

it("shows 'Unexpected Application Error!' with the error text when a route throws", async () => {
  const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
  const Stub = createRoutesStub([
    {
      path: "/",
      ErrorBoundary,
      children: [
        {
          path: "broken",
          Component: BrokenRoute,
        },
      ],
    },
  ]);
  render(<Stub initialEntries={["/broken"]} />);
  expect(await screen.findByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
  expect(screen.getByText("Chart sync exploded")).toBeInTheDocument();
  consoleError.mockRestore();
});
