import { Temporal } from "temporal-polyfill";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../../leads/credential-status.ts";
import { leadListAnswer } from "../../../staff/leads-api.ts";
import type { StaffMemberFixture } from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import { staffHarnessFixture } from "../../../test-support/vitest-fixtures.ts";
import { requestDocuments } from "../../documents/document-links.ts";
import { newId } from "../../store/ids.ts";

/** Today in the business time zone (BUSINESS_TIMEZONE's default), as item statuses are read. */
const today = () => Temporal.Now.plainDateISO("America/New_York").toString();

/**
 * The inbox's "Documents" filter and the rows' progress over the real store: each filter keeps the applications
 * whose checklist stands so, and a row says how many of its items are done.
 */
describe.each(DIALECTS)("the inbox's Documents filter on %s", (dialect) => {
  const h = staffHarnessFixture(dialect);
  let recruiter: StaffMemberFixture;
  const leads = {} as Record<
    "none" | "requested" | "incomplete" | "complete" | "expiring" | "expired",
    string
  >;

  /** An application whose CNA checklist was requested, its items received valid through the day given (null: no expiry; "*": every other item) (null: no expiry). */
  async function application(name: string, received: Record<string, string | null> | null) {
    const leadId = await h.seedLead("nurse-application", {
      firstName: name,
      lastName: "Private",
      email: `${name}@example.com`,
    });
    if (received === null) return leadId;
    await requestDocuments(h.store, { leadId, credential: "CNA", by: null, now: Date.now() });
    const items = await h.store.credentials.items(leadId);
    for (const item of items) {
      const through = item.key in received ? received[item.key] : received["*"];
      if (through === undefined) continue;
      await h.store.credentials.submit({
        id: newId(),
        leadId,
        itemId: item.id,
        fields: {},
        file: null,
        validThrough: through,
        now: Date.now(),
      });
    }
    return leadId;
  }

  beforeAll(async () => {
    recruiter = await h.addStaff("recruiting");
    const far = addDays(today(), 400);
    leads.none = await application("none", null);
    leads.requested = await application("requested", {});
    leads.incomplete = await application("incomplete", { "photo-id": null, license: far });
    leads.complete = await application("complete", { "*": null, license: far, bls: far, tb: far, flu: far });
    leads.expiring = await application("expiring", { "*": null, bls: addDays(today(), 10) });
    leads.expired = await application("expired", { "*": null, bls: addDays(today(), -1) });
  });

  const list = async (documents?: string) => {
    const response = await h.request(`/leads${documents ? `?documents=${documents}` : ""}`, {
      cookie: recruiter.cookie,
    });
    expect(response.status).toBe(200);
    return leadListAnswer.parse(await response.json()).leads;
  };

  it("keeps the applications whose checklist stands as the filter says", async () => {
    const ids = async (filter: string) => (await list(filter)).map((row) => row.id).sort();
    expect(await ids("requested")).toEqual([leads.requested]);
    expect(await ids("incomplete")).toEqual([leads.incomplete, leads.expiring, leads.expired].sort());
    expect(await ids("complete")).toEqual([leads.complete]);
    expect(await ids("expiring")).toEqual([leads.expiring]);
    expect(await ids("expired")).toEqual([leads.expired]);
    expect((await h.request("/leads?documents=lost", { cookie: recruiter.cookie })).status).toBe(422);
  });

  it("shows each row's progress, done being submitted or verified and not expiring or expired", async () => {
    const rows = new Map((await list()).map((row) => [row.id, row.documents]));
    const total = (await h.store.credentials.items(leads.complete)).length;
    expect(rows.get(leads.none)).toBeNull();
    expect(rows.get(leads.requested)).toEqual({ done: 0, total });
    expect(rows.get(leads.incomplete)).toEqual({ done: 2, total });
    expect(rows.get(leads.complete)).toEqual({ done: total, total });
    expect(rows.get(leads.expiring)).toEqual({ done: total - 1, total });
    expect(rows.get(leads.expired)).toEqual({ done: total - 1, total });
  });
});
