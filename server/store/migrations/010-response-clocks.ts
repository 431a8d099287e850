import { type Kysely, sql } from "kysely";
import { backfill } from "./backfill.ts";
import type { StoreDialect } from "./dialect.ts";
import { dueAtAt010 } from "./frozen/due-at-010.ts";

/**
 * Each lead's response clock (decision 025): when it is due, when it was first answered, and whether
 * its escalation was decided (sent, or not because escalations were off). The existing leads are given a due
 * time from the promises and the default calendar as they stood when this was written (a migration keeps its own
 * frozen copy of them: frozen/due-at-010.ts), their first response from the history (the status leaving New, the
 * only kind there was), and every one already past due counts as escalated: switching this on sends no flood of
 * escalations for old leads. One row per business day records the admins' digest, so one instance sends it.
 */
export function responseClocks(dialect: StoreDialect) {
  const millis = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ["due_at", "first_response_at", "escalated_at"])
        await db.schema.alterTable("leads").addColumn(column, millis).execute();
      await backfill(db, dialect, { due_at: "bigint" }, ({ formId, createdAt }) => [
        dueAtAt010(formId, createdAt),
      ]);
      await sql`UPDATE leads SET first_response_at = (
        SELECT MIN(h.at) FROM lead_history h
        WHERE h.lead_id = leads.id AND h.action = 'status' AND h.from_value = 'New')`.execute(db);
      const now = Date.now();
      await sql`UPDATE leads SET escalated_at = ${now} WHERE due_at <= ${now}`.execute(db);
      // The Due-first sort, the Overdue filter and count, and the escalation sweep: unanswered leads by due time.
      await db.schema
        .createIndex("leads_unanswered_due")
        .on("leads")
        .columns(["due_at", "form_id", "state"])
        .where(sql.ref("first_response_at"), "is", null)
        .execute();
      await db.schema
        .createTable("promise_digests")
        .addColumn("business_day", "text", (c) => c.primaryKey())
        .addColumn("at", millis, (c) => c.notNull())
        .addColumn("missed", "integer", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("promise_digests").execute();
      await db.schema.dropIndex("leads_unanswered_due").execute();
      for (const column of ["escalated_at", "first_response_at", "due_at"])
        await db.schema.alterTable("leads").dropColumn(column).execute();
    },
  };
}
