import type { Kysely } from "kysely";
import type { StoreDialect } from "./dialect.ts";

/**
 * On PostgreSQL, the one state every instance shares, each credential document's encrypted bytes (the same bytes
 * SQLite keeps as DATA_DIR/documents/<submission id>.sealed), committed with their submission and gone with it, so
 * any instance reads what another received and pg_dump carries them, still encrypted. SQLite keeps its files, as
 * it keeps resumes: nothing to add there.
 */
export function credentialDocuments(dialect: StoreDialect) {
  const pg = dialect === "postgres";
  return {
    async up(db: Kysely<unknown>) {
      if (!pg) return;
      await db.schema
        .createTable("credential_documents")
        .addColumn("submission_id", "uuid", (c) =>
          c.primaryKey().references("credential_submissions.id").onDelete("cascade"),
        )
        .addColumn("content", "bytea", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      if (pg) await db.schema.dropTable("credential_documents").execute();
    },
  };
}
