import { type Kysely, sql } from "kysely";
import type { StoreDialect } from "./dialect.ts";

/**
 * The admins' checklists and the expiry reminders. `credential_checklists` holds, per credential, the catalog
 * items an admin chose, in order (no rows for a credential: its shipped defaults). `credential_reminders` records
 * each reminder sent for an item, by kind ("30", "7": days before its last valid day; "expired") and the last
 * valid day it was about, so two instances and restarts send each once and a renewed document is reminded anew.
 * The inbox's Documents filter and its rows' progress read a lead's items by (lead_id, review, valid_through); the
 * reports find the items verified in a range by (review, reviewed_at, lead_id).
 */
export function checklistsAndReminders(dialect: StoreDialect) {
  const pg = dialect === "postgres";
  const id = pg ? "uuid" : "text";
  const millis = pg ? "bigint" : "integer";

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("credential_checklists")
        .addColumn("credential", "text", (c) =>
          c.notNull().check(sql`credential IN ('RN', 'LPN', 'CNA', 'NP')`),
        )
        .addColumn("item_id", "text", (c) => c.notNull())
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("updated_at", millis, (c) => c.notNull())
        .addColumn("updated_by", "text", (c) => c.references("staff_user.id").onDelete("set null"))
        .addPrimaryKeyConstraint("credential_checklists_pk", ["credential", "item_id"])
        .execute();

      await db.schema
        .createIndex("credential_items_progress")
        .on("credential_items")
        .columns(["lead_id", "review", "valid_through"])
        .execute();

      await db.schema
        .createIndex("credential_items_by_review")
        .on("credential_items")
        .columns(["review", "reviewed_at", "lead_id"])
        .execute();

      await db.schema
        .createTable("credential_reminders")
        .addColumn("item_id", id, (c) => c.notNull().references("credential_items.id").onDelete("cascade"))
        .addColumn("lead_id", id, (c) => c.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("valid_through", "text", (c) => c.notNull())
        .addColumn("sent_at", millis, (c) => c.notNull())
        .addPrimaryKeyConstraint("credential_reminders_pk", ["item_id", "kind", "valid_through"])
        .execute();
      await db.schema
        .createIndex("credential_reminders_by_lead")
        .on("credential_reminders")
        .column("lead_id")
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("credential_reminders").execute();
      await db.schema.dropTable("credential_checklists").execute();
      await db.schema.dropIndex("credential_items_progress").execute();
      await db.schema.dropIndex("credential_items_by_review").execute();
    },
  };
}
