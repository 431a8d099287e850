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
 * The leads a Documents filter keeps. Expiring and expired read the items by their last valid day (`l.id IN` the
 * leads of those items); the others ask each lead's checklist through its (lead_id, review, valid_through) index
 * whether it has an item of a kind: a probe per lead, where grouping every checklist's items cost far more.
 */
export function documentsAre(filter: DocumentFilter, day: DocumentDay) {
  return (eb: LeadsEb) => {
    const items = () => eb.selectFrom("credential_items as ci").select("ci.lead_id");
    const any = (where?: ReturnType<typeof sql<SqlBool>>) => {
      const own = items().whereRef("ci.lead_id", "=", "l.id");
      return eb.exists(where ? own.where(where) : own);
    };
    const receivedAny = sql<SqlBool>`ci.review is not null`;
    // A missing item's review is null, which `not (... in ...)` would leave unknown rather than true.
    const notDone = sql<SqlBool>`(ci.review is null or not ${done(day)})`;
    switch (filter) {
      // Documents asked for, nothing received yet.
      case "requested":
        return eb.and([any(), eb.not(any(receivedAny))]);
      // Something received, something still to do.
      case "incomplete":
        return eb.and([any(receivedAny), any(notDone)]);
      // Every item done.
      case "complete":
        return eb.and([any(), eb.not(any(notDone))]);
      case "expiring":
        return eb(
          "l.id",
          "in",
          items()
            .where(received)
            .where("ci.valid_through", ">=", day.today)
            .where("ci.valid_through", "<=", day.soon),
        );
      case "expired":
        return eb("l.id", "in", items().where(received).where("ci.valid_through", "<", day.today));
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
