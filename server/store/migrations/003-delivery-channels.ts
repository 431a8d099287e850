import { type Kysely, sql } from "kysely";
import type { StoreDialect } from "./dialect.ts";

const COPIED = [
  "enqueued_at",
  "next_attempt_at",
  "attempts",
  "lease_until",
  "lease_token",
  "last_attempt_at",
  "last_status",
  "last_error",
  "problem",
] as const;

/**
 * One outbox delivery per lead and channel (decision 014). The outbox is rebuilt with its own id (the
 * delivery id, sent as the webhook-id), the channel and the delivery's state; every existing entry becomes the
 * `formservice` delivery of its lead, with the id of the lead. Alert incidents are kept in `alert_incidents`.
 */
export function deliveryChannels(dialect: StoreDialect) {
  const pg = dialect === "postgres";
  const id = pg ? "uuid" : "text";
  const millis = pg ? "bigint" : "integer";
  const columns = sql.join(COPIED.map((column) => sql.ref(column)));
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("outbox_v3")
        .addColumn("id", id, (column) => column.primaryKey())
        .addColumn("lead_id", id, (column) => column.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("channel", "text", (column) => column.notNull())
        .addColumn("state", "text", (column) =>
          column.notNull().defaultTo("pending").check(sql`state IN ('pending', 'delivered', 'dead')`),
        )
        .addColumn("enqueued_at", millis, (column) => column.notNull())
        .addColumn("next_attempt_at", millis)
        .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("lease_until", millis)
        .addColumn("lease_token", "text")
        .addColumn("last_attempt_at", millis)
        .addColumn("last_status", "integer")
        .addColumn("last_error", "text")
        .addColumn("problem", "text")
        .addUniqueConstraint("outbox_one_per_channel", ["lead_id", "channel"])
        .execute();
      await sql`INSERT INTO outbox_v3 (id, lead_id, channel, state, ${columns})
        SELECT o.lead_id, o.lead_id, 'formservice',
          CASE l.state WHEN 'delivered' THEN 'delivered' WHEN 'dead' THEN 'dead' ELSE 'pending' END, ${sql.join(
            COPIED.map((column) => sql.ref(`o.${column}`)),
          )}
        FROM outbox o JOIN leads l ON l.id = o.lead_id`.execute(db);
      await db.schema.dropTable("outbox").execute();
      await db.schema.alterTable("outbox_v3").renameTo("outbox").execute();
      await db.schema.createIndex("outbox_by_due").on("outbox").column("next_attempt_at").execute();
      await db.schema
        .createTable("alert_incidents")
        .addColumn("kind", "text", (column) => column.primaryKey())
        .addColumn("opened_at", millis, (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("alert_incidents").execute();
      await db.schema
        .createTable("outbox_v2")
        .addColumn("lead_id", id, (column) => column.primaryKey().references("leads.id").onDelete("cascade"))
        .addColumn("enqueued_at", millis, (column) => column.notNull())
        .addColumn("next_attempt_at", millis)
        .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("lease_until", millis)
        .addColumn("last_attempt_at", millis)
        .addColumn("last_status", "integer")
        .addColumn("last_error", "text")
        .addColumn("problem", "text")
        .addColumn("lease_token", "text")
        .execute();
      // Only the form service existed before: its deliveries are the outbox; other channels' are dropped.
      await sql`INSERT INTO outbox_v2 (lead_id, ${columns})
        SELECT lead_id, ${columns} FROM outbox WHERE channel = 'formservice'`.execute(db);
      await db.schema.dropTable("outbox").execute();
      await db.schema.alterTable("outbox_v2").renameTo("outbox").execute();
      await db.schema.createIndex("outbox_by_due").on("outbox").column("next_attempt_at").execute();
    },
  };
}
