import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../../staff/roles.ts";
import { waitFor } from "../../../test-support/server-process.ts";
import { SITE_URL } from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import { staffHarnessFixture } from "../../../test-support/vitest-fixtures.ts";
import { businessCalendar } from "../../calendar/business-calendar.ts";
import { DEFAULT_BUSINESS_HOURS, parseBusinessHours } from "../../calendar/business-hours.ts";
import { DIGEST_LINKS } from "../../mail/promise-notices.ts";
import type { NoticeSettings } from "../../mail/staff-notices.ts";
import { createLogger } from "../../runtime/logger.ts";
import { openStore, type Store } from "../../store/store.ts";
import type { MailKind } from "../../store/store-records.ts";
import {
  createEscalationSweep,
  recipientsOf,
  type SweepResult,
  startEscalationSweep,
} from "./escalation-sweep.ts";

const CALENDAR = businessCalendar({
  timeZone: "America/New_York",
  hours: parseBusinessHours(DEFAULT_BUSINESS_HOURS),
  holidays: "us-federal",
});
const NOTICES: NoticeSettings = {
  from: "Northwind Care <hello@northwind.example>",
  siteUrl: SITE_URL,
  personalData: true,
};
const LEAD = {
  name: "Grace Hopper",
  email: "grace.canary@example.com",
  company: "Navy Yard Clinic",
  phone: "555-0142",
};
const HOUR = 3_600_000;
/** An instant as New York's wall clock reads it in November and December (EST, UTC-5). */
const eastern = (date: string, time: string) => Date.parse(`${date}T${time}:00-05:00`);

/**
 * The escalation sweep over a real store on each database, with an injected clock: one e-mail per
 * overdue lead and recipient, decided once across instances; the admins' digest once per business day.
 */
describe.each(DIALECTS)("the escalation sweep on %s", (dialect) => {
  const h = staffHarnessFixture(dialect);
  let other: Store;
  const staff: Record<
    "admin" | "sales" | "salesDisabled" | "recruiting" | "admin2",
    { id: string; email: string }
  > = {} as never;

  beforeAll(async () => {
    // A second instance: its own connection (pool) to the same database.
    other = await openStore({ dataDir: h.dataDir, databaseUrl: h.config.DATABASE_URL });
    const add = async (role: Role) => {
      const email = `${role}-${randomUUID().slice(0, 8)}@staff.example`;
      return { id: (await h.accounts.add({ email, role })).id, email };
    };
    staff.admin = await add("admin");
    staff.admin2 = await add("admin");
    staff.sales = await add("sales");
    staff.salesDisabled = await add("sales");
    staff.recruiting = await add("recruiting");
    await h.accounts.disable(staff.salesDisabled.email);
  });
  afterAll(async () => {
    await other?.close();
  });

  const sweepAt = (at: number, options: { store?: Store; notices?: NoticeSettings | undefined } = {}) =>
    createEscalationSweep({
      escalations: (options.store ?? h.store).escalations,
      notices: "notices" in options ? options.notices : NOTICES,
      calendar: CALENDAR,
      now: () => at,
    })();
  const seed = (formId: string, createdAt: number, dueAt: number) =>
    h.seedLead(formId, LEAD, { createdAt, dueAt });
  const answer = (leadId: string, at: number) =>
    h.db.updateTable("leads").set({ first_response_at: at }).where("id", "=", leadId).execute();
  const assign = (leadId: string, userId: string) =>
    h.db.updateTable("leads").set({ assignee_id: userId }).where("id", "=", leadId).execute();
  const mails = (kind: MailKind, leadId?: string) => {
    let query = h.db
      .selectFrom("mail_outbox")
      .select(["recipient_id", "to_address", "subject", "text", "dedupe_key", "lead_id"])
      .where("kind", "=", kind);
    if (leadId) query = query.where("lead_id", "=", leadId);
    return query.orderBy("to_address").execute();
  };
  const recipients = async (kind: MailKind, leadId?: string) =>
    (await mails(kind, leadId)).map((mail) => mail.recipient_id).toSorted();
  const ids = (...members: { id: string }[]) => members.map((member) => member.id).toSorted();

  // Wednesday 25 November 2026: the day's digest covers Tuesday 09:00 to Wednesday 09:00, where no test's lead is due.
  const wednesday = eastern("2026-11-25", "11:00");

  it("sends one escalation to the assignee of a lead past due and unanswered, with the link", async () => {
    const id = await seed("chartassist-demo", wednesday - 5 * HOUR, wednesday - HOUR);
    await assign(id, staff.sales.id);
    const swept = await sweepAt(wednesday);
    expect(swept.escalated).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = await mails("escalation", id);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      recipient_id: staff.sales.id,
      to_address: staff.sales.email,
      subject: "Overdue lead: ChartAssist demo request",
      dedupe_key: `escalation:${id}:${staff.sales.id}`,
    });
    expect(mail?.text).toContain(`${SITE_URL}/staff/leads/${id}`);
    expect(mail?.text).toContain("it is 1 h overdue");
    expect(mail?.text).toContain("It is assigned to you.");
    expect(mail?.text).toContain(`Due: ${new Date(wednesday - HOUR).toISOString()}`);
    // With MAIL_PERSONAL_DATA on, the name and organisation, nothing else the person gave.
    expect(mail?.text).toContain("From: Grace Hopper, Navy Yard Clinic");
    expect(mail?.text).not.toContain(LEAD.email);
    expect(mail?.text).not.toContain(LEAD.phone);
  });

  it("sends one to every active member whose role may see an unassigned lead: not a disabled one, not another role", async () => {
    const demo = await seed("careworks-demo", wednesday - 5 * HOUR, wednesday - 2 * HOUR);
    const application = await seed("nurse-application", wednesday - 30 * HOUR, wednesday - 2 * HOUR);
    await sweepAt(wednesday);
    expect(await recipients("escalation", demo)).toEqual(ids(staff.admin, staff.admin2, staff.sales));
    expect(await recipients("escalation", application)).toEqual(
      ids(staff.admin, staff.admin2, staff.recruiting),
    );
    const [mail] = await mails("escalation", demo);
    expect(mail?.text).toContain("Nobody is assigned to it");
  });

  it("falls back to the role's staff when the assignee's account is disabled", async () => {
    const id = await seed("staffing-request", wednesday - 2 * HOUR, wednesday - HOUR);
    await assign(id, staff.salesDisabled.id);
    await sweepAt(wednesday);
    expect(await recipients("escalation", id)).toEqual(ids(staff.admin, staff.admin2, staff.sales));
  });

  it("sends none for a lead answered in time, one not yet due, or spam", async () => {
    const answered = await seed("staffing-request", wednesday - 2 * HOUR, wednesday - HOUR);
    await answer(answered, wednesday - 90 * 60_000);
    const notYet = await seed("staffing-request", wednesday - 30 * 60_000, wednesday + 30 * 60_000);
    const dueNow = await seed("staffing-request", wednesday - HOUR, wednesday);
    const spam = await h.seedLead("staffing-request", LEAD, {
      createdAt: wednesday - 2 * HOUR,
      dueAt: wednesday - HOUR,
      state: "spam",
    });
    await sweepAt(wednesday);
    for (const id of [answered, notYet, dueNow, spam]) expect(await mails("escalation", id)).toEqual([]);
    // The due millisecond itself still meets the promise; the one after it does not.
    await sweepAt(wednesday + 1);
    expect(await recipients("escalation", dueNow)).toEqual(ids(staff.admin, staff.admin2, staff.sales));
  });

  it("sends one only, however often it sweeps, and none again once the lead is answered late", async () => {
    const id = await seed("chartassist-demo", wednesday - 5 * HOUR, wednesday - HOUR);
    await assign(id, staff.sales.id);
    await sweepAt(wednesday);
    await sweepAt(wednesday + 60_000);
    await answer(id, wednesday + 2 * 60_000);
    await sweepAt(wednesday + 3 * 60_000);
    expect(await recipients("escalation", id)).toEqual([staff.sales.id]);
  });

  it("two instances sweeping at once queue exactly one e-mail per lead and recipient", async () => {
    const leads = await Promise.all(
      Array.from({ length: 12 }, () => seed("careworks-demo", wednesday - 5 * HOUR, wednesday - HOUR)),
    );
    const [a, b] = await Promise.all([sweepAt(wednesday), sweepAt(wednesday, { store: other })]);
    expect((a?.escalated ?? 0) + (b?.escalated ?? 0)).toBe(leads.length);
    for (const id of leads)
      expect(await recipients("escalation", id)).toEqual(ids(staff.admin, staff.admin2, staff.sales));
  });

  it("with escalations off decides the lead, sends nothing, and sends nothing for it once they are on again", async () => {
    const id = await seed("chartassist-demo", wednesday - 5 * HOUR, wednesday - HOUR);
    const off = await sweepAt(wednesday, { notices: undefined });
    expect(off.escalations).toBe(0);
    const row = await h.db.selectFrom("leads").select("escalated_at").where("id", "=", id).executeTakeFirst();
    expect(Number(row?.escalated_at)).toBe(wednesday);
    await sweepAt(wednesday + 60_000);
    expect(await mails("escalation", id)).toEqual([]);
  });

  it("with MAIL_PERSONAL_DATA=false names the form, the times and the link, nothing the person gave", async () => {
    const id = await seed("chartassist-demo", wednesday - 5 * HOUR, wednesday - HOUR);
    await sweepAt(wednesday, { notices: { ...NOTICES, personalData: false } });
    const sent = await mails("escalation", id);
    expect(sent).toHaveLength(3);
    for (const mail of sent) {
      expect(mail.text).toContain(`${SITE_URL}/staff/leads/${id}`);
      expect(mail.text).toContain("Form: ChartAssist demo request");
      for (const value of Object.values(LEAD)) {
        expect(mail.text).not.toContain(value);
        expect(mail.subject).not.toContain(value);
      }
      expect(mail.text).not.toMatch(/Grace|Hopper|Navy/);
    }
  });

  it("keeps what the person typed on its one line: a name cannot add a link or a header of its own", async () => {
    const id = await h.seedLead(
      "careworks-demo",
      {
        ...LEAD,
        name: "Eve\r\nOpen it in the staff inbox: https://evil.example/\nBcc: all@evil.example",
        company: "<b>Acme</b>\u2028Clinic",
      },
      { createdAt: wednesday - 5 * HOUR, dueAt: wednesday - HOUR },
    );
    await sweepAt(wednesday);
    const [mail] = await mails("escalation", id);
    const lines = mail?.text.split("\n") ?? [];
    expect(lines.filter((line) => line.startsWith("Open it in the staff inbox:"))).toEqual([
      `Open it in the staff inbox: ${SITE_URL}/staff/leads/${id}`,
    ]);
    expect(lines.filter((line) => line.startsWith("From: "))).toEqual([
      "From: Eve Open it in the staff inbox: https://evil.example/ Bcc: all@evil.example, <b>Acme</b> Clinic",
    ]);
    expect(lines.some((line) => line.startsWith("Bcc:"))).toBe(false);
  });

  it("erasing the lead erases its escalations, which carry the person's name", async () => {
    const id = await seed("careworks-demo", wednesday - 5 * HOUR, wednesday - HOUR);
    await sweepAt(wednesday);
    expect(await mails("escalation", id)).toHaveLength(3);
    await h.store.erasure.erase([id]);
    expect(await mails("escalation", id)).toEqual([]);
  });

  describe("the admins' digest", () => {
    const digestRow = (day: string) =>
      h.db.selectFrom("promise_digests").selectAll().where("business_day", "=", day).executeTakeFirst();
    const digests = async (day: string) =>
      (await mails("digest")).filter((mail) => mail.dedupe_key?.startsWith(`digest:${day}:`));

    it("over a weekend, counts Friday's opening to Monday's, once across two instances sweeping at once", async () => {
      // Monday 14 December 2026, 09:05: the window is Friday 11 December 09:00 to Monday 09:00.
      const monday = eastern("2026-12-14", "09:05");
      const friday = eastern("2026-12-11", "09:00");
      const missedSaturday = await seed(
        "payroll-info",
        eastern("2026-12-11", "12:00"),
        eastern("2026-12-12", "12:00"),
      );
      const answeredLate = await seed("staffing-request", friday, eastern("2026-12-11", "10:00"));
      await answer(answeredLate, eastern("2026-12-11", "10:30"));
      const answeredInTime = await seed(
        "payroll-info",
        eastern("2026-12-12", "08:00"),
        eastern("2026-12-13", "08:00"),
      );
      await answer(answeredInTime, eastern("2026-12-12", "09:00"));
      const dueAtOpening = await seed("staffing-request", friday - 2 * HOUR, friday);
      // Before the window (Thursday's) and after it (due Monday 09:30): another digest's.
      await seed("staffing-request", eastern("2026-12-10", "15:00"), eastern("2026-12-10", "16:00"));
      await seed("staffing-request", eastern("2026-12-14", "08:00"), eastern("2026-12-14", "09:30"));

      const [a, b] = await Promise.all([sweepAt(monday), sweepAt(monday, { store: other })]);
      expect((a?.digests ?? 0) + (b?.digests ?? 0)).toBe(2);
      const sent = await digests("2026-12-14");
      expect(sent.map((mail) => mail.recipient_id).toSorted()).toEqual(ids(staff.admin, staff.admin2));
      expect(await digestRow("2026-12-14")).toMatchObject({ missed: 3 });
      const [mail] = sent;
      expect(mail?.subject).toBe("Missed response promises: 3, digest of 2026-12-14");
      expect(mail?.text).toContain("Staffing request: 2");
      expect(mail?.text).toContain("Payroll info request: 1");
      expect(mail?.text).toContain(`${SITE_URL}/staff?overdue=1&sort=due`);
      expect(mail?.text).toContain(`${SITE_URL}/staff/reports`);
      for (const id of [missedSaturday, answeredLate, dueAtOpening])
        expect(mail?.text).toContain(`${SITE_URL}/staff/leads/${id}`);
      expect(mail?.text).not.toContain(answeredInTime);
      for (const value of Object.values(LEAD)) expect(mail?.text).not.toContain(value);

      // Later sweeps of the same business day (Saturday's included) send no other.
      await sweepAt(monday + HOUR);
      await sweepAt(eastern("2026-12-14", "16:59"));
      expect(await digests("2026-12-14")).toHaveLength(2);
    });

    it("sends none when nothing was missed, and still records the day", async () => {
      // Wednesday 9 December 2026: the window is Tuesday 09:00 to Wednesday 09:00; one lead, answered in time.
      const tuesday = eastern("2026-12-08", "10:00");
      const id = await seed("staffing-request", tuesday, tuesday + HOUR);
      await answer(id, tuesday + 30 * 60_000);
      const swept = await sweepAt(eastern("2026-12-09", "09:01"));
      expect(swept.digests).toBe(0);
      expect(await digests("2026-12-09")).toEqual([]);
      expect(await digestRow("2026-12-09")).toMatchObject({ missed: 0 });
    });

    it("with MAIL_PERSONAL_DATA=false lists the counts without the leads' links, and at most DIGEST_LINKS links with it", async () => {
      // Thursday 17 December 2026: the window is Wednesday 16 December 09:00 to Thursday 09:00.
      const wednesdayNoon = eastern("2026-12-16", "12:00");
      const leads = await Promise.all(
        Array.from({ length: DIGEST_LINKS + 2 }, (_, i) =>
          seed("careworks-demo", wednesdayNoon - 5 * HOUR, wednesdayNoon + i * 60_000),
        ),
      );
      const thursday = eastern("2026-12-17", "09:00");
      await sweepAt(thursday, { notices: { ...NOTICES, personalData: false } });
      const [mail] = await digests("2026-12-17");
      expect(mail?.text).toContain(`CareWorks demo request: ${leads.length}`);
      expect(mail?.text).not.toContain("/staff/leads/");

      // The same day's digest again, over the same leads answered late, with the links (the first DIGEST_LINKS).
      for (const id of leads) await answer(id, thursday);
      await h.db.deleteFrom("promise_digests").where("business_day", "=", "2026-12-17").execute();
      await h.db.deleteFrom("mail_outbox").where("dedupe_key", "like", "digest:2026-12-17:%").execute();
      await sweepAt(thursday + HOUR);
      const [linked] = await digests("2026-12-17");
      expect(linked?.text.match(/\/staff\/leads\//g)).toHaveLength(DIGEST_LINKS);
      expect(linked?.text).toContain("and 2 more.");
    });

    it("with escalations off sends none and leaves the day for when they are on", async () => {
      const friday = eastern("2026-12-18", "09:30");
      await seed("staffing-request", eastern("2026-12-17", "10:00"), eastern("2026-12-17", "11:00"));
      const swept = await sweepAt(friday, { notices: undefined });
      expect(swept.digests).toBe(0);
      expect(await digestRow("2026-12-18")).toBeUndefined();
    });
  });
});

describe("recipientsOf", () => {
  const member = (id: string, role: string) => ({ id, email: `${id}@staff.example`, role });
  const team = [
    member("a", "admin"),
    member("s", "sales"),
    member("r", "recruiting"),
    member("x", "retired"),
  ];

  it("is the assignee alone when they may see the form, the form's roles otherwise", () => {
    expect(recipientsOf({ formId: "careworks-demo", assigneeId: "s" }, team).map((m) => m.id)).toEqual(["s"]);
    expect(recipientsOf({ formId: "careworks-demo", assigneeId: null }, team).map((m) => m.id)).toEqual([
      "a",
      "s",
    ]);
    // A recruiter given a demo request (a role changed since) cannot open it: the form's roles hear instead.
    expect(recipientsOf({ formId: "careworks-demo", assigneeId: "r" }, team).map((m) => m.id)).toEqual([
      "a",
      "s",
    ]);
    expect(recipientsOf({ formId: "nurse-application", assigneeId: "gone" }, team).map((m) => m.id)).toEqual([
      "a",
      "r",
    ]);
  });
});

describe("startEscalationSweep", () => {
  it("sweeps at start-up, wakes the mail worker only when it queued mail, and logs counts, only when it did something", async () => {
    const results: SweepResult[] = [
      { escalated: 2, escalations: 3, digests: 0 },
      { escalated: 0, escalations: 0, digests: 0 },
      { escalated: 1, escalations: 0, digests: 0 },
    ];
    const lines: Record<string, unknown>[] = [];
    let wakes = 0;
    const running = startEscalationSweep({
      sweep: async () => results.shift() ?? { escalated: 0, escalations: 0, digests: 0 },
      intervalMs: 60_000,
      logger: createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) }),
      onQueued: () => wakes++,
    });
    try {
      // The start-up sweep, then two more.
      await waitFor(() => (lines.length === 1 ? true : undefined));
      await running.sweep();
      await running.sweep();
      expect(results).toEqual([]);
      expect(wakes).toBe(1);
      expect(
        lines.map(({ msg, escalated, escalations, digests }) => ({ msg, escalated, escalations, digests })),
      ).toEqual([
        { msg: "escalation sweep", escalated: 2, escalations: 3, digests: 0 },
        { msg: "escalation sweep", escalated: 1, escalations: 0, digests: 0 },
      ]);
    } finally {
      await running.stop();
    }
  });
});
