import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Database, LeadDb } from "../store/database.ts";
import { pgTypes, SQLITE_FILE } from "../store/kysely-store.ts";
import type { StoreDialect } from "../store/lead-store.ts";
import { NodeSqliteDialect } from "../store/node-sqlite-dialect.ts";

export interface StaffDb {
  db: LeadDb;
  dialect: StoreDialect;
  /**
   * Runs `work` in a transaction. On SQLite the staff connection is one connection, so its transactions take
   * turns here (a second BEGIN on a connection already in one would fail).
   */
  transaction<T>(work: (trx: LeadDb) => Promise<T>): Promise<T>;
  /**
   * Refreshes the query planner's statistics where they are stale (SQLite's `PRAGMA optimize`; PostgreSQL's
   * autovacuum does this by itself). Without them SQLite sorts a whole role's leads for the inbox's first page
   * instead of reading the newest from an index.
   */
  optimize(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The staff inbox's own connection to the lead database, opened after the lead store (whose migrations made the
 * tables). Its own, so better-auth's statements never land inside the SQLite store's group-commit transaction;
 * SQLite serialises the two connections' writes with the dialect's asynchronous busy wait.
 */
export function openStaffDb(options: { dataDir: string; databaseUrl?: string | undefined }): StaffDb {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 5,
      connectionTimeoutMillis: 5000,
      types: pgTypes,
    });
    pool.on("error", () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: "postgres",
      transaction: (work) => db.transaction().execute(work),
      optimize: async () => undefined,
      close: () => db.destroy(),
    };
  }
  const sqlite = new DatabaseSync(path.join(options.dataDir, SQLITE_FILE), {
    timeout: 0,
    enableForeignKeyConstraints: true,
  });
  const db = new Kysely<Database>({ dialect: new NodeSqliteDialect(sqlite) });
  let turn: Promise<unknown> = Promise.resolve();
  return {
    db,
    dialect: "sqlite",
    transaction<T>(work: (trx: LeadDb) => Promise<T>) {
      const run = turn.then(() => db.transaction().execute(work));
      turn = run.catch(() => undefined);
      return run;
    },
    async optimize() {
      await sql`PRAGMA optimize=0x10002`.execute(db);
    },
    close: () => db.destroy(),
  };
}
