import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { promiseState } from "../../staff/due.ts";
import { leadScopeOf } from "../../staff/permissions.ts";
import { openStaffHarness, type StaffHarness } from "../../test-support/staff-harness.ts";
import { DIALECTS } from "../../test-support/test-database.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.parse("2026-03-09T14:00:00Z");
const FORM = "staffing-request";

/** How each planted lead was answered, relative to its own due time (ms); null: not at all. */
const ANSWERS = [null, -1, 0, 1, -HOUR, HOUR] as const;

/**
 * One response clock: at the edges of each lead's due time (a millisecond before, the due millisecond itself,
 * a millisecond after), the inbox's Overdue view, the escalation sweep's leads, the admins' digest and the
 * reports' "answered within the promise" agree with the promise's state as the staff API gives it
 * (staff/due.ts) on both databases. A lead answered exactly at its due time met it everywhere; one unanswered
 * at its due millisecond is not overdue yet, and is one millisecond later.
 */
describe.each(DIALECTS)("the response clock on %s", (dialect) => {
  let h: StaffHarness;
  let viewer: { id: string; admin: boolean };
  const leads: { id: string; dueAt: number; firstResponseAt: number | null }[] = [];

  beforeAll(async () => {
    h = await openStaffHarness(dialect);
    const { id } = await h.accounts.add({
      email: `clock-${randomUUID().slice(0, 8)}@staff.example`,
      role: "admin",
    });
    viewer = { id, admin: true };
    for (const [index, answer] of ANSWERS.entries()) {
      const dueAt = T0 + (index + 1) * 10 * MINUTE;
      const leadId = await h.seedLead(
        FORM,
        { name: `Lead ${index}`, email: `lead${index}@example.com` },
        {
          createdAt: T0,
          dueAt,
        },
      );
      const firstResponseAt = answer === null ? null : dueAt + answer;
      if (firstResponseAt !== null) {
        // Taking the lead out of New answers it; a call and a reply after it leave the first response as it was.
        await h.store.leadWork.change(leadId, id, { status: "Contacted" }, firstResponseAt);
        await h.store.leadWork.logCall(
          { id: randomUUID(), leadId, outcome: "reached", note: "" },
          id,
          firstResponseAt + MINUTE,
        );
      }
      leads.push({ id: leadId, dueAt, firstResponseAt });
    }
  });
  afterAll(async () => {
    await h?.close();
  });

  const stateAt = (lead: (typeof leads)[number], now: number) => promiseState(lead, now).state;
  const sorted = (ids: readonly string[]) => ids.toSorted();

  it("keeps each lead's first response where its first answer set it", async () => {
    for (const lead of leads) {
      const work = await h.store.leadWork.workOf(lead.id);
      expect(work?.first_response_at === null ? null : Number(work?.first_response_at)).toBe(
        lead.firstResponseAt,
      );
    }
  });

  it("counts a lead overdue in the inbox and due for escalation exactly when its promise is missed unanswered", async () => {
    for (const lead of leads)
      for (const now of [lead.dueAt - 1, lead.dueAt, lead.dueAt + 1]) {
        const expected = sorted(
          leads
            .filter((each) => each.firstResponseAt === null && stateAt(each, now) === "missed")
            .map((each) => each.id),
        );
        const { rows } = await h.store.inbox.list(leadScopeOf("admin"), { overdueAt: now }, 1, 100);
        expect(sorted(rows.map((row) => row.id))).toEqual(expected);
        expect((await h.store.inbox.views(leadScopeOf("admin"), viewer.id, now)).overdue).toBe(
          expected.length,
        );
        const escalations = await h.store.escalations.overdue(now, 100);
        expect(sorted(escalations.map((each) => each.id))).toEqual(expected);
      }
    // The unanswered lead at its due millisecond: still due, then overdue one millisecond later.
    const [unanswered] = leads;
    expect(unanswered && stateAt(unanswered, unanswered.dueAt)).toBe("due");
    expect(unanswered && stateAt(unanswered, unanswered.dueAt + 1)).toBe("missed");
  });

  it("counts a promise met in the reports and missed in the digest as the staff API states it", async () => {
    const after = Math.max(...leads.map((lead) => lead.dueAt)) + 2 * HOUR;
    const met = leads.filter((lead) => stateAt(lead, after) === "met");
    const missed = leads.filter((lead) => stateAt(lead, after) === "missed");
    // Answered 1 h and 1 ms early and at the due millisecond itself: met; 1 ms or 1 h late, or never: missed.
    expect(
      met.map((lead) => (lead.firstResponseAt === null ? null : lead.firstResponseAt - lead.dueAt)),
    ).toEqual([-1, 0, -HOUR]);

    const digest = await h.store.escalations.missed(T0, after, 100);
    expect(digest.forms).toEqual([{ formId: FORM, missed: missed.length }]);
    expect(sorted(digest.leads.map((lead) => lead.id))).toEqual(sorted(missed.map((lead) => lead.id)));

    const counts = await h.store.reports.weekCounts({
      forms: [FORM],
      from: T0,
      to: after,
      weekEnds: [after],
    });
    const sum = (column: "leads" | "answered" | "within_promise") =>
      counts.reduce((total, row) => total + Number(row[column]), 0);
    expect(sum("leads")).toBe(leads.length);
    expect(sum("answered")).toBe(leads.filter((lead) => lead.firstResponseAt !== null).length);
    expect(sum("within_promise")).toBe(met.length);
  });
});
