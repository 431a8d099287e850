import { sql } from "kysely";
import type { LeadDb } from "../database.ts";
import { countOf } from "../engine.ts";
import type { Channel, DeliveryProblem, DeliveryState, LeadState } from "../store-records.ts";

/** The counts the operator's CLI prints (`leads status`, `leads sources`): the store as it stands. */

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

/** One count of `sourceCounts`: `value` is the campaign or the referrer's origin, null where the lead had none. */
export interface SourceCount {
  formId: string;
  value: string | null;
  count: number;
}

export interface SourceCounts {
  campaigns: SourceCount[];
  referrers: SourceCount[];
}

/** Leads per form and state, the oldest pending lead, deliveries by channel and state, and their problems. */
export async function storeStatus(db: LeadDb): Promise<StoreStatus> {
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
    oldestPendingAt: oldest?.oldest === null || oldest?.oldest === undefined ? null : Number(oldest.oldest),
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
}

/** Leads per form by campaign and by referring site, spam left out; `since` in ms. */
export async function sourceCounts(db: LeadDb, since?: number): Promise<SourceCounts> {
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
}
