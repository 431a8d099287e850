import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createTestSchema } from "../../../test-support/pg-schema.ts";
import type { Engine } from "../engine.ts";
import { NodeSqliteDialect } from "../node-sqlite-dialect.ts";
import { OwnSchemaPostgresDialect } from "../postgres-dialect.ts";
import { openPostgresEngine } from "../postgres-engine.ts";
import type { StoreDialect } from "../store-records.ts";
import { migrateToLatest, migrationsFor } from "./index.ts";

/** The SQLite schema as its CREATE statements (columns, types, defaults, keys, checks), one per line. */
async function sqliteSchema(db: Kysely<unknown>): Promise<string> {
  const objects = await sql<{ sql: string }>`SELECT sql FROM sqlite_master
    WHERE sql IS NOT NULL AND name NOT LIKE 'kysely_%' ORDER BY type, name`.execute(db);
  return objects.rows.map((object) => `${object.sql.replace(/\s+/g, " ")}\n`).join("");
}

/**
 * The PostgreSQL schema: every column (type, NOT NULL, default, generated), every constraint and every index
 * other than a constraint's own. Constraints are named by table, not by the name PostgreSQL made up for them:
 * 003 rebuilds the outbox under another name and renames it.
 */
async function postgresSchema(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ line: string }>(`
    SELECT format('column %s.%s %s%s%s', relname, attname, format_type(atttypid, atttypmod),
        CASE WHEN attnotnull THEN ' not null' ELSE '' END,
        coalesce(CASE attgenerated WHEN 's' THEN ' generated ' ELSE ' default ' END || pg_get_expr(adbin, adrelid), '')
      ) AS line, 1 AS kind, relname::text AS name, attnum AS position
    FROM pg_attribute JOIN pg_class ON pg_class.oid = attrelid
      LEFT JOIN pg_attrdef ON adrelid = attrelid AND adnum = attnum
    WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r' AND relname NOT LIKE 'kysely_%'
      AND attnum > 0 AND NOT attisdropped
    UNION ALL
    SELECT format('constraint on %s %s', conrelid::regclass, pg_get_constraintdef(oid)), 2, conrelid::regclass::text,
      0
    FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
      AND conrelid::regclass::text NOT LIKE 'kysely_%'
    UNION ALL
    SELECT replace(pg_get_indexdef(indexrelid), current_schema() || '.', ''), 3, indexrelid::regclass::text, 0
    FROM pg_index JOIN pg_class ON pg_class.oid = indexrelid
    WHERE relnamespace = current_schema()::regnamespace AND relname NOT LIKE 'kysely_%'
      AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conindid = indexrelid)
    ORDER BY kind, name, position, line`);
  return rows.map((row) => `${row.line}\n`).join("");
}

/**
 * Applies the migrations one at a time, then undoes them one at a time: each undo must leave exactly the schema
 * that was there before its migration, down to an empty database. Returns the schema after the last one.
 */
async function stepThrough(migrator: Migrator, dialect: StoreDialect, schema: () => Promise<string>) {
  const before: string[] = [];
  for (const name of Object.keys(migrationsFor(dialect))) {
    before.push(await schema());
    const { error, results } = await migrator.migrateUp();
    expect(error).toBeUndefined();
    expect(results?.map((result) => result.migrationName)).toEqual([name]);
  }
  const latest = await schema();
  expect(before[0]).toBe("");
  for (let step = before.length - 1; step >= 0; step--) {
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect(await schema()).toBe(before[step]);
  }
  return latest;
}

describe("migrations on SQLite", () => {
  let dir: string;
  let db: Kysely<unknown>;
  afterEach(async () => {
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  });
  const openDatabase = async () => {
    dir = await mkdtemp(path.join(tmpdir(), "migrations-"));
    db = new Kysely({ dialect: new NodeSqliteDialect(new DatabaseSync(path.join(dir, "m.db"))) });
  };

  it("apply in order, each undone to exactly the schema before it, into the schema the code was written for", async () => {
    await openDatabase();
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor("sqlite") } });
    const latest = await stepThrough(migrator, "sqlite", () => sqliteSchema(db));
    // A change here is a schema change: the store's queries, the inbox's plans and better-auth's schema check
    // were written against this. Review it, then update with `npx vitest run -u`.
    await expect(latest).toMatchFileSnapshot("__snapshots__/schema.sqlite.txt");

    await migrateToLatest(db, "sqlite");
    expect(await sqliteSchema(db)).toBe(latest);
  });

  it("name the migration that failed", async () => {
    await openDatabase();
    // A table in the way of 003's: the server must not start on a half-migrated database it cannot name.
    await sql`CREATE TABLE alert_incidents (kind text)`.execute(db);
    const failed = migrateToLatest(db, "sqlite");
    await expect(failed).rejects.toThrow(/^Database migration 003-delivery-channels failed$/);
    await expect(failed).rejects.toHaveProperty("cause.message", expect.stringContaining("already exists"));
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))("migrations on PostgreSQL", () => {
  it("let instances that start together on a fresh schema take turns, so every one opens", async () => {
    const schema = await createTestSchema(process.env.DATABASE_URL ?? "", "migrate_race");
    const stores: Engine[] = [];
    try {
      // Without the advisory lock one of these fails most runs: a concurrent CREATE TABLE IF NOT EXISTS of
      // Kysely's own tables raises a duplicate-object error.
      const opened = await Promise.allSettled(
        Array.from({ length: 6 }, () => openPostgresEngine(schema.url)),
      );
      for (const result of opened) if (result.status === "fulfilled") stores.push(result.value);
      expect(opened.filter((result) => result.status === "rejected")).toEqual([]);
      const client = new pg.Client({ connectionString: schema.url });
      await client.connect();
      try {
        const applied = await client.query("SELECT count(*)::int AS n FROM kysely_migration");
        expect(applied.rows[0].n).toBe(Object.keys(migrationsFor("postgres")).length);
        // 008: the shared rate limiter's table, made once by the migrations rather than by each limiter.
        const limiterTable = await client.query("SELECT to_regclass('lead_rate_limits') AS name");
        expect(limiterTable.rows[0].name).toBe("lead_rate_limits");
      } finally {
        await client.end();
      }
    } finally {
      await Promise.all(stores.map((store) => store.close()));
      await schema.drop();
    }
  });
  it("apply in order, each undone to exactly the schema before it, into the schema the code was written for", async () => {
    const schema = await createTestSchema(process.env.DATABASE_URL ?? "", "migrate_shape");
    const client = new pg.Client({ connectionString: schema.url });
    await client.connect();
    const pool = new pg.Pool({ connectionString: schema.url, max: 1 });
    const db = new Kysely<unknown>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
    try {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrationsFor("postgres") },
        migrationTableSchema: schema.name,
      });
      const latest = await stepThrough(migrator, "postgres", () => postgresSchema(client));
      await expect(latest).toMatchFileSnapshot("__snapshots__/schema.postgres.txt");

      await migrateToLatest(db, "postgres");
      expect(await postgresSchema(client)).toBe(latest);
    } finally {
      await db.destroy();
      await client.end();
      await schema.drop();
    }
  });
});
