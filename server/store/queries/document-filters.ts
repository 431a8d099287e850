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
 * The leads a Documents filter keeps, each as `l.id IN` a set the database makes once per statement: the leads
 * whose checklist's items, grouped through the (lead_id, review, valid_through) index, are all missing
 * (requested), partly received and partly not done (incomplete) or all done (complete); the leads of items whose
 * last valid day is near or past (expiring, expired), through the (valid_through, lead_id) index. A probe of each
 * lead's checklist instead (EXISTS per lead) cost two index searches for every lead of the role, in every one of
 * the list's statements (its page, its counts, its openings' counts): the measurements are in decision 029.
 */
export function documentsAre(filter: DocumentFilter, day: DocumentDay) {
  return (eb: LeadsEb) => {
    const items = () => eb.selectFrom("credential_items as ci").select("ci.lead_id");
    const checklists = (having: ReturnType<typeof sql<SqlBool>>) =>
      eb("l.id", "in", items().groupBy("ci.lead_id").having(having));
    const notDone = sql<number>`sum(case when ${done(day)} then 0 else 1 end)`;
    switch (filter) {
      // Documents asked for, nothing received yet.
      case "requested":
        return checklists(sql<SqlBool>`count(ci.review) = 0`);
      // Something received, something still to do.
      case "incomplete":
        return checklists(sql<SqlBool>`count(ci.review) > 0 and ${notDone} > 0`);
      // Every item done.
      case "complete":
        return checklists(sql<SqlBool>`${notDone} = 0`);
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
