import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createTestSchema } from "../../../test-support/pg-schema.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import { NodeSqliteDialect } from "../node-sqlite-dialect.ts";
import { OwnSchemaPostgresDialect } from "../postgres-dialect.ts";
import type { StoreDialect } from "../store-records.ts";
import { migrationsFor } from "./index.ts";

const HOUR = 3_600_000;
// Monday 9 March 2026, 10:00 in New York (14:00 UTC): open hours under the default calendar.
const MONDAY_10AM = Date.parse("2026-03-09T14:00:00Z");

async function openDatabase(dialect: StoreDialect) {
  if (dialect === "sqlite") {
    const dir = await mkdtemp(path.join(tmpdir(), "backfill-"));
    const db = new Kysely<unknown>({
      dialect: new NodeSqliteDialect(new DatabaseSync(path.join(dir, "b.db"))),
    });
    return { db, drop: () => rm(dir, { recursive: true, force: true }), schemaName: undefined };
  }
  const schema = await createTestSchema(process.env.DATABASE_URL ?? "", "backfill");
  const db = new Kysely<unknown>({
    dialect: new OwnSchemaPostgresDialect({ pool: new pg.Pool({ connectionString: schema.url, max: 1 }) }),
  });
  return { db, drop: () => schema.drop(), schemaName: schema.name };
}

/** A fresh database of the dialect and a migrator over it, for `use`; closed and dropped afterwards. */
async function withMigrator(
  dialect: StoreDialect,
  use: (db: Kysely<unknown>, migrator: Migrator) => Promise<void>,
): Promise<void> {
  const { db, drop, schemaName } = await openDatabase(dialect);
  try {
    await use(
      db,
      new Migrator({
        db,
        provider: { getMigrations: async () => migrationsFor(dialect) },
        ...(schemaName && { migrationTableSchema: schemaName }),
      }),
    );
  } finally {
    await db.destroy();
    await drop();
  }
}

/**
 * Migrations 009 and 010 compute columns of the leads already stored (their person keys, their due time, their
 * first response) in JavaScript, 500 at a time: every lead gets them, across batch boundaries, on both databases.
 */
describe.each(DIALECTS)("the conversation migrations' backfill on %s", (dialect) => {
  it("gives every existing lead its person keys, due time and first response, past-due ones counted as escalated", () =>
    withMigrator(dialect, async (db, migrator) => {
      expect((await migrator.migrateTo("008-rate-limit-table")).error).toBeUndefined();
      const leads = Array.from({ length: 1001 }, (_, n) => ({
        id: randomUUID(),
        form_id: n % 2 === 0 ? "staffing-request" : "payroll-info",
        state: "delivered",
        fields: JSON.stringify({
          name: `Person ${n}`,
          email: ` Person${n}@Example.COM `,
          phone: n === 0 ? "555-0100" : "(212) 555-0142",
        }),
        created_at: MONDAY_10AM,
      }));
      const raw = db as Kysely<{ leads: (typeof leads)[number] }>;
      for (let start = 0; start < leads.length; start += 200)
        await raw
          .insertInto("leads")
          .values(leads.slice(start, start + 200))
          .execute();
      const answered = leads[1]?.id ?? "";
      await sql`INSERT INTO lead_history (id, lead_id, actor_id, action, from_value, to_value, at)
        VALUES (${randomUUID()}, ${answered}, NULL, 'status', 'New', 'Contacted', ${MONDAY_10AM + HOUR})`.execute(
        db,
      );

      const before = Date.now();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const { rows } = await sql<{
        id: string;
        email_key: string | null;
        phone_key: string | null;
        due_at: number | string;
        first_response_at: number | string | null;
        escalated_at: number | string | null;
      }>`SELECT id, email_key, phone_key, due_at, first_response_at, escalated_at FROM leads`.execute(db);
      expect(rows).toHaveLength(1001);
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const [n, lead] of leads.entries()) {
        const row = byId.get(lead.id);
        expect(row?.email_key).toBe(`person${n}@example.com`);
        expect(row?.phone_key).toBe(n === 0 ? null : "+12125550142");
        // Staffing: 1 business hour; payroll: 24 hours.
        expect(Number(row?.due_at)).toBe(MONDAY_10AM + (n % 2 === 0 ? 1 : 24) * HOUR);
        expect(Number(row?.escalated_at)).toBeGreaterThanOrEqual(before);
      }
      expect(Number(byId.get(answered)?.first_response_at)).toBe(MONDAY_10AM + HOUR);
      expect(rows.filter((row) => row.first_response_at !== null)).toHaveLength(1);
    }));
});

/**
 * Migration 024 sums up each lead's checklist already stored: its items, those ever submitted, those received
 * (submitted or verified), and the earliest last valid day among the received; a lead without items gets none.
 */
describe.each(DIALECTS)("the document summaries' backfill on %s", (dialect) => {
  it("sums up every existing lead's items on the lead", () =>
    withMigrator(dialect, async (db, migrator) => {
      expect((await migrator.migrateTo("023-checklists-and-reminders")).error).toBeUndefined();
      const [withItems, without] = [randomUUID(), randomUUID()];
      for (const id of [withItems, without])
        await sql`INSERT INTO leads (id, form_id, state, fields, created_at)
          VALUES (${id}, 'nurse-application', 'delivered', '{}', ${MONDAY_10AM})`.execute(db);
      const items: [string | null, string | null][] = [
        [null, null],
        ["submitted", "2027-05-01"],
        ["verified", "2026-12-31"],
        ["verified", null],
        ["rejected", "2026-01-01"],
      ];
      for (const [position, [review, validThrough]] of items.entries())
        await sql`INSERT INTO credential_items (id, lead_id, item_key, position, definition, review, valid_through)
          VALUES (${randomUUID()}, ${withItems}, ${`item-${position}`}, ${position}, '{}', ${review},
            ${validThrough})`.execute(db);

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const { rows } = await sql<{
        id: string;
        documents_total: number | string;
        documents_reviewed: number | string;
        documents_received: number | string;
        documents_earliest_valid_through: string | null;
      }>`SELECT id, documents_total, documents_reviewed, documents_received, documents_earliest_valid_through
        FROM leads`.execute(db);
      const summaries = new Map(
        rows.map((row) => [
          row.id,
          [
            Number(row.documents_total),
            Number(row.documents_reviewed),
            Number(row.documents_received),
            row.documents_earliest_valid_through,
          ],
        ]),
      );
      expect(summaries.get(withItems)).toEqual([5, 4, 3, "2026-12-31"]);
      expect(summaries.get(without)).toEqual([0, 0, 0, null]);
    }));
});
