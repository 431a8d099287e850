import { type ExpressionBuilder, sql } from "kysely";
import type { Database, LeadDb } from "../database.ts";
import type { DialectSql } from "../engine.ts";

type LeadEb = ExpressionBuilder<Database, "leads">;

/** The lead's items, from the (lead_id, review, valid_through) index; `received`: submitted or verified only. */
const itemsOf = (eb: LeadEb, received?: "received") =>
  eb
    .selectFrom("credential_items as ci")
    .whereRef("ci.lead_id", "=", "leads.id")
    .$if(received !== undefined, (q) => q.where("ci.review", "in", ["submitted", "verified"]));

/**
 * Recomputes the leads' checklist summaries (DocumentSummaryColumns) from their items, within the caller's
 * transaction. Every write to `credential_items` calls it in the same transaction, so the Documents filter, which
 * reads only the summary, always agrees with the items: a lead with no items is summed up as 0, 0, 0, null.
 * Two uploads to one checklist at once on PostgreSQL: the second waits at the lead's row lock for the first to
 * commit, then sums up in a statement of its own, whose snapshot has the first's item (READ COMMITTED takes one
 * per statement); summed up in the statement that waited, it would miss it.
 */
export async function refreshDocumentSummaries(
  trx: LeadDb,
  leadIds: readonly string[],
  { rowLocks }: Pick<DialectSql, "rowLocks">,
): Promise<void> {
  if (leadIds.length === 0) return;
  if (rowLocks) await trx.selectFrom("leads").select("id").where("id", "in", leadIds).forUpdate().execute();
  await trx
    .updateTable("leads")
    .set((eb) => ({
      documents_total: itemsOf(eb).select(sql<number>`count(*)`.as("n")),
      documents_reviewed: itemsOf(eb).select(sql<number>`count(ci.review)`.as("n")),
      documents_received: itemsOf(eb, "received").select(sql<number>`count(*)`.as("n")),
      documents_earliest_valid_through: itemsOf(eb, "received").select((e) =>
        e.fn.min("ci.valid_through").as("day"),
      ),
    }))
    .where("id", "in", leadIds)
    .execute();
}
