import { LEAD_ONLY_COLUMNS } from "../database-rows.ts";
import type { DocumentKeeper } from "../document-files.ts";
import { BULK_BATCH, type Engine } from "../engine.ts";
import { IDEMPOTENCY_WINDOW_MS, type LeadRecord, type LeadState } from "../store-records.ts";
import { deleteLeads } from "./delete-leads.ts";
import { beyond, fieldNamesIn, inBatches, type LeadReads, type LeadsFrom } from "./lead-reads.ts";
import { type SourceCounts, type StoreStatus, sourceCounts, storeStatus } from "./operator-counts.ts";

export interface LeadQuery {
  formId?: string | undefined;
  state?: LeadState | undefined;
  since?: number | undefined;
  limit?: number | undefined;
}

export interface PurgeResult {
  leads: number;
  files: number;
  idempotencyKeys: number;
}

/** A lead with its inbox status, its assignee's e-mail, and when it was due and first answered (ms). */
export type WorkedLead = LeadRecord & {
  status: string;
  assignee: string | null;
  dueAt: number | null;
  firstResponseAt: number | null;
};

/** What the operator's CLI (server/cli) and the periodic upkeep (retention, statistics) use. */
export interface Operations {
  status(): Promise<StoreStatus>;
  /** Leads per form by campaign and by referring site, spam left out; `since` in ms. */
  sources(since?: number): Promise<SourceCounts>;
  /** Leads with their deliveries, oldest first. */
  list(query: LeadQuery): Promise<LeadRecord[]>;
  /**
   * The same leads with their work state in the inbox, BULK_BATCH at a time, so an export of every lead never
   * holds them all in memory.
   */
  batches(query: Omit<LeadQuery, "limit">): AsyncGenerator<WorkedLead[]>;
  /** Every field name these leads have (the export's columns). */
  fieldNames(query: Omit<LeadQuery, "limit">): Promise<string[]>;
  get(id: string): Promise<LeadRecord | null>;
  /**
   * Puts a dead or pending lead back in the outbox, due now; false if it cannot be retried. A lead in flight
   * keeps its lease: it is offered again only once that lease is released or runs out.
   */
  retry(id: string, now: number): Promise<boolean>;
  retryDead(now: number): Promise<number>;
  /** Deletes delivered and spam leads created before `before`, with their files, in short transactions. */
  purge(before: number, now: number): Promise<PurgeResult>;
  /** The query planner's statistics, refreshed where stale (the staff upkeep runs it hourly). */
  refreshStatistics(): Promise<void>;
}

/** Puts a lead's undelivered deliveries back in the outbox, due now (channels that delivered are not sent again). */
const requeue = (now: number) =>
  ({ state: "pending", enqueued_at: now, next_attempt_at: now, attempts: 0, problem: null }) as const;

export function operationQueries(engine: Engine, reads: LeadReads, documents: DocumentKeeper): Operations {
  const { db, write } = engine;

  const matching = (query: LeadQuery): LeadsFrom =>
    db
      .selectFrom("leads as l")
      .$if(Boolean(query.formId), (q) => q.where("l.form_id", "=", query.formId ?? ""))
      .$if(Boolean(query.state), (q) => q.where("l.state", "=", query.state ?? "pending"))
      .$if(query.since !== undefined, (q) => q.where("l.created_at", ">=", query.since ?? 0));
  const leadsOf = (query: LeadQuery) =>
    matching(query).select(LEAD_ONLY_COLUMNS).orderBy("l.created_at").orderBy("l.id");

  return {
    status: () => storeStatus(db),

    sources: (since) => sourceCounts(db, since),

    async list(query) {
      const rows = await leadsOf(query)
        .$if(Boolean(query.limit), (q) => q.limit(Math.floor(query.limit ?? 0)))
        .execute();
      return reads.withDeliveries(rows);
    },

    async *batches(query) {
      const pages = inBatches((end) =>
        leadsOf(query)
          .leftJoin("staff_user as u", "u.id", "l.assignee_id")
          .select(["l.status", "u.email as assignee_email", "l.due_at", "l.first_response_at"])
          .$if(end !== undefined, (q) => q.where(beyond("asc", end ?? { createdAt: 0, id: "" })))
          .limit(BULK_BATCH)
          .execute(),
      );
      const ms = (value: number | string | bigint | null | undefined) =>
        value === null || value === undefined ? null : Number(value);
      for await (const rows of pages)
        yield (await reads.withDeliveries(rows)).map((lead, index) => ({
          ...lead,
          status: rows[index]?.status ?? "",
          assignee: rows[index]?.assignee_email ?? null,
          dueAt: ms(rows[index]?.due_at),
          firstResponseAt: ms(rows[index]?.first_response_at),
        }));
    },

    fieldNames: (query) => fieldNamesIn(engine, matching(query)),

    get: reads.get,

    async retry(id, now) {
      if (!reads.validId(id)) return false;
      return write(async (trx) => {
        const changed = await trx
          .updateTable("leads")
          .set({ state: "pending" })
          .where("id", "=", id)
          .where("state", "in", ["pending", "dead"])
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) return false;
        // The lease stays: a lead in flight is offered again only once its holder is done or the lease ends.
        await trx
          .updateTable("outbox")
          .set(requeue(now))
          .where("lead_id", "=", id)
          .where("state", "!=", "delivered")
          .execute();
        return true;
      });
    },

    async retryDead(now) {
      let total = 0;
      for (;;) {
        const count = await write(async (trx) => {
          const ids = (
            await trx.selectFrom("leads").select("id").where("state", "=", "dead").limit(BULK_BATCH).execute()
          ).map((row) => row.id);
          if (ids.length === 0) return 0;
          await trx
            .updateTable("outbox")
            .set(requeue(now))
            .where("lead_id", "in", ids)
            .where("state", "!=", "delivered")
            .execute();
          await trx.updateTable("leads").set({ state: "pending" }).where("id", "in", ids).execute();
          return ids.length;
        });
        total += count;
        if (count < BULK_BATCH) return total;
        await engine.yieldToOtherWriters();
      }
    },

    async purge(before, now) {
      const result: PurgeResult = { leads: 0, files: 0, idempotencyKeys: 0 };
      for (;;) {
        const removed = await deleteLeads(engine, documents, (trx) =>
          trx
            .selectFrom("leads")
            .select(["id", "resume_kind"])
            .where("state", "in", ["delivered", "spam"])
            .where("created_at", "<", before)
            .orderBy("created_at")
            .limit(BULK_BATCH)
            .execute(),
        );
        result.leads += removed.leads;
        result.files += removed.files;
        if (removed.leads < BULK_BATCH) break;
        await engine.yieldToOtherWriters();
      }
      for (;;) {
        const removed = await write(async (trx) => {
          const keys = trx
            .selectFrom("idempotency_keys")
            .select("key")
            .where("created_at", "<", now - IDEMPOTENCY_WINDOW_MS)
            .limit(BULK_BATCH);
          const deleted = await trx
            .deleteFrom("idempotency_keys")
            .where("key", "in", keys)
            .executeTakeFirst();
          return Number(deleted.numDeletedRows);
        });
        result.idempotencyKeys += removed;
        if (removed < BULK_BATCH) break;
        await engine.yieldToOtherWriters();
      }
      return result;
    },

    refreshStatistics: () => engine.refreshStatistics(),
  };
}
