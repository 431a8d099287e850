import { type Kysely, sql } from "kysely";
import type { StoreDialect } from "./dialect.ts";

/**
 * A nurse's credential file: the private links a recruiter sends her (the token only as its SHA-256, with when it
 * was made, when it lapses and when it was revoked; renewing revokes one and adds the next), her checklist's
 * items (each a copy of its definition when first requested, with the recruiters' decision on its latest
 * submission and the last day it is valid, as YYYY-MM-DD text so both databases compare dates as strings), and
 * every submission, kept as history, with the key id its encrypted file is under. All of it goes with the lead.
 */
export function credentialFiles(dialect: StoreDialect) {
  const pg = dialect === "postgres";
  const id = pg ? "uuid" : "text";
  const millis = pg ? "bigint" : "integer";

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("credential_requests")
        .addColumn("id", id, (c) => c.primaryKey())
        .addColumn("lead_id", id, (c) => c.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("credential", "text", (c) =>
          c.notNull().check(sql`credential IN ('RN', 'LPN', 'CNA', 'NP')`),
        )
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("created_at", millis, (c) => c.notNull())
        .addColumn("expires_at", millis, (c) => c.notNull())
        .addColumn("revoked_at", millis)
        .addColumn("created_by", "text", (c) => c.references("staff_user.id").onDelete("set null"))
        .execute();
      await db.schema
        .createIndex("credential_requests_by_lead")
        .on("credential_requests")
        .columns(["lead_id", "created_at"])
        .execute();

      await db.schema
        .createTable("credential_items")
        .addColumn("id", id, (c) => c.primaryKey())
        .addColumn("lead_id", id, (c) => c.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("item_key", "text", (c) => c.notNull())
        .addColumn("position", "integer", (c) => c.notNull())
        // The item as it was defined when first requested (JSON): name, document, fields, validity.
        .addColumn("definition", "text", (c) => c.notNull())
        // null: nothing submitted yet.
        .addColumn("review", "text", (c) => c.check(sql`review IN ('submitted', 'verified', 'rejected')`))
        .addColumn("reject_reason", "text")
        .addColumn("valid_through", "text")
        // The submission the review is about (the latest); a plain id, since submissions reference items.
        .addColumn("submission_id", id)
        .addColumn("reviewed_at", millis)
        .addColumn("reviewed_by", "text", (c) => c.references("staff_user.id").onDelete("set null"))
        .addUniqueConstraint("credential_items_one_key_per_lead", ["lead_id", "item_key"])
        .execute();
      await db.schema
        .createIndex("credential_items_by_validity")
        .on("credential_items")
        .columns(["valid_through", "lead_id"])
        .execute();

      await db.schema
        .createTable("credential_submissions")
        .addColumn("id", id, (c) => c.primaryKey())
        .addColumn("item_id", id, (c) => c.notNull().references("credential_items.id").onDelete("cascade"))
        .addColumn("lead_id", id, (c) => c.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("submitted_at", millis, (c) => c.notNull())
        // What she typed in (JSON), checked against the item's fields.
        .addColumn("fields", "text", (c) => c.notNull())
        // The document, when one came with it: its type from its content, its size, and the key it is under.
        .addColumn("file_type", "text", (c) => c.check(sql`file_type IN ('pdf', 'jpeg', 'png', 'heic')`))
        .addColumn("file_size", "integer")
        .addColumn("key_id", "text")
        .addColumn("decision", "text", (c) => c.check(sql`decision IN ('verified', 'rejected')`))
        .addColumn("reason", "text")
        .addColumn("decided_at", millis)
        .addColumn("decided_by", "text", (c) => c.references("staff_user.id").onDelete("set null"))
        .execute();
      await db.schema
        .createIndex("credential_submissions_by_item")
        .on("credential_submissions")
        .columns(["item_id", "submitted_at"])
        .execute();
      await db.schema
        .createIndex("credential_submissions_by_lead")
        .on("credential_submissions")
        .column("lead_id")
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["credential_submissions", "credential_items", "credential_requests"])
        await db.schema.dropTable(table).execute();
    },
  };
}
