import { type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { DocumentFilter } from "../../../leads/credential-status.ts";
import type { Database } from "../database.ts";

/**
 * The inbox's "Documents" filter and the rows' progress ("4 of 8 done"), over a lead's credential checklist, by
 * the one status rule (leads/credential-status.ts): an item is done when submitted or verified and neither
 * expiring within `soon` nor expired; expiring when submitted or verified and its last valid day is from `today`
 * to `soon`; expired when that day is before `today`. Days are YYYY-MM-DD text, compared as strings.
 */

/** The business day the statuses are read on, and the last day an item still counts as expiring soon. */
export interface DocumentDay {
  today: string;
  soon: string;
}

type LeadsEb = ExpressionBuilder<Database & { l: Database["leads"] }, "l">;

const received = sql<SqlBool>`ci.review in ('submitted', 'verified')`;
const done = (day: DocumentDay) =>
  sql<SqlBool>`(${received} and (ci.valid_through is null or ci.valid_through > ${day.soon}))`;

/**
 * The leads a Documents filter keeps, by the checklist's summary on the lead (DocumentSummaryColumns, kept with
 * the items: document-summary.ts). With `total` items, `reviewed` ever submitted, `received` submitted or verified,
 * and `earliest` the earliest last valid day among the received: all done is all received and none expiring
 * within `soon`; expired is a received item past its last day. Each condition names `documents_total > 0`, a
 * literal the partial index leads_with_documents is defined by, so the page and the counts read that index (the
 * leads with a checklist) rather than every lead of the role. Grouping each checklist per statement instead
 * read all of them in each of the list's statements (its page, its counts, its openings' counts): decision 029
 * has both times.
 */
export function documentsAre(filter: DocumentFilter, day: DocumentDay) {
  return (eb: LeadsEb) => {
    const hasChecklist = eb("l.documents_total", ">", sql.lit(0));
    const earliest = "l.documents_earliest_valid_through" as const;
    const allDone = eb.and([
      eb("l.documents_received", "=", eb.ref("l.documents_total")),
      eb.or([eb(earliest, "is", null), eb(earliest, ">", day.soon)]),
    ]);
    switch (filter) {
      // Documents asked for, nothing received yet.
      case "requested":
        return eb.and([hasChecklist, eb("l.documents_reviewed", "=", sql.lit(0))]);
      // Something received, something still to do (not received yet, or expiring, or expired).
      case "incomplete":
        return eb.and([hasChecklist, eb("l.documents_reviewed", ">", sql.lit(0)), eb.not(allDone)]);
      // Every item done.
      case "complete":
        return eb.and([hasChecklist, allDone]);
      // A received item whose last valid day is from today to soon. The earliest such day cannot say alone (an
      // expired item may come before it), but it is at most `soon` whenever one is: only those leads' items are
      // probed, through the (lead_id, review, valid_through) index.
      case "expiring":
        return eb.and([
          hasChecklist,
          eb(earliest, "<=", day.soon),
          eb.exists(
            eb
              .selectFrom("credential_items as ci")
              .select("ci.lead_id")
              .whereRef("ci.lead_id", "=", "l.id")
              .where(received)
              .where("ci.valid_through", ">=", day.today)
              .where("ci.valid_through", "<=", day.soon),
          ),
        ]);
      case "expired":
        return eb.and([hasChecklist, eb(earliest, "<", day.today)]);
    }
  };
}

/** The row's progress: how many of its checklist's items are done, of how many (0 of 0: no checklist). */
export const documentProgress = (day: DocumentDay) => (eb: LeadsEb) => [
  eb
    .selectFrom("credential_items as ci")
    .select(sql<number | string | bigint>`count(*)`.as("n"))
    .whereRef("ci.lead_id", "=", "l.id")
    .as("documents_total"),
  eb
    .selectFrom("credential_items as ci")
    .select(sql<number | string | bigint>`count(*)`.as("n"))
    .whereRef("ci.lead_id", "=", "l.id")
    .where(done(day))
    .as("documents_done"),
];
