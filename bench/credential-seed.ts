import { randomUUID } from "node:crypto";
import type { Insertable } from "kysely";
import { defaultItemIds, itemsOf } from "../leads/checklist-catalog.ts";
import { addDays } from "../leads/credential-status.ts";
import type { CredentialItemsTable } from "../server/store/credential-rows.ts";
import type { LeadDb } from "../server/store/database.ts";
import { refreshDocumentSummaries } from "../server/store/queries/document-summary.ts";

/** Leads per insert: their items stay within SQLite's limit of bound values per statement. */
const BATCH = 100;
const DAY_MS = 86_400_000;

/**
 * Credential checklists for the bench (bench/inbox.ts): every other application gets the RN checklist, its items
 * spread over the statuses a busy file has (nothing yet, submitted, verified, rejected; valid for years, expiring
 * within weeks, expired), so each Documents filter keeps a share of the applications. Returns how many leads.
 */
export async function seedChecklists(db: LeadDb, today: string): Promise<number> {
  const items = itemsOf(defaultItemIds("RN"));
  const applications = await db
    .selectFrom("leads")
    .select("id")
    .where("form_id", "=", "nurse-application")
    .orderBy("created_at")
    .execute();
  const leads = applications.filter((_, index) => index % 2 === 0);
  for (let offset = 0; offset < leads.length; offset += BATCH) {
    const rows: Insertable<CredentialItemsTable>[] = [];
    leads.slice(offset, offset + BATCH).forEach(({ id }, leadIndex) => {
      const n = offset + leadIndex;
      // One in six: requested, nothing back; the rest have received the first `received` items.
      const received = n % 6 === 0 ? 0 : Math.min(items.length, 3 + (n % (items.length - 1)));
      items.forEach((item, position) => {
        const has = position < received;
        const expires = item.validity.kind !== "no-expiry";
        const review = has
          ? n % 11 === 0 && position === 0
            ? "rejected"
            : n % 3 === 0
              ? "submitted"
              : "verified"
          : null;
        const days = n % 7 === 0 ? -20 - (n % 40) : n % 5 === 0 ? 25 - (n % 20) : 400 - (n % 40);
        const validThrough = !has || !expires ? null : addDays(today, days);
        rows.push({
          id: randomUUID(),
          lead_id: id,
          item_key: item.key,
          position,
          definition: JSON.stringify(item),
          review: has
            ? n % 11 === 0 && position === 0
              ? "rejected"
              : n % 3 === 0
                ? "submitted"
                : "verified"
            : null,
          reject_reason: null,
          valid_through: validThrough,
          submission_id: null,
          // Verified some day of the past year, so the reports' days to fully verified have leads to count.
          reviewed_at:
            has && review !== "submitted" ? Date.now() - ((n * 7 + position) % 365) * DAY_MS : null,
          reviewed_by: null,
        });
      });
    });
    await db.insertInto("credential_items").values(rows).execute();
    // As the store keeps it with every write of the items (the Documents filter reads it); the seed is the only
    // writer, so it takes no row locks.
    await refreshDocumentSummaries(
      db,
      leads.slice(offset, offset + BATCH).map(({ id }) => id),
      { rowLocks: false },
    );
  }
  return leads.length;
}
