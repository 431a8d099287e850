import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, sql } from "kysely";
import { Migrator, NO_MIGRATIONS } from "kysely/migration";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createTestSchema } from "../../test/pg-schema.ts";
import { openPostgresStore } from "../kysely-store.ts";
import type { LeadStore } from "../lead-store.ts";
import { NodeSqliteDialect } from "../node-sqlite-dialect.ts";
import { migrateToLatest, migrationsFor } from "./index.ts";

const STAFF_TABLES = [
  "staff_account",
  "staff_audit",
  "staff_secret",
  "staff_session",
  "staff_setup_tokens",
  "staff_two_factor",
  "staff_user",
  "staff_verification",
];

describe("migrations on SQLite", () => {
  let dir: string;
  let db: Kysely<unknown>;
  afterEach(async () => {
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  const tables = async () =>
    (
      await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'
        AND name NOT LIKE 'kysely_%' ORDER BY name`.execute(db)
    ).rows.map((row) => row.name);
  const leadColumns = async () =>
    (await sql<{ name: string }>`SELECT name FROM pragma_table_info('leads')`.execute(db)).rows.map(
      (row) => row.name,
    );
  const inboxIndexColumns = async () =>
    (await sql<{ name: string }>`SELECT name FROM pragma_index_info('leads_inbox')`.execute(db)).rows.map(
      (row) => row.name,
    );
  const outboxColumns = async () =>
    (await sql<{ name: string }>`SELECT name FROM pragma_table_info('outbox')`.execute(db)).rows.map(
      (row) => row.name,
    );

  it("apply in order, undo down to nothing and apply again", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "migrations-"));
    db = new Kysely({ dialect: new NodeSqliteDialect(new DatabaseSync(path.join(dir, "m.db"))) });
    await migrateToLatest(db, "sqlite");
    expect(await tables()).toEqual([
      "alert_incidents",
      "idempotency_keys",
      "lead_history",
      "lead_notes",
      "leads",
      "outbox",
      ...STAFF_TABLES,
    ]);
    expect(await outboxColumns()).toEqual(expect.arrayContaining(["lease_token", "channel", "state"]));

    expect(await leadColumns()).toEqual(expect.arrayContaining(["utm_campaign", "referrer", "landing_page"]));

    // The inbox's counts read the covering index alone, source columns included (006).
    expect(await inboxIndexColumns()).toEqual([
      "form_id",
      "status",
      "utm_campaign",
      "referrer",
      "state",
      "created_at",
      "search_text",
    ]);

    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor("sqlite") } });
    // 008 and 007 add PostgreSQL's limiter table and counts index: nothing to undo on SQLite.
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect(await inboxIndexColumns()).toHaveLength(7);
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect(await inboxIndexColumns()).toEqual(["form_id", "status", "state", "created_at", "search_text"]);
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect(await leadColumns()).not.toContain("utm_campaign");
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect(await tables()).toEqual(["alert_incidents", "idempotency_keys", "leads", "outbox"]);
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect(await tables()).toEqual(["idempotency_keys", "leads", "outbox"]);
    expect(await outboxColumns()).not.toContain("channel");
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect(await outboxColumns()).not.toContain("lease_token");
    expect((await migrator.migrateTo(NO_MIGRATIONS)).error).toBeUndefined();
    expect(await tables()).toEqual([]);

    await migrateToLatest(db, "sqlite");
    expect(await tables()).toEqual(
      expect.arrayContaining(["alert_incidents", "lead_notes", ...STAFF_TABLES]),
    );
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))("migrations on PostgreSQL", () => {
  it("let instances that start together on a fresh schema take turns, so every one opens", async () => {
    const schema = await createTestSchema(process.env.DATABASE_URL ?? "", "migrate_race");
    const stores: LeadStore[] = [];
    try {
      // Without the advisory lock one of these fails most runs: a concurrent CREATE TABLE IF NOT EXISTS of
      // Kysely's own tables raises a duplicate-object error.
      const opened = await Promise.allSettled(Array.from({ length: 6 }, () => openPostgresStore(schema.url)));
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
});
