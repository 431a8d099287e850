import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { signedInAs } from "~/staff/test/fixtures";
import { mockStaffApi } from "~/staff/test/mock-staff-api";
import { renderStaff } from "~/staff/test/render-staff";

// The audit page's chunk does not arrive (a network failure, a release that replaced it).
vi.mock("~/staff/admin/audit-route", () => {
  throw new TypeError("Failed to fetch dynamically imported module");
});

describe("a page whose chunk does not arrive", () => {
  it("shows its error in the frame, not an empty page", async () => {
    mockStaffApi(signedInAs("admin"));
    renderStaff("/staff/audit");
    expect(await screen.findByRole("heading", { name: "Could not load this page" })).toBeInTheDocument();
    expect(
      screen.getByText("This page could not be loaded. Check the connection, then reload the page."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the inbox" })).toHaveAttribute("href", "/staff");
  });
});
