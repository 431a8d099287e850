import { sql } from "kysely";
import { LEAD_ONLY_COLUMNS } from "../database-rows.ts";
import { BULK_BATCH, countOf, type Engine } from "../engine.ts";
import {
  type Channel,
  type DeliveryProblem,
  type DeliveryState,
  IDEMPOTENCY_WINDOW_MS,
  type LeadRecord,
  type LeadState,
} from "../store-records.ts";
import { deleteLeads } from "./delete-leads.ts";
import { beyond, fieldNamesIn, inBatches, type LeadReads, type LeadsFrom } from "./lead-reads.ts";

export interface StatusRow {
  formId: string;
  state: LeadState;
  count: number;
}

export interface StoreStatus {
  counts: StatusRow[];
  oldestPendingAt: number | null;
  /** Deliveries by channel and state. */
  channels: { channel: Channel; state: DeliveryState; count: number }[];
  /** Undelivered deliveries whose last attempt hit an operator-actionable problem, by channel. */
  problems: {
    channel: Channel;
    problem: DeliveryProblem;
    count: number;
    lastError: string | null;
    lastAttemptAt: number | null;
  }[];
}

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

/** One count of `sources`: `value` is the campaign or the referrer's origin, null where the lead had none. */
export interface SourceCount {
  formId: string;
  value: string | null;
  count: number;
}

export interface SourceCounts {
  campaigns: SourceCount[];
  referrers: SourceCount[];
}

/** A lead with its status in the inbox, its assignee's e-mail and its response clock (issue 28), in ms. */
export type WorkedLead = LeadRecord & {
  status: string;
  assignee: string | null;
  dueAt: number | null;
  firstResponseAt: number | null;
};

/** What the operator's CLI (server/cli) and the periodic upkeep (retention, statistics) use. */
export interface Operations {
  status(): Promise<StoreStatus>;
  /** Leads per form by campaign and by referring site (issue 16), spam left out; `since` in ms. */
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

export function operationQueries(engine: Engine, reads: LeadReads): Operations {
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
    async status() {
      const counts = await db
        .selectFrom("leads")
        .select((eb) => ["form_id", "state", eb.fn.countAll<number>().as("count")])
        .groupBy(["form_id", "state"])
        .orderBy("form_id")
        .orderBy("state")
        .execute();
      const oldest = await db
        .selectFrom("leads")
        .select((eb) => eb.fn.min("created_at").as("oldest"))
        .where("state", "=", "pending")
        .executeTakeFirst();
      const channels = await db
        .selectFrom("outbox")
        .select((eb) => ["channel", "state", eb.fn.countAll<number>().as("count")])
        .groupBy(["channel", "state"])
        .orderBy("channel")
        .orderBy("state")
        .execute();
      const problems = await db
        .selectFrom("outbox as o")
        .select((eb) => [
          "o.channel",
          "o.problem",
          eb.fn.countAll<number>().as("count"),
          eb.fn.max("o.last_attempt_at").as("last_attempt_at"),
          eb
            .selectFrom("outbox as p")
            .select("p.last_error")
            .whereRef("p.problem", "=", "o.problem")
            .whereRef("p.channel", "=", "o.channel")
            .orderBy("p.last_attempt_at", "desc")
            .limit(1)
            .as("last_error"),
        ])
        .where("o.problem", "is not", null)
        .where("o.state", "in", ["pending", "dead"])
        .groupBy(["o.channel", "o.problem"])
        .orderBy("o.channel")
        .execute();
      return {
        counts: counts.map((row) => ({ formId: row.form_id, state: row.state, count: countOf(row.count) })),
        oldestPendingAt:
          oldest?.oldest === null || oldest?.oldest === undefined ? null : Number(oldest.oldest),
        channels: channels.map((row) => ({
          channel: row.channel,
          state: row.state,
          count: countOf(row.count),
        })),
        problems: problems.flatMap((row) =>
          row.problem
            ? [
                {
                  channel: row.channel,
                  problem: row.problem,
                  count: countOf(row.count),
                  lastError: row.last_error ?? null,
                  lastAttemptAt: row.last_attempt_at === null ? null : Number(row.last_attempt_at),
                },
              ]
            : [],
        ),
      };
    },

    async sources(since) {
      const countBy = async (column: "utm_campaign" | "referrer") => {
        const rows = await db
          .selectFrom("leads")
          .select((eb) => ["form_id", `${column} as value`, eb.fn.countAll<number>().as("count")])
          .where("state", "!=", "spam")
          .$if(since !== undefined, (q) => q.where("created_at", ">=", since ?? 0))
          .groupBy(["form_id", column])
          .orderBy("form_id")
          .orderBy("count", "desc")
          // Leads without one last, in both databases (their NULL orders differ).
          .orderBy(sql`${sql.ref(column)} IS NULL`)
          .orderBy(column)
          .execute();
        return rows.map((row) => ({ formId: row.form_id, value: row.value, count: countOf(row.count) }));
      };
      return { campaigns: await countBy("utm_campaign"), referrers: await countBy("referrer") };
    },

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
        const removed = await deleteLeads(engine, (trx) =>
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
