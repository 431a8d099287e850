import { readFile } from "node:fs/promises";
import { Kysely, sql } from "kysely";
import pLimit from "p-limit";
import pg from "pg";
import { RESUME_TYPES, type ResumeKind } from "../../leads/resume.ts";
import type { Database } from "./database.ts";
import type { Engine, ResumeKeeper } from "./engine.ts";
import { migrateToLatest } from "./migrations/index.ts";
import { OwnSchemaPostgresDialect } from "./postgres-dialect.ts";
import { removeQuietly } from "./resume-files.ts";

/**
 * Two at once: 20 concurrent 10 MB applications then stay within the server's memory target, which they pass
 * unbounded, in the same wall time, since the uploads, not the database, set the pace (decision 019 has the
 * figures).
 */
const PG_RESUMES_IN_MEMORY = 2;

/** The first half of the store's advisory lock keys (`serialiseOn`), so no other use of advisory locks meets them. */
const ADVISORY_LOCK_CLASS = 7_011;

/** The pool's size: the lead path, the relay and the staff side share it. */
const PG_POOL_SIZE = 10;

/** BIGINT (ms timestamps, counts) as numbers: every value we keep is far below 2^53. */
export const pgTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.INT8
      ? Number
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig["getTypeParser"],
};

/**
 * The shared database: several server instances and relays can use one PostgreSQL database. One pool per
 * process, shared by everything in it; a write is one transaction.
 */
export async function openPostgresEngine(
  connectionString: string,
  options: { onError?: (error: Error) => void; resumesInMemory?: number | undefined } = {},
): Promise<Engine> {
  const pool = new pg.Pool({
    connectionString,
    max: PG_POOL_SIZE,
    connectionTimeoutMillis: 5000,
    types: pgTypes,
  });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on("error", options.onError ?? (() => undefined));
  const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
  try {
    await migrateToLatest(db as Kysely<unknown>, "postgres");
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return {
    dialect: "postgres",
    db,
    write: (work) => db.transaction().execute(work),
    sql: {
      newToken: sql<string>`gen_random_uuid()::text`,
      // Instances claim and settle concurrently: the rows they read must stay theirs until they commit.
      rowLocks: true,
      // JSONB reads a field as text with ->>.
      leadField: (name) => sql<string>`l.fields->>${name}`,
      // PostgreSQL lists a JSONB object's keys with the set-returning jsonb_object_keys (its one column: j.j).
      fieldKeys: { table: sql`jsonb_object_keys(l.fields)`, key: sql<string>`j.j` },
      // A heap has no rowid a plan could use instead: the id names the lead.
      rowKey: sql<string>`l.id`,
      // Instances decide concurrently: a transaction-scoped advisory lock on the key's hash (a shared hash only
      // makes two keys wait for each other), in a class of its own.
      serialiseOn: (key) =>
        sql`SELECT pg_advisory_xact_lock(${sql.lit(ADVISORY_LOCK_CLASS)}, hashtext(${key}))`,
    },
    resumes: resumeRows(options.resumesInMemory ?? PG_RESUMES_IN_MEMORY),
    // Autovacuum keeps the statistics.
    refreshStatistics: async () => undefined,
    // A writer waiting on a row lock takes it the moment the batch commits: nothing to wait for.
    yieldToOtherWriters: async () => undefined,
    close: () => db.destroy(),
  };
}

/** Resumes in `lead_files`, committed with their lead, so every instance can read them. */
function resumeRows(inMemory: number): ResumeKeeper {
  return {
    locationOf: (row) => `postgres:lead_files/${row.id}`,
    limit: pLimit(inMemory),
    beforeAccept: async (lead) => (lead.resume ? readFile(lead.resume.tempPath) : null),
    async keep(trx, leadId, content) {
      if (content) await trx.insertInto("lead_files").values({ lead_id: leadId, content }).execute();
    },
    async afterAccept(lead) {
      // The bytes are committed in the database (or the lead was not): the temp file has served its purpose.
      await removeQuietly(lead.resume?.tempPath);
    },
    async read(reader, leadId) {
      const row = await reader
        .selectFrom("lead_files as f")
        .innerJoin("leads as l", "l.id", "f.lead_id")
        .select(["f.content", "l.resume_kind"])
        .where("f.lead_id", "=", leadId)
        .executeTakeFirst();
      if (!row) return null;
      return new Blob([new Uint8Array(row.content)], { type: RESUME_TYPES[row.resume_kind as ResumeKind] });
    },
    // The bytes went with their rows (ON DELETE CASCADE).
    remove: async (rows) => rows.filter((row) => row.resume_kind).length,
  };
}
