import { type Kysely, sql } from "kysely";
import type { StoreDialect } from "./dialect.ts";
import { mailboxKey013 } from "./frozen/mailbox-key-013.ts";

/** The window one confirmation per mailbox spans: the queued confirmations younger than this get their key. */
const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows per UPDATE of that backfill (one statement each: SQLite runs its migrations outside a transaction). */
const BATCH = 500;

/**
 * Confirmations counted by mailbox, recipient domain and hour. A queued confirmation keeps its mailbox's key
 * (every spelling of one address folded, frozen/mailbox-key-013.ts), indexed for the one-a-day check; a
 * counter per clock hour and recipient domain, and one for all (`*`), holds the hourly limits. Those queued in
 * the last day get their key here, so the limit holds across the upgrade.
 */
export function confirmationBudgets(dialect: StoreDialect) {
  const millis = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("mail_outbox").addColumn("mailbox_key", "text").execute();
      const { rows } = await sql<{ id: string; to_address: string }>`SELECT id, to_address FROM mail_outbox
        WHERE kind = 'confirmation' AND message_id IS NOT NULL AND created_at > ${Date.now() - DAY_MS}`.execute(
        db,
      );
      for (let start = 0; start < rows.length; start += BATCH) {
        const batch = rows.slice(start, start + BATCH);
        const keys = batch.map((row) => sql`WHEN ${row.id} THEN ${mailboxKey013(row.to_address)}`);
        await sql`UPDATE mail_outbox SET mailbox_key = CASE id ${sql.join(keys, sql` `)} END
          WHERE id IN (${sql.join(batch.map((row) => row.id))})`.execute(db);
      }
      await db.schema
        .createIndex("mail_outbox_by_mailbox")
        .on("mail_outbox")
        .columns(["mailbox_key", "created_at"])
        .where(sql.ref("mailbox_key"), "is not", null)
        .execute();
      await db.schema
        .createTable("confirmation_budgets")
        .addColumn("hour_start", millis, (c) => c.notNull())
        .addColumn("bucket", "text", (c) => c.notNull())
        .addColumn("sent", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("confirmation_budgets_pk", ["hour_start", "bucket"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("confirmation_budgets").execute();
      await db.schema.dropIndex("mail_outbox_by_mailbox").execute();
      await db.schema.alterTable("mail_outbox").dropColumn("mailbox_key").execute();
    },
  };
}
