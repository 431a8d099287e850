import type { Kysely } from "kysely";
import type { StoreDialect } from "./dialect.ts";

/**
 * The one-confirmation-a-day limit is counted from the leads themselves (decision 024): a lead's `email_key`
 * (migration 009, indexed) and its confirmation in the mail outbox. The table of address hashes that counted it
 * before put one entry per lead on a random page of its index, which each lead's commit then wrote; it goes.
 */
export function confirmationsCountedByLead(dialect: StoreDialect) {
  const millis = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropTable("confirmation_limits").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema
        .createTable("confirmation_limits")
        .addColumn("address_hash", "text", (c) => c.primaryKey())
        .addColumn("confirmed_at", millis, (c) => c.notNull())
        .execute();
    },
  };
}
