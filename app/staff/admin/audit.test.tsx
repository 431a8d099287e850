import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { auditEntry, leadId, STAFF, signedInAs } from "~/staff/test/fixtures";
import { mockStaffApi, refuse } from "~/staff/test/mock-staff-api";
import { renderStaff } from "~/staff/test/render-staff";
import type { AuditPage } from "../../../staff/api.ts";
import { AUDIT_PAGE_SIZE } from "../../../staff/limits.ts";

describe("the audit log", () => {
  it("lists who did what and when, with the lead's id and the page's place in the whole", async () => {
    const page: AuditPage = {
      entries: [
        { ...auditEntry(1, "lead_viewed", STAFF.sales), leadId: leadId(3) },
        { ...auditEntry(2, "erase", STAFF.admin), detail: "1 lead(s), 0 file(s), 0 note(s)" },
        auditEntry(3, "sign_in_failed", null),
        auditEntry(4, "sign_in", STAFF.admin),
      ],
      page: 2,
      pageSize: AUDIT_PAGE_SIZE,
      total: 104,
    };
    const api = mockStaffApi({ ...signedInAs("admin"), audit: () => page });
    renderStaff("/staff/audit?page=2");
    await screen.findByRole("heading", { level: 1, name: "Audit log" });
    expect(api.callsTo("audit")[0]?.query.get("page")).toBe("2");
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell")[2]?.textContent)).toEqual([
      "Viewed a lead",
      "Erased a person",
      "Failed sign-in",
      "Signed in",
    ]);
    expect(within(rows.at(-1) as HTMLElement).getByText("admin@example.com")).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByRole("link", { name: leadId(3) })).toHaveAttribute(
      "href",
      `/staff/leads/${leadId(3)}`,
    );
    expect(within(rows[1] as HTMLElement).getByText("1 lead(s), 0 file(s), 0 note(s)")).toBeInTheDocument();
    const pages = screen.getByRole("navigation", { name: "Pages" });
    expect(within(pages).getByText("101–104 of 104")).toBeInTheDocument();
    expect(within(pages).getByRole("link", { name: "Newer" })).toHaveAttribute("href", "/staff/audit");
    expect(within(pages).queryByRole("link", { name: "Older" })).not.toBeInTheDocument();
  });

  it("is not found for other roles, as the API answers", async () => {
    mockStaffApi({
      ...signedInAs("recruiting"),
      audit: () => refuse(404, "not_found", "No such API endpoint."),
    });
    renderStaff("/staff/audit");
    expect(await screen.findByRole("heading", { name: "Not found" })).toBeInTheDocument();
  });
});
