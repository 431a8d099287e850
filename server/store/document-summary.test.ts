import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { defaultItemIds, itemsOf } from "../../leads/checklist-catalog.ts";
import type { Credential } from "../../leads/credential-checklist.ts";
import {
  addDays,
  DOCUMENT_FILTERS,
  type DocumentFilter,
  EXPIRING_SOON_DAYS,
  isDone,
  itemStatus,
} from "../../leads/credential-status.ts";
import { DIALECTS } from "../../test-support/test-database.ts";
import { storeFixture } from "../../test-support/vitest-fixtures.ts";
import { newId } from "./ids.ts";

const T0 = Date.parse("2026-12-01T15:00:00Z");
const DAY = 86_400_000;

/**
 * The checklist's summary on each lead (migration 024), which the inbox's Documents filter reads instead of the
 * items: after every write the store makes to a lead's items, it says what the items say.
 */
describe.each(DIALECTS)("a lead's document summary on %s", (dialect) => {
  const { store } = storeFixture(dialect, "document-summary", { per: "test" });

  async function application(name: string) {
    const id = randomUUID();
    await store.intake.acceptLead({
      id,
      formId: "nurse-application",
      state: "pending",
      fields: { firstName: name, lastName: "Seacole", email: `${name}@example.com`, consent: "on" },
      createdAt: T0,
    });
    return id;
  }

  /** A request or a renewal, with the credential's checklist as an admin left it (as the staff handler sends it). */
  async function request(leadId: string, credential: Credential, now: number) {
    const chosen = await store.checklists.selection(credential);
    await store.credentialLinks.openRequest({
      leadId,
      credential,
      tokenHash: randomUUID(),
      items: itemsOf(chosen ?? defaultItemIds(credential)),
      by: null,
      now,
      expiresAt: now + 30 * DAY,
    });
  }

  /** What is stored on the lead. */
  const stored = async (leadId: string) => {
    const row = await store.authDatabase.db
      .selectFrom("leads")
      .select([
        "documents_total",
        "documents_reviewed",
        "documents_received",
        "documents_earliest_valid_through",
      ])
      .where("id", "=", leadId)
      .executeTakeFirstOrThrow();
    return {
      total: Number(row.documents_total),
      reviewed: Number(row.documents_reviewed),
      received: Number(row.documents_received),
      earliest: row.documents_earliest_valid_through,
    };
  };

  /** The same, counted from the lead's items as the credential file reads them. */
  const fromItems = async (leadId: string) => {
    const items = await store.credentials.items(leadId);
    const received = items.filter((item) => item.review === "submitted" || item.review === "verified");
    const days = received.flatMap((item) => (item.validThrough === null ? [] : [item.validThrough])).sort();
    return {
      total: items.length,
      reviewed: items.filter((item) => item.review !== null).length,
      received: received.length,
      earliest: days[0] ?? null,
    };
  };

  const agrees = async (leadId: string) => {
    const summary = await stored(leadId);
    expect(summary).toEqual(await fromItems(leadId));
    return summary;
  };

  async function submit(leadId: string, itemId: string, validThrough: string | null, now: number) {
    const id = newId(now);
    const kept = await store.credentials.submit({
      id,
      leadId,
      itemId,
      fields: {},
      file: null,
      validThrough,
      now,
    });
    expect(kept).toBe(true);
    return id;
  }

  const review = (
    leadId: string,
    itemId: string,
    submissionId: string,
    decision: "verified" | "rejected",
    now: number,
  ) =>
    store.credentials.review({
      leadId,
      itemId,
      submissionId,
      decision,
      reason: decision === "rejected" ? "Blurry" : null,
      by: null,
      now,
    });

  it("follows every change to the items: request, submission, verification, rejection, a new upload", async () => {
    const leadId = await application("mary");
    expect(await agrees(leadId)).toEqual({ total: 0, reviewed: 0, received: 0, earliest: null });

    await request(leadId, "CNA", T0);
    const items = await store.credentials.items(leadId);
    const [first, second, third] = items;
    if (!first || !second || !third) throw new Error("the CNA checklist has at least three items");
    expect(await agrees(leadId)).toEqual({ total: items.length, reviewed: 0, received: 0, earliest: null });

    const late = await submit(leadId, first.id, "2028-06-30", T0 + 1);
    const early = await submit(leadId, second.id, "2027-01-15", T0 + 2);
    const lasting = await submit(leadId, third.id, null, T0 + 3);
    expect(await agrees(leadId)).toMatchObject({ reviewed: 3, received: 3, earliest: "2027-01-15" });

    expect(await review(leadId, first.id, late, "verified", T0 + 4)).toBe(true);
    expect(await agrees(leadId)).toMatchObject({ reviewed: 3, received: 3, earliest: "2027-01-15" });

    // A rejected item is reviewed but not received, and its day no longer counts.
    expect(await review(leadId, second.id, early, "rejected", T0 + 5)).toBe(true);
    expect(await agrees(leadId)).toMatchObject({ reviewed: 3, received: 2, earliest: "2028-06-30" });

    // A review of a submission that is no longer the latest changes nothing.
    const again = await submit(leadId, second.id, "2026-12-20", T0 + 6);
    expect(await review(leadId, second.id, early, "verified", T0 + 7)).toBe(false);
    expect(await agrees(leadId)).toMatchObject({ reviewed: 3, received: 3, earliest: "2026-12-20" });

    // A new upload of a verified item replaces its day.
    await submit(leadId, first.id, "2026-11-30", T0 + 8);
    expect(await agrees(leadId)).toMatchObject({ reviewed: 3, received: 3, earliest: "2026-11-30" });

    expect(await review(leadId, second.id, again, "verified", T0 + 9)).toBe(true);
    expect(await review(leadId, third.id, lasting, "rejected", T0 + 10)).toBe(true);
    expect(await agrees(leadId)).toMatchObject({ reviewed: 3, received: 2, earliest: "2026-11-30" });
  });

  it("keeps a lead's summary through a renewal and a checklist change, and sums up the next lead's new checklist", async () => {
    const first = await application("grace");
    await request(first, "CNA", T0);
    const [item] = await store.credentials.items(first);
    if (!item) throw new Error("the CNA checklist has items");
    await submit(first, item.id, "2027-03-01", T0 + 1);
    const before = await agrees(first);

    const shorter = defaultItemIds("CNA").slice(0, 2);
    await store.checklists.save({ credential: "CNA", ids: shorter, by: null, now: T0 + 2 });
    await request(first, "CNA", T0 + 3);
    expect(await agrees(first)).toEqual(before);

    const next = await application("linda");
    await request(next, "CNA", T0 + 4);
    expect(await agrees(next)).toEqual({ total: 2, reviewed: 0, received: 0, earliest: null });
  });

  it("keeps under each Documents filter exactly the leads the status rule puts there, item by item", async () => {
    const today = "2026-12-01";
    const soon = addDays(today, EXPIRING_SOON_DAYS);
    // Each side of each day the rule compares with, and a document that does not expire.
    const days = [addDays(today, -1), today, addDays(today, 1), soon, addDays(soon, 1), null];
    const leadIds: string[] = [];
    for (let n = 0; n < 36; n++) {
      const leadId = await application(`nurse${n}`);
      leadIds.push(leadId);
      // Some have no checklist, some one with nothing sent yet.
      if (n % 9 === 8) continue;
      await request(leadId, "CNA", T0);
      if (n % 9 === 7) continue;
      for (const [position, item] of (await store.credentials.items(leadId)).entries()) {
        // Some with every item received and none expiring soon.
        if (n % 9 === 6) {
          const submission = await submit(leadId, item.id, days[4 + (position % 2)] ?? null, T0);
          if (position % 2 === 0) await review(leadId, item.id, submission, "verified", T0);
          continue;
        }
        const pick = (n * 7 + position * 5) % 11;
        // Some never sent; the rest submitted, then some verified or rejected.
        if (pick < 3 && n % 4 !== 1) continue;
        const submission = await submit(leadId, item.id, days[(n + position) % days.length] ?? null, T0);
        if (pick % 3 === 1) await review(leadId, item.id, submission, "verified", T0);
        if (pick % 3 === 2 && n % 2 === 0) await review(leadId, item.id, submission, "rejected", T0);
      }
    }

    const expected = async (filter: DocumentFilter, leadId: string) => {
      const items = await store.credentials.items(leadId);
      const statuses = items.map((item) => itemStatus(item, today).status);
      if (filter === "requested") return items.length > 0 && items.every((item) => item.review === null);
      if (filter === "complete") return items.length > 0 && statuses.every(isDone);
      if (filter === "incomplete")
        return items.some((item) => item.review !== null) && !statuses.every(isDone);
      return statuses.includes(filter === "expiring" ? "expiring-soon" : "expired");
    };
    const scope = { forms: ["nurse-application"], spam: false };
    for (const filter of DOCUMENT_FILTERS) {
      const { rows } = await store.inbox.list(scope, { documents: filter, day: { today, soon } }, 1, 100);
      const kept = rows.map((row) => row.id).sort();
      const want: string[] = [];
      for (const leadId of leadIds) if (await expected(filter, leadId)) want.push(leadId);
      expect(kept, filter).toEqual(want.sort());
      expect(kept.length, filter).toBeGreaterThan(0);
    }
  });

  // SQLite runs one writing transaction at a time; PostgreSQL's READ COMMITTED does not.
  it.runIf(dialect === "postgres")(
    "sums up both of two uploads to one checklist at once, each seeing the other once it committed",
    async () => {
      const leadId = await application("florence");
      await request(leadId, "CNA", T0);
      const [first, second] = await store.credentials.items(leadId);
      if (!first || !second) throw new Error("the CNA checklist has at least two items");
      const { db } = store.authDatabase;
      // The lead's row held elsewhere until both uploads wait on it, so the first commits while the second waits:
      // a summary made from the second's snapshot of before that commit would miss the first upload.
      let uploads: Promise<string>[] = [];
      await db.transaction().execute(async (trx) => {
        await sql`SELECT id FROM leads WHERE id = ${leadId} FOR UPDATE`.execute(trx);
        uploads = [
          submit(leadId, first.id, "2027-03-01", T0 + 1),
          submit(leadId, second.id, "2027-02-01", T0 + 2),
        ];
        for (let waiting = 0; waiting < 2; ) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND query ILIKE '%leads%' AND pid <> pg_backend_pid()`.execute(db);
          waiting = Number(rows[0]?.n);
        }
      });
      await Promise.all(uploads);
      expect(await agrees(leadId)).toMatchObject({ reviewed: 2, received: 2, earliest: "2027-02-01" });
    },
  );
});
