import { CompiledQuery } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { type LeadList, type LeadPage, leadListAnswer, leadPageAnswer } from "../../../staff/leads-api.ts";
import { leadScopeOf } from "../../../staff/permissions.ts";
import { openingValuesOf } from "../../../test-support/openings.ts";
import type { StaffMemberFixture } from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import { staffHarnessFixture } from "../../../test-support/vitest-fixtures.ts";

const T0 = Date.UTC(2026, 10, 2, 15);
const NURSE = { lastName: "Seacole", email: "mary@example.com", consent: "on" };

/** The cells of a CSV where every cell is quoted (as the export writes it), by row. */
const cellsOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n")
    .map((line) =>
      [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => (match[1] ?? "").replaceAll('""', '"')),
    );

/**
 * Applications tied to an opening in the staff API, on both databases: the inbox row names the opening, the
 * credential and the years of experience; the Opening filter and its counts; the lead page; the export's column.
 */
describe.each(DIALECTS)("openings in the inbox on %s", (dialect) => {
  const h = staffHarnessFixture(dialect);
  let admin: StaffMemberFixture;
  let recruiter: StaffMemberFixture;
  let seller: StaffMemberFixture;
  const opening = { nights: "", days: "", hostile: "", unused: "" };
  const lead = { nights1: "", nights2: "", days: "", hostile: "", general: "", request: "" };

  const list = async (who: StaffMemberFixture, query = "") => {
    const response = await h.request(`/leads${query}`, { cookie: who.cookie });
    expect(response.status).toBe(200);
    return leadListAnswer.parse(await response.json()) as LeadList;
  };

  beforeAll(async () => {
    admin = await h.addStaff("admin");
    recruiter = await h.addStaff("recruiting");
    seller = await h.addStaff("sales");
    let created = 0;
    const create = async (title: string) =>
      (await h.store.openings.create(openingValuesOf(title), T0 + created++)).id;
    opening.nights = await create("Night Shift RN, Med-Surg (Albany Medical Center, 12-hour nights)");
    opening.days = await create("Day Shift LPN");
    opening.hostile = await create('=HYPERLINK("https://evil.example","Pay, "bonus"")');
    opening.unused = await create("School Nurse, Troy");
    const apply = async (
      minutes: number,
      fields: Record<string, string>,
      openingId: string | null,
      formId = "nurse-application",
    ) => {
      const id = await h.seedLead(formId, { ...NURSE, ...fields }, { createdAt: T0 + minutes * 60_000 });
      await h.db.updateTable("leads").set({ opening_id: openingId }).where("id", "=", id).execute();
      return id;
    };
    lead.nights1 = await apply(1, { firstName: "Ann", credential: "RN", experience: "5+" }, opening.nights);
    lead.nights2 = await apply(2, { firstName: "Bea", credential: "RN", experience: "1-3" }, opening.nights);
    lead.days = await apply(3, { firstName: "Cat", credential: "LPN", experience: "0-1" }, opening.days);
    lead.hostile = await apply(4, { firstName: "Dee", credential: "CNA" }, opening.hostile);
    lead.general = await apply(5, { firstName: "Eve", credential: "NP", experience: "3-5" }, null);
    lead.request = await apply(6, { name: "Grace Hopper", company: "Navy Yard" }, null, "staffing-request");
  });

  it("names each application's opening, credential and years of experience in its row", async () => {
    const rows = new Map((await list(recruiter)).leads.map((row) => [row.id, row]));
    expect(rows.get(lead.nights1)).toMatchObject({
      opening: {
        id: opening.nights,
        title: "Night Shift RN, Med-Surg (Albany Medical Center, 12-hour nights)",
      },
      credential: "RN",
      experience: "5+ years",
    });
    expect(rows.get(lead.days)).toMatchObject({
      opening: { id: opening.days, title: "Day Shift LPN" },
      credential: "LPN",
      experience: "0-1 years",
    });
    expect(rows.get(lead.hostile)).toMatchObject({ credential: "CNA", experience: null });
    expect(rows.get(lead.general)).toMatchObject({
      opening: null,
      credential: "NP",
      experience: "3-5 years",
    });
    const request = (await list(admin)).leads.find((row) => row.id === lead.request);
    expect(request).toMatchObject({ opening: null, credential: null, experience: null });
  });

  it("filters by opening, counting each opening's applications under the other filters", async () => {
    const all = await list(recruiter);
    // The most applications first, then the newest opening.
    expect(all.counts.openings).toEqual([
      { id: opening.nights, title: expect.stringContaining("Night Shift RN"), count: 2 },
      { id: opening.hostile, title: expect.stringContaining("HYPERLINK"), count: 1 },
      { id: opening.days, title: "Day Shift LPN", count: 1 },
    ]);

    const nights = await list(recruiter, `?opening=${opening.nights}`);
    expect(nights.leads.map((row) => row.id)).toEqual([lead.nights2, lead.nights1]);
    expect(nights.total).toBe(2);
    // The Opening filter's own counts leave it out; the other counts apply it.
    expect(nights.counts.openings.map((entry) => entry.count)).toEqual([2, 1, 1]);
    expect(nights.counts.statuses).toEqual({ New: 2 });

    // Under another filter, the chosen opening stays offered though none of its applications match.
    const chosen = await list(recruiter, `?opening=${opening.unused}&q=bea`);
    expect(chosen.leads).toEqual([]);
    expect(chosen.counts.openings).toEqual([
      { id: opening.nights, title: expect.stringContaining("Night Shift RN"), count: 1 },
      { id: opening.unused, title: "School Nurse, Troy", count: 0 },
    ]);
  });

  it.runIf(dialect === "sqlite")(
    "counts the openings from leads_by_opening and finds an opening's page there, never scanning every lead",
    async () => {
      const scope = leadScopeOf("admin");
      for (const query of [
        h.store.inbox.openingCountsQuery(scope, {}).compile(),
        h.store.inbox.openingCountsQuery(scope, { status: "New", openingId: opening.days }).compile(),
        h.store.inbox.pageQuery(scope, { openingId: opening.days }).limit(50).compile(),
      ]) {
        const plan = await h.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
        );
        const steps = plan.rows.map((row) => row.detail);
        expect(
          steps.some((step) => /^SEARCH l USING INDEX leads_by_opening\b/.test(step)),
          steps.join("\n"),
        ).toBe(true);
        expect(steps.filter((step) => /^SCAN l\b/.test(step))).toEqual([]);
      }
    },
  );

  it("offers the sales role no openings: it sees no applications", async () => {
    const sales = await list(seller);
    expect(sales.counts.openings).toEqual([]);
    expect((await list(seller, `?opening=${opening.nights}`)).leads).toEqual([]);
  });

  it("names the opening on the lead page", async () => {
    const page = async (id: string) => {
      const response = await h.request(`/leads/${id}`, { cookie: recruiter.cookie });
      expect(response.status).toBe(200);
      return leadPageAnswer.parse(await response.json()) as LeadPage;
    };
    expect((await page(lead.days)).lead.opening).toEqual({ id: opening.days, title: "Day Shift LPN" });
    expect((await page(lead.general)).lead.opening).toBeNull();
  });

  it("exports the opening's title in its own column, a formula defused, empty for none", async () => {
    const response = await h.request("/export.csv", { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const [header = [], ...rows] = cellsOf(await response.text());
    const cell = (id: string) => rows.find((row) => row[0] === id)?.[header.indexOf("opening")];
    expect(header.slice(0, 7)).toEqual([
      "id",
      "form",
      "created_at",
      "status",
      "assignee",
      "delivery",
      "opening",
    ]);
    expect(cell(lead.nights1)).toBe("Night Shift RN, Med-Surg (Albany Medical Center, 12-hour nights)");
    expect(cell(lead.hostile)).toBe(`'=HYPERLINK("https://evil.example","Pay, "bonus"")`);
    expect(cell(lead.general)).toBe("");
    expect(cell(lead.request)).toBe("");

    const filtered = await h.request(`/export.csv?opening=${opening.days}`, { cookie: admin.cookie });
    expect(
      cellsOf(await filtered.text())
        .slice(1)
        .map((row) => row[0]),
    ).toEqual([lead.days]);
  });
});
