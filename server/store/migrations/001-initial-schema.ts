import { type Kysely, sql } from "kysely";
import type { StoreDialect } from "./dialect.ts";

/** The table the hand-written runners of decision 003 kept; its version 1 is this migration. */
const LEGACY_TABLE = "schema_migrations";

async function hasLegacySchema(db: Kysely<unknown>, dialect: StoreDialect): Promise<boolean> {
  const found =
    dialect === "postgres"
      ? await sql<{ found: boolean }>`SELECT to_regclass(${LEGACY_TABLE}) IS NOT NULL AS found`.execute(db)
      : await sql<{ found: number }>`SELECT COUNT(*) AS found FROM sqlite_master
          WHERE type = 'table' AND name = ${LEGACY_TABLE}`.execute(db);
  return Boolean(found.rows[0]?.found);
}

/**
 * The schema as both hand-written runners left it at their version 1. A database they created is adopted:
 * its tables are kept as they are and their version table is dropped.
 */
export function initialSchema(dialect: StoreDialect) {
  const pg = dialect === "postgres";
  const id = pg ? "uuid" : "text";
  const millis = pg ? "bigint" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      if (await hasLegacySchema(db, dialect)) {
        await db.schema.dropTable(LEGACY_TABLE).execute();
        return;
      }
      await db.schema
        .createTable("leads")
        .addColumn("id", id, (column) => column.primaryKey())
        .addColumn("form_id", "text", (column) => column.notNull())
        .addColumn("state", "text", (column) =>
          column.notNull().check(sql`state IN ('pending', 'delivered', 'dead', 'spam')`),
        )
        .addColumn("fields", pg ? "jsonb" : "text", (column) => column.notNull())
        .addColumn("resume_name", "text")
        .addColumn("resume_kind", "text")
        .addColumn("resume_size", "integer")
        .addColumn("resume_sha256", "text")
        .addColumn("created_at", millis, (column) => column.notNull())
        .addColumn("delivered_at", millis)
        .execute();
      await db.schema.createIndex("leads_by_created").on("leads").column("created_at").execute();
      await db.schema.createIndex("leads_by_state").on("leads").columns(["state", "created_at"]).execute();
      if (pg) {
        await db.schema
          .createTable("lead_files")
          .addColumn("lead_id", id, (column) =>
            column.primaryKey().references("leads.id").onDelete("cascade"),
          )
          .addColumn("content", "bytea", (column) => column.notNull())
          .execute();
      }
      await db.schema
        .createTable("outbox")
        .addColumn("lead_id", id, (column) => column.primaryKey().references("leads.id").onDelete("cascade"))
        .addColumn("enqueued_at", millis, (column) => column.notNull())
        .addColumn("next_attempt_at", millis)
        .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("lease_until", millis)
        .addColumn("last_attempt_at", millis)
        .addColumn("last_status", "integer")
        .addColumn("last_error", "text")
        .addColumn("problem", "text")
        .execute();
      await db.schema.createIndex("outbox_by_due").on("outbox").column("next_attempt_at").execute();
      await db.schema
        .createTable("idempotency_keys")
        .addColumn("key", "text", (column) => column.primaryKey())
        .addColumn("payload_hash", "text", (column) => column.notNull())
        .addColumn("lead_id", id, (column) => column.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("created_at", millis, (column) => column.notNull())
        .execute();
      await db.schema.createIndex("idempotency_by_lead").on("idempotency_keys").column("lead_id").execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["idempotency_keys", "outbox", "lead_files", "leads"])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
