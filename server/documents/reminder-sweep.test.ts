import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../leads/credential-status.ts";
import { DIALECTS } from "../../test-support/test-database.ts";
import { storeFixture } from "../../test-support/vitest-fixtures.ts";
import { businessCalendar } from "../calendar/business-calendar.ts";
import { DEFAULT_BUSINESS_HOURS, parseBusinessHours } from "../calendar/business-hours.ts";
import { newId } from "../store/ids.ts";
import type { Store } from "../store/store.ts";
import { linkOf, requestDocuments } from "./document-links.ts";
import { createReminderSweep, type ReminderSettings, reminderKind } from "./reminder-sweep.ts";

const CALENDAR = businessCalendar({
  timeZone: "America/New_York",
  hours: parseBusinessHours(DEFAULT_BUSINESS_HOURS),
  holidays: "us-federal",
});
const SETTINGS: ReminderSettings = {
  days: [30, 7],
  mail: { from: "Northwind Care <hello@northwind.example>" },
  siteUrl: "https://www.northwind.example",
  company: { name: "Northwind Care", phone: "(555) 010-0199", address: "1 Main Street" },
};
/** 10:00 in New York on a date in June (EDT, UTC-4). */
const morning = (date: string) => Date.parse(`${date}T10:00:00-04:00`);
const MONDAY = "2026-06-01";

describe("reminderKind", () => {
  it("names the nearest reminder reached, and expired once past the last valid day", () => {
    expect(reminderKind(MONDAY, addDays(MONDAY, 31), [30, 7])).toBeNull();
    expect(reminderKind(MONDAY, addDays(MONDAY, 30), [30, 7])).toBe("30");
    expect(reminderKind(MONDAY, addDays(MONDAY, 8), [30, 7])).toBe("30");
    expect(reminderKind(MONDAY, addDays(MONDAY, 5), [30, 7])).toBe("7");
    expect(reminderKind(MONDAY, MONDAY, [30, 7])).toBe("7");
    expect(reminderKind(MONDAY, addDays(MONDAY, -1), [30, 7])).toBe("expired");
    expect(reminderKind(MONDAY, addDays(MONDAY, 10), [14])).toBe("14");
  });
});

/**
 * The expiry reminders over a real store with an injected clock, swept by two instances (two store handles on
 * the same database) at once: each reminder is mailed once, with a renewed link that opens her checklist, only
 * within business hours, and never again after a restart.
 */
describe.each(DIALECTS)("the document reminder sweep on %s", (dialect) => {
  const { database, store } = storeFixture(dialect, "reminder-sweep");
  let other: Store;
  let clock = morning(MONDAY);

  beforeAll(async () => {
    other = await database.openStore();
  });
  afterAll(() => other?.close());

  const sweeps = () =>
    [store, other].map((handle) =>
      createReminderSweep({
        reminders: handle.reminders,
        settings: SETTINGS,
        calendar: CALENDAR,
        now: () => clock,
      }),
    );
  /** Both instances sweep at the same moment; what they did together. */
  const sweepBoth = async () => {
    const results = await Promise.all(sweeps().map((sweep) => sweep()));
    return {
      mails: results.reduce((sum, result) => sum + result.mails, 0),
      reminders: results.reduce((sum, result) => sum + result.reminders, 0),
    };
  };

  /** A nurse whose RN checklist was requested, with items verified valid through the given days. */
  async function nurse(validThrough: Record<string, string>) {
    const leadId = randomUUID();
    await store.intake.acceptLead({
      id: leadId,
      formId: "nurse-application",
      state: "pending",
      fields: { email: `${leadId}@example.com`, name: "Florence Private" },
      createdAt: clock - 86_400_000,
    });
    await requestDocuments(store, { leadId, credential: "RN", by: null, now: clock });
    for (const item of await store.credentials.items(leadId)) {
      const through = validThrough[item.key];
      if (!through) continue;
      const submissionId = newId(clock);
      await store.credentials.submit({
        id: submissionId,
        leadId,
        itemId: item.id,
        fields: {},
        file: null,
        validThrough: through,
        now: clock,
      });
      await store.credentials.review({
        leadId,
        itemId: item.id,
        submissionId,
        decision: "verified",
        reason: null,
        by: null,
        now: clock,
      });
    }
    return leadId;
  }

  const mailsTo = async (leadId: string) =>
    (await database.tableRows("mail_outbox"))
      .filter((row) => row.lead_id === leadId)
      .map((row) => ({ subject: String(row.subject), text: String(row.text) }));

  it("mails each reminder once across two instances, with a renewed link, within business hours", async () => {
    clock = morning(MONDAY);
    const leadId = await nurse({ bls: addDays(MONDAY, 30), license: addDays(MONDAY, 200) });

    // Saturday morning is closed: nothing is sent, nothing recorded.
    clock = Date.parse("2026-05-30T10:00:00-04:00");
    expect(await sweepBoth()).toEqual({ mails: 0, reminders: 0 });

    clock = morning(MONDAY);
    expect(await sweepBoth()).toEqual({ mails: 1, reminders: 1 });
    expect(await sweepBoth()).toEqual({ mails: 0, reminders: 0 });
    const [first] = await mailsTo(leadId);
    expect(first?.subject).toBe("A credential of yours expires soon");
    expect(first?.text).toContain("BLS or CPR card expires on July 1, 2026.");
    expect(first?.text).not.toContain("RN license");
    // The renewed link in the mail opens her checklist; the request's link no longer does.
    const token = /\/documents\/([\w-]+)/.exec(first?.text ?? "")?.[1] ?? "";
    expect(await linkOf(store, token, clock)).toMatchObject({ leadId, credential: "RN" });

    // A restart: a fresh sweep on a fresh handle sends nothing again.
    const restarted = await database.openStore();
    try {
      const sweep = createReminderSweep({
        reminders: restarted.reminders,
        settings: SETTINGS,
        calendar: CALENDAR,
        now: () => clock + 3_600_000,
      });
      expect(await sweep()).toEqual({ mails: 0, reminders: 0 });
    } finally {
      await restarted.close();
    }

    // Seven days before, then the first business day after it expired; then never again.
    clock = morning("2026-06-24");
    expect(await sweepBoth()).toEqual({ mails: 1, reminders: 1 });
    clock = morning("2026-06-25");
    expect(await sweepBoth()).toEqual({ mails: 0, reminders: 0 });
    clock = morning("2026-07-02");
    expect(await sweepBoth()).toEqual({ mails: 1, reminders: 1 });
    clock = morning("2026-07-06");
    expect(await sweepBoth()).toEqual({ mails: 0, reminders: 0 });
    const mails = await mailsTo(leadId);
    expect(mails.map((mail) => mail.subject)).toEqual([
      "A credential of yours expires soon",
      "A credential of yours expires soon",
      "A credential of yours has expired",
    ]);
    expect(mails[2]?.text).toContain("BLS or CPR card expired on July 1, 2026.");
  });

  it("names every item due in one mail, and an item verified late gets the nearer reminder only", async () => {
    clock = morning("2026-08-03");
    const leadId = await nurse({ bls: addDays("2026-08-03", 5), tb: addDays("2026-08-03", 20) });
    expect(await sweepBoth()).toEqual({ mails: 1, reminders: 2 });
    const [mail] = await mailsTo(leadId);
    expect(mail?.text).toContain("BLS or CPR card expires on August 8, 2026.");
    expect(mail?.text).toContain("TB test or chest X-ray expires on August 23, 2026.");
    const recorded = (await database.tableRows("credential_reminders"))
      .filter((row) => row.lead_id === leadId)
      .map((row) => row.kind)
      .sort();
    expect(recorded).toEqual(["30", "7"]);
  });
});
