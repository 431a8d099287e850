import type { Kysely } from "kysely";
import type { StoreDialect } from "./dialect.ts";

/**
 * The inbox counts per form, status, campaign and referrer in one grouped scan (decision 017). 004's covering
 * index `leads_inbox` holds the form, status, state and date (and SQLite's search text), not the source
 * columns, so that scan read every lead's row (decision 017 has the cost). Rebuilt with the two source
 * columns in the GROUP BY's order, the scan reads the index alone again. Same number of indexes, so writes
 * cost the same.
 */
const columns = (dialect: StoreDialect, withSources: boolean) => [
  "form_id",
  "status",
  ...(withSources ? ["utm_campaign", "referrer"] : []),
  "state",
  "created_at",
  ...(dialect === "postgres" ? [] : ["search_text"]),
];

export const inboxSourceCounts = (dialect: StoreDialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex("leads_inbox").execute();
    await db.schema.createIndex("leads_inbox").on("leads").columns(columns(dialect, true)).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("leads_inbox").execute();
    await db.schema.createIndex("leads_inbox").on("leads").columns(columns(dialect, false)).execute();
  },
});
