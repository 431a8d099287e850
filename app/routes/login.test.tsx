import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { expect, it } from "vitest";
import Login from "./login";

it("offers the company's staff a quiet link to the staff sign-in", () => {
  const Stub = createRoutesStub([{ path: "/login", Component: Login }]);
  render(<Stub initialEntries={["/login"]} />);
  const link = screen.getByRole("link", { name: "Staff sign-in" });
  expect(link).toHaveAttribute("href", "/staff/sign-in");
  // Quiet: a small text link, not one of the service buttons.
  expect(link).toHaveClass("text-muted");
});
