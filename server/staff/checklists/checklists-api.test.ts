import { beforeAll, describe, expect, it } from "vitest";
import { defaultItemIds } from "../../../leads/checklist-catalog.ts";
import { auditPageAnswer, errorAnswer } from "../../../staff/api.ts";
import { checklistSchema, checklistsPage } from "../../../staff/checklists-api.ts";
import { pathOf } from "../../../staff/endpoints.ts";
import type { StaffMemberFixture } from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import { staffHarnessFixture } from "../../../test-support/vitest-fixtures.ts";
import { requestDocuments } from "../../documents/document-links.ts";

/**
 * The admins' checklists over the real store: the defaults until an admin changes one, a change checked against
 * the catalog and audited, only admins may read or change them, and the next request copies the changed list.
 */
describe.each(DIALECTS)("the checklists in the staff API on %s", (dialect) => {
  const h = staffHarnessFixture(dialect);
  let admin: StaffMemberFixture;
  let recruiter: StaffMemberFixture;
  let seller: StaffMemberFixture;

  beforeAll(async () => {
    [admin, recruiter, seller] = await Promise.all([
      h.addStaff("admin"),
      h.addStaff("recruiting"),
      h.addStaff("sales"),
    ]);
  });

  const read = async (who = admin) => {
    const response = await h.request(pathOf("checklists", {}), { cookie: who.cookie });
    return {
      status: response.status,
      body: response.status === 200 ? checklistsPage.parse(await response.json()) : null,
    };
  };
  const save = (credential: string, items: string[], who = admin) =>
    h.request(pathOf("saveChecklist", { credential }), {
      method: "PATCH",
      cookie: who.cookie,
      json: { items },
    });

  it("lists every credential's shipped checklist until an admin changes one", async () => {
    const { body } = await read();
    expect(body?.checklists.map((list) => [list.credential, list.edited])).toEqual([
      ["RN", false],
      ["LPN", false],
      ["CNA", false],
      ["NP", false],
    ]);
    expect(body?.checklists[0]?.items).toEqual(defaultItemIds("RN"));
    expect(body?.catalog.map((entry) => entry.name)).toContain("CNA certification");
    expect(body?.catalog.find((entry) => entry.id === "reference-1")).toMatchObject({ document: false });
  });

  it("answers 404 to recruiters and sales, as if the checklists did not exist", async () => {
    for (const who of [recruiter, seller]) {
      expect((await read(who)).status).toBe(404);
      expect((await save("RN", ["bls"], who)).status).toBe(404);
    }
    expect((await read()).body?.checklists.every((list) => !list.edited)).toBe(true);
  });

  it("saves a change, audits it, and copies it into the next lead's checklist", async () => {
    const items = defaultItemIds("CNA").filter((id) => id !== "flu");
    const response = await save("CNA", items);
    expect(checklistSchema.parse(await response.json())).toEqual({ credential: "CNA", items, edited: true });
    expect((await read()).body?.checklists.find((list) => list.credential === "CNA")).toEqual({
      credential: "CNA",
      items,
      edited: true,
    });

    const leadId = await h.seedLead("nurse-application", {
      name: "Someone Private",
      email: "nurse@example.com",
    });
    await requestDocuments(h.store, { leadId, credential: "CNA", by: null, now: Date.now() });
    const keys = (await h.store.credentials.items(leadId)).map((item) => item.key);
    expect(keys).toHaveLength(items.length);
    expect(keys).not.toContain("flu");

    const audit = auditPageAnswer.parse(await (await h.request("/audit", { cookie: admin.cookie })).json());
    expect(audit.entries.find((entry) => entry.action === "checklist_changed")).toMatchObject({
      actor: { email: admin.email },
      detail: `CNA: ${items.length} items`,
    });
  });

  it("refuses an empty list, an unknown item, a repeat, two licenses and an unknown credential", async () => {
    const refusal = async (response: Response) => [
      response.status,
      errorAnswer.parse(await response.json()).error,
    ];
    expect(await refusal(await save("RN", []))).toEqual([422, "bad_checklist"]);
    expect(await refusal(await save("RN", ["bls", "passport"]))).toEqual([422, "bad_checklist"]);
    expect(await refusal(await save("RN", ["bls", "bls"]))).toEqual([422, "bad_checklist"]);
    expect(await refusal(await save("RN", ["rn-license", "lpn-license"]))).toEqual([422, "bad_checklist"]);
    expect(await refusal(await save("XX", ["bls"]))).toEqual([404, "not_found"]);
    expect((await read()).body?.checklists.find((list) => list.credential === "RN")?.edited).toBe(false);
  });
});
