import { CompiledQuery } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { SOURCE_MAX } from "../../../leads/source.ts";
import { NO_SOURCE_VALUE } from "../../../leads/source-labels.ts";
import { SOURCE_COUNT_LIMIT } from "../../../staff/limits.ts";
import { leadScopeOf } from "../../../staff/permissions.ts";
import type { StaffMemberFixture } from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import { staffHarnessFixture } from "../../../test-support/vitest-fixtures.ts";

// Lead sources in the inbox: each lead's source on its page, the list filtered and counted by campaign and by
// referrer (within the role's forms), and the CSV export carrying the source columns.

interface SourceCount {
  value: string | null;
  count: number;
}
interface ListPage {
  leads: { id: string }[];
  total: number;
  counts: {
    forms: Record<string, number>;
    statuses: Record<string, number>;
    campaigns: SourceCount[];
    referrers: SourceCount[];
  };
}

describe.each(DIALECTS)("lead sources in the staff inbox on %s", (dialect) => {
  const h = staffHarnessFixture(dialect);
  let admin: StaffMemberFixture;
  let recruiter: StaffMemberFixture;
  let seller: StaffMemberFixture;
  const ids = { fallDemo: "", fallApplication: "", newsDemo: "", direct: "", springPayroll: "" };
  const newsletter = "https://news.example.org";

  beforeAll(async () => {
    admin = await h.addStaff("admin");
    recruiter = await h.addStaff("recruiting");
    seller = await h.addStaff("sales");
    const at = Date.now() - 60_000;
    ids.fallDemo = await h.seedLead(
      "chartassist-demo",
      { name: "Ada Fall", email: "ada@example.com", company: "Fall Clinic" },
      {
        createdAt: at,
        source: {
          source_page: "/chart-assist",
          landing_page: "/",
          referrer: newsletter,
          utm_source: "newsletter",
          utm_medium: "email",
          utm_campaign: "fall",
        },
      },
    );
    ids.fallApplication = await h.seedLead(
      "nurse-application",
      { firstName: "Bea", lastName: "Fall", email: "bea@example.com", consent: "on" },
      { createdAt: at + 1, source: { source_page: "/careers", landing_page: "/", utm_campaign: "fall" } },
    );
    ids.newsDemo = await h.seedLead(
      "careworks-demo",
      { name: "Cy News", email: "cy@example.com", organization: "News Health" },
      { createdAt: at + 2, source: { source_page: "/health-admin", referrer: newsletter } },
    );
    ids.direct = await h.seedLead(
      "staffing-request",
      { name: "Di Rect", email: "di@example.com", facility: "Direct Care" },
      { createdAt: at + 3, source: { source_page: "/carestaff" } },
    );
    ids.springPayroll = await h.seedLead(
      "payroll-info",
      { name: "Ed Spring", email: "ed@example.com", organization: "Spring Home" },
      {
        createdAt: at + 4,
        source: { source_page: "/carestaff/pass-through-payroll", utm_campaign: "spring" },
      },
    );
  });

  const get = (who: StaffMemberFixture, pathname: string) => h.request(pathname, { cookie: who.cookie });
  const listOf = async (who: StaffMemberFixture, query = "") => {
    const response = await get(who, `/leads${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as ListPage;
  };
  const idsOf = (page: ListPage) => page.leads.map((lead) => lead.id);

  it("shows every recorded source field on the lead page, and nothing for a field not recorded", async () => {
    const page = (await (await get(admin, `/leads/${ids.fallDemo}`)).json()) as {
      lead: { source: Record<string, string> };
    };
    expect(page.lead.source).toEqual({
      source_page: "/chart-assist",
      landing_page: "/",
      referrer: newsletter,
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "fall",
    });
    const direct = (await (await get(admin, `/leads/${ids.direct}`)).json()) as {
      lead: { source: Record<string, string> };
    };
    expect(direct.lead.source).toEqual({ source_page: "/carestaff" });
  });

  it("filters by campaign and by referrer, and by their absence", async () => {
    expect(idsOf(await listOf(admin, "?campaign=fall"))).toEqual([ids.fallApplication, ids.fallDemo]);
    expect(idsOf(await listOf(admin, `?referrer=${encodeURIComponent(newsletter)}`))).toEqual([
      ids.newsDemo,
      ids.fallDemo,
    ]);
    expect(idsOf(await listOf(admin, `?campaign=fall&referrer=${encodeURIComponent(newsletter)}`))).toEqual([
      ids.fallDemo,
    ]);
    const none = encodeURIComponent(NO_SOURCE_VALUE);
    expect(idsOf(await listOf(admin, `?campaign=${none}`))).toEqual([ids.direct, ids.newsDemo]);
    expect(idsOf(await listOf(admin, `?campaign=${none}&referrer=${none}`))).toEqual([ids.direct]);
    expect((await listOf(admin, "?campaign=FALL")).total).toBe(0);
    // Taken as values, never as patterns or SQL.
    for (const hostile of ["%", "fa_l", "' OR '1'='1", "fall' --"])
      expect((await listOf(admin, `?campaign=${encodeURIComponent(hostile)}`)).total).toBe(0);
    expect((await listOf(admin, "?campaign=fall&form=nurse-application")).total).toBe(1);
  });

  it("counts by campaign and by referrer under the other filters, most leads first", async () => {
    const all = await listOf(admin);
    expect(all.counts.campaigns).toEqual([
      { value: "fall", count: 2 },
      { value: null, count: 2 },
      { value: "spring", count: 1 },
    ]);
    expect(all.counts.referrers).toEqual([
      { value: null, count: 3 },
      { value: newsletter, count: 2 },
    ]);
    // A campaign filter narrows the other counts and the total, but not the campaign menu itself.
    const fall = await listOf(admin, "?campaign=fall");
    expect(fall.total).toBe(2);
    expect(fall.counts.campaigns).toEqual(all.counts.campaigns);
    expect(fall.counts.referrers).toEqual([
      { value: newsletter, count: 1 },
      { value: null, count: 1 },
    ]);
    expect(fall.counts.forms).toMatchObject({
      "chartassist-demo": 1,
      "nurse-application": 1,
      "payroll-info": 0,
    });
    const news = await listOf(admin, `?referrer=${encodeURIComponent(newsletter)}&status=New`);
    expect(news.counts.campaigns).toEqual([
      { value: "fall", count: 1 },
      { value: null, count: 1 },
    ]);
  });

  it("counts and filters only within the role's forms", async () => {
    const recruiting = await listOf(recruiter);
    expect(recruiting.counts.campaigns).toEqual([{ value: "fall", count: 1 }]);
    expect(recruiting.counts.referrers).toEqual([{ value: null, count: 1 }]);
    expect(idsOf(await listOf(recruiter, `?referrer=${encodeURIComponent(newsletter)}`))).toEqual([]);
    expect(idsOf(await listOf(recruiter, "?campaign=spring"))).toEqual([]);
    const sales = await listOf(seller);
    expect(sales.counts.campaigns).toEqual([
      { value: null, count: 2 },
      { value: "fall", count: 1 },
      { value: "spring", count: 1 },
    ]);
    expect(idsOf(await listOf(seller, "?campaign=fall"))).toEqual([ids.fallDemo]);
  });

  it(`lists at most ${SOURCE_COUNT_LIMIT} campaigns, and any campaign stays filterable`, async () => {
    const extra: string[] = [];
    for (let n = 0; n <= SOURCE_COUNT_LIMIT; n++)
      extra.push(
        await h.seedLead(
          "payroll-info",
          { name: `Many ${n}`, email: `many${n}@example.com`, organization: "Many" },
          { source: { utm_campaign: `wave-${String(n).padStart(2, "0")}` } },
        ),
      );
    const page = await listOf(admin);
    expect(page.counts.campaigns).toHaveLength(SOURCE_COUNT_LIMIT);
    expect(page.counts.campaigns.slice(0, 2)).toEqual([
      { value: "fall", count: 2 },
      { value: null, count: 2 },
    ]);
    expect(idsOf(await listOf(admin, `?campaign=wave-${SOURCE_COUNT_LIMIT}`))).toEqual([extra.at(-1)]);
  });

  it.runIf(dialect === "sqlite")(
    "counts from the covering index alone, with or without a source filter (no lead row read)",
    async () => {
      const inbox = h.store.inbox;
      for (const filters of [{}, { campaign: "fall" }, { referrer: null, status: "New" }]) {
        const query = inbox.countsQuery(leadScopeOf("admin"), filters).compile();
        const plan = await h.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
        );
        const steps = plan.rows.map((row) => row.detail);
        expect(steps.some((step) => /USING COVERING INDEX leads_inbox\b/.test(step))).toBe(true);
        expect(steps.filter((step) => /^SCAN l\b(?! USING COVERING)/.test(step))).toEqual([]);
      }
    },
  );

  it.runIf(dialect === "sqlite")(
    "finds a search's leads through the covering index alone, reading only the matches' rows",
    async () => {
      const inbox = h.store.inbox;
      const query = inbox.pageQuery(leadScopeOf("admin"), { q: "quinn" }).limit(50).compile();
      const plan = await h.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
      );
      const steps = plan.rows.map((row) => row.detail);
      expect(steps.some((step) => /USING COVERING INDEX leads_inbox\b/.test(step))).toBe(true);
      // The matches' rows by rowid, never a scan of every lead's row.
      expect(steps.some((step) => /SEARCH l USING INTEGER PRIMARY KEY \(rowid=\?\)/.test(step))).toBe(true);
      expect(steps.filter((step) => /^SCAN l\b(?! USING COVERING)/.test(step))).toEqual([]);
    },
  );

  it("refuses an overlong filter value with a clear error", async () => {
    const response = await get(admin, `/leads?campaign=${"x".repeat(SOURCE_MAX + 1)}`);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      error: "bad_filter",
      message: expect.stringMatching(/campaign/),
    });
  });

  it("exports the source columns with the filter applied, only within the role", async () => {
    const csv = await (await get(admin, "/export.csv?campaign=fall")).text();
    const [header = "", ...rows] = csv.trim().split(/\r?\n/);
    const columns = header.split(",").map((cell) => cell.replaceAll('"', ""));
    for (const label of [
      "Form page",
      "Landing page",
      "Referring site",
      "UTM source",
      "UTM medium",
      "Campaign",
    ])
      expect(columns).toContain(label);
    expect(rows).toHaveLength(2);
    const cells = (row: string) => row.split(",").map((cell) => cell.replaceAll('"', ""));
    const demo = cells(rows.find((row) => row.includes(ids.fallDemo)) ?? "");
    expect(demo[columns.indexOf("Campaign")]).toBe("fall");
    expect(demo[columns.indexOf("Referring site")]).toBe(newsletter);
    expect(demo[columns.indexOf("Form page")]).toBe("/chart-assist");

    const recruiting = await (await get(recruiter, "/export.csv?campaign=fall")).text();
    expect(recruiting).toContain(ids.fallApplication);
    expect(recruiting).not.toContain(ids.fallDemo);
  });
});
