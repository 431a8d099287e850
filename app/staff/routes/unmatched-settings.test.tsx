import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { signedInAs } from "~/staff/test/fixtures";
import { mockStaffApi, refuse } from "~/staff/test/mock-staff-api";
import { renderStaff } from "~/staff/test/render-staff";
import { UNMATCHED_PAGE_SIZE } from "../../../staff/conversation.ts";

const staffNav = () => within(screen.getByRole("navigation", { name: "Staff" }));

describe("unmatched mail", () => {
  it("lists who wrote, when and what, as plain text, with attachments and the page's place", async () => {
    const api = mockStaffApi({
      ...signedInAs("admin"),
      unmatched: () => ({
        messages: [
          {
            id: "m1",
            at: "2026-11-23T14:00:00.000Z",
            from: { name: "Pat Doe", address: "pat@example.org" },
            subject: "Question about shifts",
            text: "Hello,\n<b>are you hiring?</b>",
            attachments: [{ id: "f1", filename: "cv.pdf", contentType: "application/pdf", size: 2048 }],
          },
          {
            id: "m2",
            at: "2026-11-22T14:00:00.000Z",
            from: { name: "", address: "bounce@example.net" },
            subject: "",
            text: "Undeliverable",
            attachments: [],
          },
        ],
        page: 2,
        pageSize: UNMATCHED_PAGE_SIZE,
        total: 52,
      }),
    });
    renderStaff("/staff/unmatched?page=2");
    await screen.findByRole("heading", { level: 1, name: "Unmatched mail" });
    expect(api.callsTo("unmatched")[0]?.query.get("page")).toBe("2");
    expect(staffNav().getByRole("link", { name: "Unmatched mail" })).toHaveAttribute("aria-current", "page");
    const list = screen.getByRole("list", { name: "Messages" });
    const [first, second] = within(list)
      .getAllByRole("listitem")
      .filter((item) => item.parentElement === list);
    expect(within(first as HTMLElement).getByText("Pat Doe <pat@example.org>")).toBeInTheDocument();
    const body = within(first as HTMLElement).getByText(/are you hiring/);
    expect(body.textContent).toBe("Hello,\n<b>are you hiring?</b>");
    expect(body.querySelector("b")).toBeNull();
    expect(within(first as HTMLElement).getByRole("link", { name: /cv\.pdf/ })).toHaveAttribute(
      "href",
      "/api/staff/unmatched/m1/attachments/f1",
    );
    expect(within(second as HTMLElement).getByText("bounce@example.net")).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText("(no subject)")).toBeInTheDocument();
    const pages = screen.getByRole("navigation", { name: "Pages" });
    expect(within(pages).getByText("51–52 of 52")).toBeInTheDocument();
    expect(within(pages).getByRole("link", { name: "Newer" })).toHaveAttribute("href", "/staff/unmatched");
  });

  it("says when there is none", async () => {
    mockStaffApi({
      ...signedInAs("admin"),
      unmatched: () => ({ messages: [], page: 1, pageSize: UNMATCHED_PAGE_SIZE, total: 0 }),
    });
    renderStaff("/staff/unmatched");
    expect(await screen.findByText("No unmatched mail")).toBeInTheDocument();
  });

  it("is for admins: not in anyone else's navigation, and not found as the API answers", async () => {
    mockStaffApi({
      ...signedInAs("sales"),
      unmatched: () => refuse(404, "not_found", "No such API endpoint."),
    });
    renderStaff("/staff/unmatched");
    expect(await screen.findByRole("heading", { name: "Not found" })).toBeInTheDocument();
    expect(staffNav().queryByRole("link", { name: "Unmatched mail" })).not.toBeInTheDocument();
    expect(staffNav().getByRole("link", { name: "My settings" })).toHaveAttribute("href", "/staff/settings");
  });
});

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
