import { type SqlBool, sql } from "kysely";
import type { LeadDb } from "./database.ts";

/**
 * A lead's response clock in SQL (decisions 025, 026), each rule once, over the leads aliased `l`: the inbox's
 * Overdue view and due sort, the escalations, the admins' digest and the reports all read it from here. The
 * same rules in JavaScript are staff/due.ts's (the promise's state the staff API answers: due, met, missed);
 * response-clock.test.ts holds the two to each other on both databases.
 *
 * Every lead has a due time: intake writes one (its arrival when none is given) and migration 010 gave one to
 * every lead before it. The forms read `due_at` as it stands, so the partial index `leads_unanswered_due`
 * (due_at WHERE first_response_at IS NULL) serves the Overdue view and the escalation sweep.
 */

const firstResponseAt = sql.ref("l.first_response_at");
const dueAt = sql.ref("l.due_at");
const createdAt = sql.ref("l.created_at");

/** No first response yet. */
export const unanswered = sql<SqlBool>`${firstResponseAt} is null`;

/** A first response came: a reply, a logged call or the status leaving New (markAnswered). */
export const answered = sql<SqlBool>`${firstResponseAt} is not null`;

/** The promise met: the first response came by the due time, that very millisecond included. */
export const answeredInTime = sql<SqlBool>`${firstResponseAt} <= ${dueAt}`;

/** The promise missed: not answered in time, late or not at all (of a lead whose due time has passed). */
export const missed = sql<SqlBool>`not coalesce(${answeredInTime}, false)`;

/** Overdue at `at`: unanswered and past its due time (strictly: the due millisecond itself is still in time). */
export const overdue = (at: number) => sql<SqlBool>`(${unanswered} and ${dueAt} < ${at})`;

/** The lead's escalation falls due at `at`: it is overdue, and nobody decided its escalation yet. */
export const escalationDue = (at: number) =>
  sql<SqlBool>`(${overdue(at)} and ${sql.ref("l.escalated_at")} is null)`;

/**
 * The Due sort's two keys, in order: the unanswered before the answered, then the earliest due first among the
 * unanswered (the answered tie here, and the keys after these order them).
 */
export const unansweredByDue = [
  sql<number>`case when ${unanswered} then 0 else 1 end`,
  sql<number | null>`case when ${unanswered} then ${dueAt} end`,
] as const;

/** From arrival to the first response (ms); one stamped a moment before its lead (two clocks) is immediate. */
export const timeToFirstResponse = sql<number>`case when ${firstResponseAt} < ${createdAt} then 0 else ${firstResponseAt} - ${createdAt} end`;

/**
 * Marks the lead answered at `at`, in the transaction of what answered it (a reply, a logged call, its status
 * leaving New): the first response is set once, and a later answer leaves it as it was.
 */
export const markAnswered = (trx: LeadDb, leadId: string, at: number) =>
  trx
    .updateTable("leads")
    .set({ first_response_at: at })
    .where("id", "=", leadId)
    .where("first_response_at", "is", null)
    .execute();
