import { type Kysely, sql } from "kysely";
import type { StoreDialect } from "./dialect.ts";

/** What a backfill computes its columns from: a lead as its row stands. */
export interface BackfillLead {
  formId: string;
  createdAt: number;
  fields: Record<string, string | undefined>;
}

type Cell = string | number | null;

const BATCH = 500;

/**
 * Fills new columns of every existing lead with values computed in JavaScript (what SQL cannot compute alike in
 * both databases: a phone number in E.164, a due time in the business calendar), 500 leads at a time in id
 * order. `types` are the columns' PostgreSQL types, for its one UPDATE per batch; SQLite updates row by row
 * inside one transaction per batch (its migrations run outside a transaction).
 */
export async function backfill(
  db: Kysely<unknown>,
  dialect: StoreDialect,
  columns: Record<string, "text" | "bigint">,
  compute: (lead: BackfillLead) => Cell[],
): Promise<void> {
  const names = Object.keys(columns);
  let after: string | undefined;
  for (;;) {
    const { rows } = await sql<{ id: string; form_id: string; created_at: number | string; fields: unknown }>`
      SELECT id, form_id, created_at, fields FROM leads
      ${after === undefined ? sql`` : sql`WHERE id > ${after}`} ORDER BY id LIMIT ${BATCH}`.execute(db);
    if (rows.length === 0) return;
    const values = rows.map((row) =>
      compute({
        formId: row.form_id,
        createdAt: Number(row.created_at),
        fields: (typeof row.fields === "string"
          ? JSON.parse(row.fields)
          : row.fields) as BackfillLead["fields"],
      }),
    );
    if (dialect === "postgres") {
      const arrays = names.map(
        (name, column) =>
          sql`${values.map((cells) => cells[column] ?? null)}::${sql.raw(columns[name] ?? "text")}[]`,
      );
      await sql`UPDATE leads AS l SET ${sql.join(names.map((name, column) => sql`${sql.ref(name)} = v.${sql.ref(`c${column}`)}`))}
        FROM unnest(${rows.map((row) => row.id)}::uuid[], ${sql.join(arrays)})
          AS v(id, ${sql.join(names.map((_, column) => sql.ref(`c${column}`)))})
        WHERE l.id = v.id`.execute(db);
    } else {
      await db.transaction().execute(async (trx) => {
        for (const [index, row] of rows.entries())
          await sql`UPDATE leads SET ${sql.join(
            names.map((name, column) => sql`${sql.ref(name)} = ${values[index]?.[column] ?? null}`),
          )} WHERE id = ${row.id}`.execute(trx);
      });
    }
    after = rows.at(-1)?.id;
    if (rows.length < BATCH) return;
  }
}
