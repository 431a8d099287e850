import { rm } from "node:fs/promises";
import pg from "pg";

/** After the staff UI suite: its PostgreSQL schema and its run directory (stores, seeds) go. */
export default async function teardown() {
  const schema = process.env.E2E_STAFF_PG_SCHEMA;
  if (schema && process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    } finally {
      await client.end();
    }
  }
  if (process.env.E2E_STAFF_RUN_DIR)
    await rm(process.env.E2E_STAFF_RUN_DIR, { recursive: true, force: true });
}
