import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
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
