import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { listOf, signedInAs } from "~/staff/test/fixtures";
import { mockStaffApi, refuse } from "~/staff/test/mock-staff-api";
import { renderStaff } from "~/staff/test/render-staff";
import { CHECKLIST_CATALOG, defaultItemIds } from "../../../leads/checklist-catalog.ts";
import { CREDENTIALS } from "../../../leads/credential-checklist.ts";
import type { ChecklistsAnswer } from "../../../staff/checklists-api.ts";

/** The checklists as the API gives them before any change, with `lists` replacing some. */
function answerOf(lists: Partial<Record<string, string[]>> = {}): ChecklistsAnswer {
  return {
    catalog: CHECKLIST_CATALOG.map(({ id, item }) => ({
      id,
      name: item.name,
      document: item.document === "required",
      fields: item.fields.map((field) => field.label),
      expires: item.validity.kind !== "no-expiry",
    })),
    checklists: CREDENTIALS.map((credential) => ({
      credential,
      items: lists[credential] ?? defaultItemIds(credential),
      edited: lists[credential] !== undefined,
    })),
  };
}

const sectionOf = (name: string) => screen.getByRole("region", { name });
const itemsIn = (section: HTMLElement) =>
  within(section)
    .getAllByRole("listitem")
    .map((item) => item.querySelector("span span")?.textContent);

describe("the checklists page", () => {
  it("lists each credential's items and saves a removal and an addition at once", async () => {
    let saved: Partial<Record<string, string[]>> = {};
    const api = mockStaffApi({
      ...signedInAs("admin"),
      checklists: () => answerOf(saved),
      saveChecklist: ({ body }) => {
        const { items } = body as { items: string[] };
        saved = { ...saved, CNA: items };
        return { credential: "CNA", items, edited: true };
      },
    });
    const user = userEvent.setup();
    renderStaff("/staff/checklists");
    await screen.findByRole("heading", { level: 1, name: "Checklists" });
    expect(screen.getByRole("link", { name: "Checklists" })).toHaveAttribute("aria-current", "page");
    const cna = sectionOf("Certified Nursing Assistant (CNA)");
    expect(itemsIn(cna)[0]).toBe("CNA certification");
    expect(
      within(cna).getByText(`${defaultItemIds("CNA").length} required items (the defaults)`),
    ).toBeInTheDocument();

    await user.click(within(cna).getByRole("button", { name: "Remove Seasonal flu vaccine" }));
    await screen.findByText(`${defaultItemIds("CNA").length - 1} required items`);
    expect(itemsIn(sectionOf("Certified Nursing Assistant (CNA)"))).not.toContain("Seasonal flu vaccine");

    const again = sectionOf("Certified Nursing Assistant (CNA)");
    await user.selectOptions(within(again).getByLabelText("Item to add"), "flu");
    await user.click(within(again).getByRole("button", { name: "Add item" }));
    await screen.findByText(`${defaultItemIds("CNA").length} required items`);
    expect(api.callsTo("saveChecklist").map((call) => (call.body as { items: string[] }).items)).toEqual([
      defaultItemIds("CNA").filter((id) => id !== "flu"),
      [...defaultItemIds("CNA").filter((id) => id !== "flu"), "flu"],
    ]);
    // The other credentials were left as they were.
    expect(itemsIn(sectionOf("Registered Nurse (RN)"))[0]).toBe("RN license");
  });

  it("shows the API's refusal in the credential's section", async () => {
    mockStaffApi({
      ...signedInAs("admin"),
      checklists: () => answerOf(),
      saveChecklist: () => refuse(422, "bad_checklist", "A checklist holds one license of each kind."),
    });
    const user = userEvent.setup();
    renderStaff("/staff/checklists");
    const rn = await screen.findByRole("region", { name: "Registered Nurse (RN)" });
    await user.selectOptions(within(rn).getByLabelText("Item to add"), "lpn-license");
    await user.click(within(rn).getByRole("button", { name: "Add item" }));
    expect(await within(rn).findByRole("alert")).toHaveTextContent(
      "A checklist holds one license of each kind.",
    );
  });

  it("is not in a recruiter's navigation", async () => {
    mockStaffApi({ ...signedInAs("recruiting"), leads: () => listOf([]) });
    renderStaff("/staff");
    await screen.findByRole("heading", { level: 1, name: "Inbox" });
    expect(screen.queryByRole("link", { name: "Checklists" })).not.toBeInTheDocument();
  });
});
