import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { signedInAs } from "~/staff/test/fixtures";
import { mockStaffApi } from "~/staff/test/mock-staff-api";
import { renderStaff } from "~/staff/test/render-staff";

describe("my settings", () => {
  it("saves the assignment e-mails switch as it changes, and says so", async () => {
    let assignmentEmails = true;
    const api = mockStaffApi({
      ...signedInAs("recruiting"),
      settings: () => ({ settings: { assignmentEmails } }),
      saveSettings: ({ body }) => {
        assignmentEmails = (body as { assignmentEmails: boolean }).assignmentEmails;
        return { settings: { assignmentEmails } };
      },
    });
    const user = userEvent.setup();
    renderStaff("/staff/settings");
    const box = await screen.findByRole("checkbox", { name: "E-mail me when a lead is assigned to me" });
    expect(box).toBeChecked();
    await user.click(box);
    expect(
      await screen.findByText("You will no longer be e-mailed when a lead is assigned to you."),
    ).toBeInTheDocument();
    await waitFor(() => expect(box).not.toBeChecked());
    await user.click(box);
    expect(
      await screen.findByText("You will be e-mailed when a lead is assigned to you."),
    ).toBeInTheDocument();
    expect(box).toBeChecked();
    expect(api.callsTo("saveSettings").map((call) => call.body)).toEqual([
      { assignmentEmails: false },
      { assignmentEmails: true },
    ]);
  });

  it("is a tap away on a phone, beside one's name in the top bar", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query.includes("max-width"),
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    mockStaffApi({ ...signedInAs("sales"), settings: () => ({ settings: { assignmentEmails: false } }) });
    renderStaff("/staff/settings");
    await screen.findByRole("heading", { level: 1, name: "My settings" });
    expect(within(screen.getByRole("banner")).getByRole("link", { name: "My settings" })).toHaveAttribute(
      "href",
      "/staff/settings",
    );
    expect(
      screen.getByRole("checkbox", { name: "E-mail me when a lead is assigned to me" }),
    ).not.toBeChecked();
  });
});
