import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createTestSchema } from "../../test-support/pg-schema.ts";
import { createTestDatabase } from "../../test-support/test-database.ts";
import { openPostgresEngine } from "./postgres-engine.ts";

const DATABASE_URL = process.env.DATABASE_URL ?? "";

interface ColumnFacts {
  table: string;
  column: string;
  type: string;
  typeSchema: string | undefined;
  nullable: boolean;
  hasDefault: boolean;
  autoIncrementing: boolean;
}

/** Another session making schemas of 10 tables each and dropping them again, as parallel tests do, until stopped. */
function dropSchemasMeanwhile() {
  let stopped = false;
  let dropped = 0;
  const done = (async () => {
    while (!stopped) {
      const schema = await createTestSchema(DATABASE_URL, "dropped_meanwhile");
      const client = new pg.Client({ connectionString: schema.url });
      await client.connect();
      try {
        for (let table = 0; table < 10; table++)
          await client.query(`CREATE TABLE t${table} (id serial PRIMARY KEY, note text)`);
      } finally {
        await client.end();
      }
      await schema.drop();
      dropped++;
    }
  })();
  return {
    dropped: () => dropped,
    async stop() {
      stopped = true;
      await done;
    },
  };
}

describe.skipIf(!DATABASE_URL)("the store on PostgreSQL while another session drops schemas", () => {
  it("opens on a fresh schema and sees its own tables only, however many schemas are dropped meanwhile", async () => {
    const meanwhile = dropSchemasMeanwhile();
    const databases = [];
    try {
      // Opening a store migrates it; the migrator asks the introspector whether its tables exist.
      for (let store = 0; store < 2; store++) {
        const database = await createTestDatabase("postgres", "own_schema");
        databases.push(database);
        await (await database.openStore()).close();
      }
      const [database] = databases;
      const engine = await openPostgresEngine(database?.databaseUrl ?? "");
      try {
        const schema = new URL(database?.databaseUrl ?? "").searchParams.get("options")?.split("=")[1];
        // Until another 10 schemas have gone while it reads (Kysely's own introspector failed on some:
        // docs/testing.md).
        const before = meanwhile.dropped();
        while (meanwhile.dropped() < before + 10) {
          const tables = await engine.db.introspection.getTables({ withInternalKyselyTables: true });
          expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([schema]));
          expect(tables.map((table) => table.name)).toContain("kysely_migration");
        }
        // Each column as information_schema describes it.
        const own = await engine.db.introspection.getTables({ withInternalKyselyTables: true });
        const described = await sql<ColumnFacts>`
          SELECT table_name AS table, column_name AS column, udt_name AS type, udt_schema AS "typeSchema",
            is_nullable = 'YES' AS nullable,
            (column_default IS NOT NULL OR is_generated = 'ALWAYS') AS "hasDefault",
            coalesce(column_default LIKE 'nextval(%', false) OR is_identity = 'YES' AS "autoIncrementing"
          FROM information_schema.columns WHERE table_schema = current_schema()`.execute(engine.db);
        const facts = own.flatMap((table) =>
          table.columns.map((column) => ({
            table: table.name,
            column: column.name,
            type: column.dataType,
            typeSchema: column.dataTypeSchema,
            nullable: column.isNullable,
            hasDefault: column.hasDefaultValue,
            autoIncrementing: column.isAutoIncrementing,
          })),
        );
        const byName = (a: ColumnFacts, b: ColumnFacts) =>
          `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`);
        expect(facts.length).toBeGreaterThan(50);
        expect(facts.toSorted(byName)).toEqual(described.rows.toSorted(byName));
        const withoutKysely = await engine.db.introspection.getTables();
        expect(withoutKysely.map((table) => table.name)).toEqual(
          own.map((table) => table.name).filter((name) => !name.startsWith("kysely_migration")),
        );
      } finally {
        await engine.close();
      }
    } finally {
      await meanwhile.stop();
      for (const database of databases) await database.drop();
    }
  }, 120_000);
});
