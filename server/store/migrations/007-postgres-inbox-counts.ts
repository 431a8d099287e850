import type { Kysely } from "kysely";
import type { StoreDialect } from "./dialect.ts";

/**
 * The inbox counts (one grouped scan by form, status, campaign and referrer) on PostgreSQL. Its planner reads
 * `leads_inbox` (which also holds the date, for the list) as too wide and scans the table with a hash
 * aggregate. This index holds the GROUP BY's columns and the state filter only, so the counts are an
 * index-only scan in group order (README, `npm run bench:inbox`, has both times). SQLite needs none: its
 * `leads_inbox` already serves the counts alone (inbox-sources.test.ts checks its plan).
 */
export const postgresInboxCounts = (dialect: StoreDialect) => ({
  async up(db: Kysely<unknown>) {
    if (dialect !== "postgres") return;
    await db.schema
      .createIndex("leads_counts")
      .on("leads")
      .columns(["form_id", "status", "utm_campaign", "referrer", "state"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    if (dialect !== "postgres") return;
    await db.schema.dropIndex("leads_counts").execute();
  },
});
