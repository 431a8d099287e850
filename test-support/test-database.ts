import { mkdtemp, readdir, readFile, rm, unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { resumeDirOf } from "../server/store/resume-files.ts";
import { SQLITE_FILE } from "../server/store/sqlite-engine.ts";
import { openStore, type Store, type StoreOptions } from "../server/store/store.ts";
import type { StoreDialect } from "../server/store/store-records.ts";
import { createTestSchema, type TestSchema } from "./pg-schema.ts";

/** The databases a store-backed suite runs on: SQLite always, PostgreSQL too when DATABASE_URL names one (CI). */
export const DIALECTS: StoreDialect[] = process.env.DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestDatabase {
  dialect: StoreDialect;
  /** A fresh DATA_DIR: upload temp files on both dialects, and the SQLite file and resumes on SQLite. */
  dataDir: string;
  /** On PostgreSQL, DATABASE_URL with a fresh schema of its own first on the search path. */
  databaseUrl: string | undefined;
  /** What a server process, the CLI or loadConfig is given to use this database. */
  env: { DATA_DIR: string; DATABASE_URL?: string };
  /** A store on this database, opened the way the server opens it. */
  openStore(options?: Omit<StoreOptions, "dataDir" | "databaseUrl">): Promise<Store>;
  /** A resume's bytes where the dialect keeps them: DATA_DIR/resumes on SQLite, the lead_files table on PostgreSQL. */
  storedResume(leadId: string): Promise<Buffer | null>;
  /** Loses a resume behind the store's back, as a disk fault or an operator would. */
  removeResume(leadId: string): Promise<void>;
  /** Every row of a table as the database holds it, read behind the store's back (what a stolen copy would show). */
  tableRows(table: string): Promise<Record<string, unknown>[]>;
  /** Drops the schema and removes DATA_DIR. */
  drop(): Promise<void>;
}

/** A fresh, empty database of this dialect: a temp DATA_DIR, and on PostgreSQL a schema of its own. */
export async function createTestDatabase(dialect: StoreDialect, name: string): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `${name}-`));
  let schema: TestSchema | undefined;
  if (dialect === "postgres") {
    if (!process.env.DATABASE_URL) throw new Error("DATABASE_URL is needed for the PostgreSQL half");
    schema = await createTestSchema(process.env.DATABASE_URL, name.replaceAll("-", "_"));
  }
  const databaseUrl = schema?.url;

  /** The SQLite resume file of this lead (one per lead, named by id and kind), if any. */
  const resumeFile = async (leadId: string) => {
    const files = await readdir(resumeDirOf(dataDir)).catch(() => []);
    const file = files.find((entry) => entry.startsWith(`${leadId}.`));
    return file && path.join(resumeDirOf(dataDir), file);
  };
  const query = async (text: string, values: unknown[]) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await client.query(text, values);
    } finally {
      await client.end();
    }
  };

  return {
    dialect,
    dataDir,
    databaseUrl,
    env: { DATA_DIR: dataDir, ...(databaseUrl && { DATABASE_URL: databaseUrl }) },
    openStore: (options = {}) => openStore({ dataDir, databaseUrl, ...options }),
    async storedResume(leadId) {
      if (!databaseUrl) {
        const file = await resumeFile(leadId);
        return file ? readFile(file) : null;
      }
      const { rows } = await query("SELECT content FROM lead_files WHERE lead_id = $1", [leadId]);
      return (rows[0]?.content as Buffer | undefined) ?? null;
    },
    async removeResume(leadId) {
      if (!databaseUrl) {
        const file = await resumeFile(leadId);
        if (!file) throw new Error(`lead ${leadId} has no resume file`);
        await unlink(file);
        return;
      }
      const { rowCount } = await query("DELETE FROM lead_files WHERE lead_id = $1", [leadId]);
      if (rowCount !== 1) throw new Error(`lead ${leadId} has no resume row`);
    },
    async tableRows(table) {
      if (!/^[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`);
      if (databaseUrl) return (await query(`SELECT * FROM ${table}`, [])).rows;
      const sqlite = new DatabaseSync(path.join(dataDir, SQLITE_FILE), { readOnly: true });
      try {
        return sqlite.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[];
      } finally {
        sqlite.close();
      }
    },
    async drop() {
      await schema?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
