import { sql } from "kysely";
import type { LeadDb } from "../database.ts";
import { parseFields } from "../database-rows.ts";
import type { Engine } from "../engine.ts";
import { escalationDue, missed } from "../response-clock.ts";
import type { NewMail } from "../store-records.ts";
import { queueMail } from "./mail-outbox.ts";
import { truthy } from "./staff-accounts.ts";

/**
 * The promises' escalations and the admins' daily digest (decision 026). Every instance sweeps; a
 * lead's escalation is claimed by a conditional update of its `escalated_at` and a day's digest by the insert of
 * its `promise_digests` row, each in the transaction that queues its messages, so only the instance whose
 * statement changed a row queues anything, and the mail outbox's `dedupe_key` holds each message to one.
 */

/** A lead whose due time has passed unanswered and whose escalation is undecided. */
export interface OverdueLead {
  id: string;
  formId: string;
  createdAt: number;
  dueAt: number;
  assigneeId: string | null;
  fields: Record<string, string>;
}

/** An assigned lead with received credential documents expiring within the window, or expired: how many of each. */
export interface DocumentAlert {
  id: string;
  formId: string;
  assigneeId: string;
  expiring: number;
  expired: number;
}

/** How many promises of one form a digest's window missed. */
export interface MissedPromises {
  formId: string;
  missed: number;
}

/** Due in [from, to), not spam, and its promise missed: answered after its due time or not at all. */
const missedIn = (db: LeadDb, from: number, to: number) =>
  db
    .selectFrom("leads as l")
    .where("l.due_at", ">=", from)
    .where("l.due_at", "<", to)
    .where("l.state", "!=", "spam")
    .where(missed);

export function escalationQueries(engine: Engine) {
  const { db, write } = engine;
  return {
    /** Up to `limit` leads whose escalation is due at `now` (overdue, not decided), earliest due first. */
    async overdue(now: number, limit: number): Promise<OverdueLead[]> {
      const rows = await db
        .selectFrom("leads as l")
        .select(["l.id", "l.form_id", "l.created_at", "l.due_at", "l.assignee_id", "l.fields"])
        .where(escalationDue(now))
        .where("l.state", "!=", "spam")
        .orderBy("l.due_at")
        .orderBy("l.id")
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        formId: row.form_id,
        createdAt: Number(row.created_at),
        dueAt: Number(row.due_at),
        assigneeId: row.assignee_id,
        fields: parseFields(row.fields),
      }));
    },

    /** The staff accounts not disabled: who may be told. */
    async activeStaff() {
      const rows = await db
        .selectFrom("staff_user")
        .select(["id", "email", "role", "disabled"])
        .orderBy("email")
        .execute();
      return rows
        .filter((row) => !truthy(row.disabled))
        .map((row) => ({ id: row.id, email: row.email, role: row.role }));
    },

    /**
     * Decides the lead's escalation at `at` and queues `mails` (none: decided, not sent), if it is still due
     * (unanswered and undecided); false when another instance (or an answer) came first, and nothing was queued.
     */
    escalate: (leadId: string, at: number, mails: readonly NewMail[]) =>
      write(async (trx) => {
        const claimed = await trx
          .updateTable("leads as l")
          .set({ escalated_at: at })
          .where("l.id", "=", leadId)
          .where(escalationDue(at))
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return false;
        for (const mail of mails) await queueMail(trx, mail, at);
        return true;
      }),

    /**
     * Assigned leads (not spam) whose received (submitted or verified) checklist items end their validity by `soon`
     * (YYYY-MM-DD): those still valid on `today` count as expiring, the others as expired.
     */
    async documentAlerts(today: string, soon: string): Promise<DocumentAlert[]> {
      const rows = await db
        .selectFrom("credential_items as ci")
        .innerJoin("leads as l", "l.id", "ci.lead_id")
        .select([
          "l.id",
          "l.form_id",
          "l.assignee_id",
          sql<number>`sum(case when ci.valid_through >= ${today} then 1 else 0 end)`.as("expiring"),
          sql<number>`sum(case when ci.valid_through < ${today} then 1 else 0 end)`.as("expired"),
        ])
        .where("ci.review", "in", ["submitted", "verified"])
        .where("ci.valid_through", "<=", soon)
        .where("l.assignee_id", "is not", null)
        .where("l.state", "!=", "spam")
        .groupBy(["l.id", "l.form_id", "l.assignee_id", "l.created_at"])
        .orderBy("l.created_at")
        .execute();
      return rows.map((row) => ({
        id: row.id,
        formId: row.form_id,
        assigneeId: row.assignee_id ?? "",
        expiring: Number(row.expiring),
        expired: Number(row.expired),
      }));
    },

    /** Whether the business day's digest was claimed already (the sweep then counts nothing). */
    async digestClaimed(businessDay: string) {
      const row = await db
        .selectFrom("promise_digests")
        .select("business_day")
        .where("business_day", "=", businessDay)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The promises due in [from, to) that were missed, per form, and the ids of the first `leads` of them. */
    async missed(from: number, to: number, leads: number) {
      const [forms, first] = await Promise.all([
        missedIn(db, from, to)
          .select((eb) => ["form_id", eb.fn.countAll<number | string | bigint>().as("missed")])
          .groupBy("form_id")
          .orderBy("form_id")
          .execute(),
        missedIn(db, from, to)
          .select(["id", "form_id"])
          .orderBy("due_at")
          .orderBy("id")
          .limit(leads)
          .execute(),
      ]);
      return {
        forms: forms.map((row): MissedPromises => ({ formId: row.form_id, missed: Number(row.missed) })),
        leads: first.map((row) => ({ id: row.id, formId: row.form_id })),
      };
    },

    /**
     * Records the business day's digest (how many promises it counted) and queues `mails`, unless the day was
     * recorded already; false then, and nothing was queued.
     */
    claimDigest: (businessDay: string, at: number, missed: number, mails: readonly NewMail[]) =>
      write(async (trx) => {
        const claimed = await trx
          .insertInto("promise_digests")
          .values({ business_day: businessDay, at, missed })
          .onConflict((conflict) => conflict.column("business_day").doNothing())
          .executeTakeFirst();
        if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
        for (const mail of mails) await queueMail(trx, mail, at);
        return true;
      }),
  };
}

export type EscalationQueries = ReturnType<typeof escalationQueries>;
