import { type Kysely, sql } from "kysely";
import type { StoreDialect } from "./dialect.ts";

/**
 * The shared rate limiter's table on PostgreSQL (decision 011), in rate-limiter-flexible's own layout. The library
 * used to create it as each instance started, with a `CREATE TABLE IF NOT EXISTS` that fails one of two
 * instances starting together (a duplicate-object error); made here, under the migrations' lock, it exists
 * once before any limiter counts, and the library is told so (`tableCreated`). `IF NOT EXISTS`: a database the
 * library already set up keeps its table and counts. SQLite counts in memory and needs none.
 */
/** As `RATE_LIMIT_TABLE` names it in server/leads/rate-limit.ts; a migration keeps its own words. */
const TABLE = "lead_rate_limits";

export const rateLimitTable = (dialect: StoreDialect) => ({
  async up(db: Kysely<unknown>) {
    if (dialect !== "postgres") return;
    await sql`CREATE TABLE IF NOT EXISTS ${sql.table(TABLE)} (
      key varchar(255) PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    )`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (dialect !== "postgres") return;
    await db.schema.dropTable(TABLE).ifExists().execute();
  },
});
