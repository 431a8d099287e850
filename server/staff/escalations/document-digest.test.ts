import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_URL } from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import { staffHarnessFixture } from "../../../test-support/vitest-fixtures.ts";
import { businessCalendar } from "../../calendar/business-calendar.ts";
import { DEFAULT_BUSINESS_HOURS, parseBusinessHours } from "../../calendar/business-hours.ts";
import { requestDocuments } from "../../documents/document-links.ts";
import { newId } from "../../store/ids.ts";
import { openStore, type Store } from "../../store/store.ts";
import { createEscalationSweep } from "./escalation-sweep.ts";

const CALENDAR = businessCalendar({
  timeZone: "America/New_York",
  hours: parseBusinessHours(DEFAULT_BUSINESS_HOURS),
  holidays: "us-federal",
});
const NOTICES = { from: "Northwind Care <hello@northwind.example>", siteUrl: SITE_URL, personalData: true };
/** Monday 7 December 2026, 11:00 in New York (EST): its business day is 2026-12-07. */
const MONDAY = Date.parse("2026-12-07T11:00:00-05:00");

/**
 * The daily digest's credential part: the assigned recruiter hears of their applications' documents "Expiring
 * soon" and "Expired", once per business day across two instances; nobody else does.
 */
describe.each(DIALECTS)("the documents in the daily digest on %s", (dialect) => {
  const h = staffHarnessFixture(dialect);
  let other: Store;
  const staff = {} as Record<"recruiter" | "idle", { id: string; email: string }>;

  beforeAll(async () => {
    other = await openStore({ dataDir: h.dataDir, databaseUrl: h.config.DATABASE_URL });
    for (const name of ["recruiter", "idle"] as const) {
      const email = `${name}-${randomUUID().slice(0, 8)}@staff.example`;
      staff[name] = { id: (await h.accounts.add({ email, role: "recruiting" })).id, email };
    }
  });
  afterAll(() => other?.close());

  /** An application assigned to `assignee`, its items verified valid through the given days. */
  async function application(assignee: string, through: Record<string, string>) {
    const leadId = await h.seedLead("nurse-application", { firstName: "Private", email: "p@example.com" });
    await h.db.updateTable("leads").set({ assignee_id: assignee }).where("id", "=", leadId).execute();
    await requestDocuments(h.store, { leadId, credential: "RN", by: null, now: MONDAY });
    for (const item of await h.store.credentials.items(leadId)) {
      const validThrough = through[item.key];
      if (!validThrough) continue;
      await h.store.credentials.submit({
        id: newId(),
        leadId,
        itemId: item.id,
        fields: {},
        file: null,
        validThrough,
        now: MONDAY,
      });
    }
    return leadId;
  }

  it("tells the assignee of expiring and expired documents, once per business day", async () => {
    const soon = await application(staff.recruiter.id, { bls: "2026-12-20", license: "2028-01-01" });
    const lapsed = await application(staff.recruiter.id, { tb: "2026-12-01" });
    await application(staff.idle.id, { license: "2028-01-01" });

    const sweeps = [h.store, other].map((store) =>
      createEscalationSweep({
        escalations: store.escalations,
        notices: NOTICES,
        calendar: CALENDAR,
        now: () => MONDAY,
      }),
    );
    await Promise.all(sweeps.map((sweep) => sweep()));
    await Promise.all(sweeps.map((sweep) => sweep()));

    const digests = await h.db
      .selectFrom("mail_outbox")
      .select(["recipient_id", "subject", "text"])
      .where("dedupe_key", "like", "document-digest:%")
      .execute();
    expect(digests.map((mail) => [mail.recipient_id, mail.subject])).toEqual([
      [staff.recruiter.id, "Credential documents: 1 expiring soon, 1 expired, digest of 2026-12-07"],
    ]);
    const text = digests[0]?.text ?? "";
    expect(text).toContain(`(Expiring soon: 1): ${SITE_URL}/staff/leads/${soon}`);
    expect(text).toContain(`(Expired: 1): ${SITE_URL}/staff/leads/${lapsed}`);
    expect(text).toContain(`${SITE_URL}/staff?documents=expiring&mine=1`);
  });
});
