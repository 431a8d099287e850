import { beforeAll, describe, expect, it } from "vitest";
import { errorAnswer } from "../../../staff/api.ts";
import { type ReportsAnswer, reportsAnswer } from "../../../staff/reports-api.ts";
import type { StaffMemberFixture } from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import { staffHarnessFixture } from "../../../test-support/vitest-fixtures.ts";

const at = (iso: string) => Date.parse(iso);

const DEMO = { name: "Grace Hopper", email: "grace@example.com", company: "Navy Yard Clinic" };
const NURSE = { firstName: "Mary", lastName: "Seacole", email: "mary@example.com", consent: "on" };

/**
 * GET /api/staff/reports on both databases, in the default business time zone (America/New_York), around the
 * start of daylight saving time on Sunday 8 March 2026: weeks are Mondays there, whatever UTC or a fixed offset
 * would say. Every answer is parsed with the contract's own schema.
 */
describe.each(DIALECTS)("the reports on %s", (dialect) => {
  const h = staffHarnessFixture(dialect);
  let admin: StaffMemberFixture;
  let recruiter: StaffMemberFixture;
  let seller: StaffMemberFixture;
  const ids = { saturday: "", sundayNight: "", mondayEarly: "", application: "", spam: "", before: "" };

  /** A first response stamped straight on the lead, as a reply, a call or a status change would stamp it. */
  const respond = (id: string, when: number) =>
    h.db.updateTable("leads").set({ first_response_at: when }).where("id", "=", id).execute();

  const reports = async (who: StaffMemberFixture, query = "") => {
    const response = await h.request(`/reports${query}`, { cookie: who.cookie });
    expect(response.status).toBe(200);
    const body: unknown = await response.json();
    const parsed = reportsAnswer.safeParse(body);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toEqual(body);
    return parsed.data as ReportsAnswer;
  };

  beforeAll(async () => {
    admin = await h.addStaff("admin");
    recruiter = await h.addStaff("recruiting");
    seller = await h.addStaff("sales");
    const ad = { utm_campaign: "spring", referrer: "https://search.example" };
    // Saturday 7 March, 23:30 EST: the week of Monday 2 March (UTC already says Sunday 8th).
    ids.saturday = await h.seedLead("chartassist-demo", DEMO, {
      createdAt: at("2026-03-08T04:30:00Z"),
      dueAt: at("2026-03-09T17:00:00Z"),
      source: ad,
    });
    // Sunday 8 March, 23:30 EDT: still the week of 2 March (UTC says Monday 9th).
    ids.sundayNight = await h.seedLead("chartassist-demo", DEMO, {
      createdAt: at("2026-03-09T03:30:00Z"),
      dueAt: at("2026-03-09T17:00:00Z"),
      source: ad,
    });
    // Monday 9 March, 00:30 EDT: the week of 9 March (a fixed EST offset would say Sunday 23:30).
    ids.mondayEarly = await h.seedLead("chartassist-demo", DEMO, {
      createdAt: at("2026-03-09T04:30:00Z"),
      dueAt: at("2026-03-09T17:00:00Z"),
    });
    ids.application = await h.seedLead("nurse-application", NURSE, {
      createdAt: at("2026-03-10T14:00:00Z"),
      dueAt: at("2026-03-12T14:00:00Z"),
      source: { utm_campaign: "nurses", referrer: "https://jobs.example" },
    });
    ids.spam = await h.seedLead("chartassist-demo", DEMO, {
      createdAt: at("2026-03-10T14:00:00Z"),
      state: "spam",
      source: ad,
    });
    // Sunday 1 March, 23:59 EST: before the range.
    ids.before = await h.seedLead("chartassist-demo", DEMO, { createdAt: at("2026-03-02T04:59:00Z") });
    // Answered in 90 minutes (within), in 14 h 30 min (missed: after 9 March 17:00 UTC), and never.
    await respond(ids.saturday, at("2026-03-08T06:00:00Z"));
    await respond(ids.sundayNight, at("2026-03-09T18:00:00Z"));
    await respond(ids.application, at("2026-03-10T16:00:00Z"));
    // The application reached Screening and then Hired; a request was contacted and won.
    for (const status of ["Screening", "Hired"])
      expect(
        (
          await h.request(`/leads/${ids.application}`, {
            cookie: admin.cookie,
            method: "PATCH",
            json: { status },
          })
        ).status,
      ).toBe(200);
    for (const status of ["Contacted", "Won"])
      expect(
        (
          await h.request(`/leads/${ids.saturday}`, {
            cookie: admin.cookie,
            method: "PATCH",
            json: { status },
          })
        ).status,
      ).toBe(200);
  });

  it("counts each lead in its Monday week of the business time zone across the change to daylight time", async () => {
    const answer = await reports(admin, "?from=2026-03-02&to=2026-03-15");
    expect(answer.from).toBe("2026-03-02");
    expect(answer.to).toBe("2026-03-15");
    expect(answer.weeks.map((week) => week.weekStart)).toEqual(["2026-03-02", "2026-03-09"]);
    const [first, second] = answer.weeks;
    expect(first?.forms["chartassist-demo"]).toEqual({
      leads: 2,
      answered: 2,
      answeredWithinPromise: 1,
      medianFirstResponseMinutes: (90 + 14.5 * 60) / 2,
    });
    expect(second?.forms["chartassist-demo"]).toEqual({
      leads: 1,
      answered: 0,
      answeredWithinPromise: 0,
      medianFirstResponseMinutes: null,
    });
    expect(second?.forms["nurse-application"]).toEqual({
      leads: 1,
      answered: 1,
      answeredWithinPromise: 1,
      medianFirstResponseMinutes: 120,
    });
    // Every form the admin may see, in every week, even without leads.
    for (const week of answer.weeks)
      expect(Object.keys(week.forms).sort()).toEqual(
        [
          "careworks-demo",
          "chartassist-demo",
          "nurse-application",
          "payroll-info",
          "staffing-request",
        ].sort(),
      );
  });

  it("cuts the first and last weeks to the range", async () => {
    const answer = await reports(admin, "?from=2026-03-08&to=2026-03-09");
    expect(answer.weeks.map((week) => week.weekStart)).toEqual(["2026-03-02", "2026-03-09"]);
    // Saturday's lead is before the range; Sunday night's and Monday's are in it.
    expect(answer.weeks.map((week) => week.forms["chartassist-demo"]?.leads)).toEqual([1, 1]);
  });

  it("counts the statuses each lead reached, per kind, and the sources' conversions, without spam", async () => {
    const answer = await reports(admin, "?from=2026-03-02&to=2026-03-15");
    expect(answer.pipeline.requests).toEqual({ New: 3, Contacted: 1, Won: 1 });
    expect(answer.pipeline.applications).toEqual({ New: 1, Screening: 1, Hired: 1 });
    // The most leads first, then by name, the leads without one last.
    expect(answer.campaigns).toEqual([
      { value: "spring", leads: 2, conversions: 1 },
      { value: "nurses", leads: 1, conversions: 1 },
      { value: null, leads: 1, conversions: 0 },
    ]);
    expect(answer.referrers.find((source) => source.value === "https://search.example")).toEqual({
      value: "https://search.example",
      leads: 2,
      conversions: 1,
    });
  });

  it("gives each role only its own forms' numbers", async () => {
    const recruiting = await reports(recruiter, "?from=2026-03-02&to=2026-03-15");
    for (const week of recruiting.weeks) expect(Object.keys(week.forms)).toEqual(["nurse-application"]);
    expect(recruiting.pipeline).toEqual({ requests: null, applications: { New: 1, Screening: 1, Hired: 1 } });
    expect(recruiting.campaigns).toEqual([{ value: "nurses", leads: 1, conversions: 1 }]);
    expect(recruiting.referrers).toEqual([{ value: "https://jobs.example", leads: 1, conversions: 1 }]);

    const sales = await reports(seller, "?from=2026-03-02&to=2026-03-15");
    for (const week of sales.weeks) expect(Object.keys(week.forms)).not.toContain("nurse-application");
    expect(sales.pipeline.applications).toBeNull();
    expect(sales.campaigns.map((source) => source.value)).not.toContain("nurses");
  });

  it("shows the last 12 weeks to the business date of its clock when no range is asked for", async () => {
    // 06:00 UTC is 02:00 EDT on Monday 9 March: the week under way is that Monday's, to the end of that day.
    h.advance(at("2026-03-09T06:00:00Z") - Date.now());
    try {
      const answer = await reports(admin);
      expect(answer.to).toBe("2026-03-09");
      expect(answer.from).toBe("2025-12-22");
      expect(answer.weeks).toHaveLength(12);
      expect(answer.weeks.slice(-3).map((week) => week.forms["chartassist-demo"]?.leads)).toEqual([1, 2, 1]);
    } finally {
      h.advance(Date.now() - at("2026-03-09T06:00:00Z"));
    }
  });

  it("refuses a bad range with a 422 that says what is wrong", async () => {
    for (const [query, words] of [
      ["?from=2026-03-02", "both from and to"],
      ["?from=2026-03-09&to=2026-03-02", "must not be before from"],
      ["?from=2024-01-01&to=2026-03-02", "less than 731 days"],
      ["?from=2026-02-30&to=2026-03-02", "must be a date"],
      ["?from=yesterday&to=today", "must be a date"],
    ] as const) {
      const response = await h.request(`/reports${query}`, { cookie: admin.cookie });
      expect(response.status, query).toBe(422);
      const body = errorAnswer.parse(await response.json());
      expect(body.error).toBe("bad_filter");
      expect(body.message).toContain(words);
    }
    expect((await h.request("/reports")).status).toBe(401);
  });

  it("audits each view with its range and no numbers", async () => {
    await reports(seller, "?from=2026-03-02&to=2026-03-15");
    const entry = await h.db
      .selectFrom("staff_audit")
      .select(["action", "detail", "lead_id"])
      .where("actor_id", "=", seller.id)
      .orderBy("at", "desc")
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ action: "reports_viewed", detail: "2026-03-02 to 2026-03-15", lead_id: null });
  });
});
