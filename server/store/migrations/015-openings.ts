import { type Kysely, sql } from "kysely";
import type { StoreDialect } from "./dialect.ts";

/** Frozen: the statuses as staff/openings.ts listed them when this was written; a new one is a new migration. */
const STATUSES = ["draft", "published", "paused", "closed", "expired"];

/**
 * Openings, the recruiters' job ads. Each has a random short id that never changes (its public address ends with
 * it) and the slug of its current title; an address with an older slug is resolved by the short id. Pay is kept
 * in cents per hour, dates as YYYY-MM-DD, valid_through as the last millisecond the opening is shown. Openings are
 * closed, never deleted, so a lead's `opening_id` (the opening an application was for) keeps naming one; like
 * `assignee_id` it has no foreign key, which SQLite could not drop again.
 */
export function openings(dialect: StoreDialect) {
  const millis = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("openings")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("short_id", "text", (c) => c.notNull().unique())
        .addColumn("slug", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) =>
          c
            .notNull()
            .defaultTo("draft")
            .check(sql`status IN (${sql.join(STATUSES.map((s) => sql.lit(s)))})`),
        )
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("credential", "text", (c) => c.notNull())
        .addColumn("specialty", "text", (c) => c.notNull())
        .addColumn("setting", "text", (c) => c.notNull())
        .addColumn("city", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("postal_code", "text", (c) => c.notNull())
        .addColumn("employment_type", "text", (c) => c.notNull())
        .addColumn("shift", "text", (c) => c.notNull())
        .addColumn("pay_from_cents", "integer", (c) => c.notNull())
        .addColumn("pay_to_cents", "integer", (c) => c.notNull())
        .addColumn("start_date", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("valid_through", millis)
        .addColumn("published_at", millis)
        .addColumn("created_at", millis, (c) => c.notNull())
        .addColumn("updated_at", millis, (c) => c.notNull())
        .addCheckConstraint("openings_pay_range", sql`pay_from_cents <= pay_to_cents`)
        .execute();
      // The public list (published, newest first) and the expiry sweep (published, by valid-through).
      await db.schema
        .createIndex("openings_by_status_published")
        .on("openings")
        .columns(["status", "published_at", "id"])
        .execute();
      await db.schema
        .createIndex("openings_by_status_valid_through")
        .on("openings")
        .columns(["status", "valid_through"])
        .execute();

      await db.schema.alterTable("leads").addColumn("opening_id", "text").execute();
      // An opening's applications, newest first (its counts on the Openings page, the inbox's filter).
      await db.schema
        .createIndex("leads_by_opening")
        .on("leads")
        .columns(["opening_id", "created_at"])
        .where(sql.ref("opening_id"), "is not", null)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("leads_by_opening").execute();
      await db.schema.alterTable("leads").dropColumn("opening_id").execute();
      await db.schema.dropTable("openings").execute();
    },
  };
}
