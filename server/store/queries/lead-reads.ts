import { type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import type { Database, LeadDb } from "../database.ts";
import {
  DELIVERY_COLUMNS,
  LEAD_ONLY_COLUMNS,
  type LeadRow,
  toDeliveryRecord,
  toLeadRecord,
} from "../database-rows.ts";
import { BULK_BATCH, type Engine } from "../engine.ts";
import type { Channel, DeliveryRecord, LeadRecord } from "../store-records.ts";

/**
 * Reading whole leads, with their deliveries (two queries: a lead has one delivery per channel), for the modules
 * that show a lead to a person: the operator's (operations.ts) and the inbox's (lead-work.ts).
 */
export function leadReads(engine: Engine, channels: readonly Channel[]) {
  const { db } = engine;
  const order = (channel: Channel) => channels.indexOf(channel) >>> 0;

  const withDeliveries = async (rows: LeadRow[], reader: LeadDb = db): Promise<LeadRecord[]> => {
    const byLead = new Map<string, DeliveryRecord[]>();
    for (let start = 0; start < rows.length; start += BULK_BATCH) {
      const ids = rows.slice(start, start + BULK_BATCH).map((row) => row.id);
      const deliveries = await reader
        .selectFrom("outbox as o")
        .select(DELIVERY_COLUMNS)
        .where("o.lead_id", "in", ids)
        .execute();
      for (const delivery of deliveries) {
        const list = byLead.get(delivery.lead_id) ?? [];
        list.push(toDeliveryRecord(delivery));
        byLead.set(delivery.lead_id, list);
      }
    }
    return rows.map((row) =>
      toLeadRecord(
        row,
        (byLead.get(row.id) ?? []).sort((a, b) => order(a.channel) - order(b.channel)),
        engine.resumes.locationOf,
      ),
    );
  };

  // PostgreSQL's uuid column fails a query with a malformed id; SQLite's text column just finds nothing.
  const validId = (id: string) => engine.dialect !== "postgres" || UUID.test(id);

  return {
    withDeliveries,
    validId,
    /** One lead with its deliveries, or null. */
    async get(id: string): Promise<LeadRecord | null> {
      if (!validId(id)) return null;
      const row = await db
        .selectFrom("leads as l")
        .select(LEAD_ONLY_COLUMNS)
        .where("l.id", "=", id)
        .executeTakeFirst();
      return row ? ((await withDeliveries([row]))[0] ?? null) : null;
    },
  };
}

export type LeadReads = ReturnType<typeof leadReads>;

/** Ids on PostgreSQL are UUIDs; anything else cannot name a lead and would only raise a type error there. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Leads (aliased `l`) filtered but not yet selected from: what the field-name query below reads. */
export type LeadsFrom = SelectQueryBuilder<Database & { l: Database["leads"] }, "l", object>;

/** Every field name the leads of `leads` have (an export's columns, known before its first row is written). */
export async function fieldNamesIn(engine: Engine, leads: LeadsFrom): Promise<string[]> {
  const rows = await leads
    .innerJoin(engine.sql.fieldKeys.table.as("j"), (join) => join.onTrue())
    .select(engine.sql.fieldKeys.key.as("name"))
    .distinct()
    .execute();
  return rows.map((row) => row.name);
}

/** Where a page of leads in (created_at, id) order ends: the next page starts beyond it. */
export interface PageEnd {
  createdAt: number;
  id: string;
}

/** The leads (aliased `l`) beyond `end` in (created_at, id) order, newest first (`desc`) or oldest first. */
export const beyond = (order: "asc" | "desc", end: PageEnd) =>
  sql<SqlBool>`(l.created_at, l.id) ${sql.raw(order === "desc" ? "<" : ">")} (${end.createdAt}, ${end.id})`;

/**
 * Every lead a query reads, BULK_BATCH at a time (an export never holds them all): `page` reads the first batch,
 * then each one beyond the last lead of the batch before (a keyset, so a batch costs the same however deep).
 */
export async function* inBatches<Row extends { id: string; created_at: number | string | bigint }>(
  page: (end: PageEnd | undefined) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  let end: PageEnd | undefined;
  for (;;) {
    const rows = await page(end);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < BULK_BATCH) return;
    end = { createdAt: Number(last.created_at), id: last.id };
  }
}
