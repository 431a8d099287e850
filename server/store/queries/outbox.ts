import type { LeadSource } from "../../../leads/source.ts";
import type { LeadDb } from "../database.ts";
import {
  DELIVERY_COLUMNS,
  LEAD_ONLY_COLUMNS,
  type LeadRow,
  num,
  parseFields,
  resumeOf,
  sourceOf,
} from "../database-rows.ts";
import type { Engine } from "../engine.ts";
import type { Channel, DeliveryProblem, ResumeInfo } from "../store-records.ts";
import { leaseDue, nextDueAt, recordAttempt, releaseLease } from "./leased-attempts.ts";

/** One claimed outbox entry, leased to one worker until the lease runs out. */
export interface ClaimedDelivery {
  /** The delivery's own id: stable across retries (the webhook-id). */
  id: string;
  channel: Channel;
  leadId: string;
  /** The lease token: outcome writes must present it, and count only while the lease is unexpired. */
  lease: string;
  formId: string;
  fields: Record<string, string>;
  resume: ResumeInfo | null;
  source: LeadSource;
  /** The opening an application was for, by its title as it is now; null for any other lead. */
  openingTitle: string | null;
  attempts: number;
  enqueuedAt: number;
  createdAt: number;
}

export interface FailedAttempt {
  at: number;
  /** null: give up, the lead is dead. */
  nextAttemptAt: number | null;
  /**
   * The claim's `enqueuedAt`, from which the worker computed `nextAttemptAt`. If `leads retry` reset the entry
   * during the attempt, the store schedules the next attempt at `at` instead and does not give up.
   */
  enqueuedAt?: number;
  status: number | null;
  error: string;
  problem: DeliveryProblem;
}

/** What the relay (server/relay) and its channels use: one delivery per channel, leased, fenced, settled. */
export interface Outbox {
  /**
   * Leases up to `limit` due deliveries to the caller. The outcome calls below name a delivery by its lead and
   * its lease token, which is unique to the claim.
   */
  claimDue(now: number, limit: number, leaseMs: number): Promise<ClaimedDelivery[]>;
  /** The resume as a Blob; from SQLite it is file-backed, so sending it does not load it into memory. */
  readResume(leadId: string): Promise<Blob | null>;
  /** Records the confirmed delivery if the caller still holds the lease at `at`; false (nothing written) if not. */
  markDelivered(leadId: string, lease: string, at: number): Promise<boolean>;
  /** Records the failed attempt if the caller still holds the lease; false (nothing written) if not. */
  recordFailure(leadId: string, lease: string, attempt: FailedAttempt): Promise<boolean>;
  /** Gives an unfinished claim back, due when it already was; false if the lease was no longer held. */
  releaseLease(leadId: string, lease: string): Promise<boolean>;
  /** Due time of the next outbox entry, to sleep exactly as long as needed. */
  nextDueAt(): Promise<number | null>;
}

/** Columns of a claimed delivery: the lead with the delivery's outbox columns. */
const CLAIM_COLUMNS = [...LEAD_ONLY_COLUMNS, ...DELIVERY_COLUMNS, "o.enqueued_at"] as const;

const toClaimedDelivery = (row: LeadRow, lease: string): ClaimedDelivery => ({
  id: row.delivery_id ?? row.id,
  channel: (row.channel ?? "formservice") as Channel,
  leadId: row.id,
  lease,
  formId: row.form_id,
  fields: parseFields(row.fields),
  resume: resumeOf(row),
  source: sourceOf(row),
  openingTitle: row.opening_title ?? null,
  attempts: num(row.attempts) ?? 0,
  enqueuedAt: num(row.enqueued_at) ?? 0,
  createdAt: num(row.created_at) ?? 0,
});

/**
 * The lead's state from its deliveries: dead when any is dead, delivered when all are, pending otherwise.
 * `at` is the delivery time recorded when the last one arrives.
 */
async function settleLead(engine: Engine, trx: LeadDb, leadId: string, at: number) {
  // Two channels of one lead finishing at once on PostgreSQL: the second waits here for the first to commit,
  // then reads its outcome (READ COMMITTED takes a new snapshot per statement), so neither leaves it pending.
  if (engine.sql.rowLocks)
    await trx.selectFrom("leads").select("id").where("id", "=", leadId).forUpdate().execute();
  const states = (await trx.selectFrom("outbox").select("state").where("lead_id", "=", leadId).execute()).map(
    (row) => row.state,
  );
  const state = states.includes("dead")
    ? "dead"
    : states.every((value) => value === "delivered")
      ? "delivered"
      : "pending";
  await trx
    .updateTable("leads")
    .set({ state, delivered_at: state === "delivered" ? at : null })
    .where("id", "=", leadId)
    .where("state", "in", ["pending", "dead"])
    .execute();
}

export function outboxQueries(engine: Engine, validId: (id: string) => boolean): Outbox {
  const { db, write } = engine;

  return {
    claimDue(now, limit, leaseMs) {
      return write(async (trx): Promise<ClaimedDelivery[]> => {
        const leases = await leaseDue(engine, trx, "outbox", { now, limit, leaseMs });
        if (leases.length === 0) return [];
        const rows = await trx
          .selectFrom("outbox as o")
          .innerJoin("leads as l", "l.id", "o.lead_id")
          .leftJoin("openings as op", "op.id", "l.opening_id")
          .select([...CLAIM_COLUMNS, "op.title as opening_title"])
          .where(
            "o.id",
            "in",
            leases.map((lease) => lease.id),
          )
          .orderBy("o.next_attempt_at")
          .execute();
        const tokens = new Map(leases.map((lease) => [lease.id, lease.lease_token ?? ""]));
        return rows.map((row) => toClaimedDelivery(row, tokens.get(row.delivery_id) ?? ""));
      });
    },

    async readResume(leadId) {
      return validId(leadId) ? engine.resumes.read(db, leadId) : null;
    },

    markDelivered(leadId, lease, at) {
      return write(async (trx) => {
        const held = await recordAttempt(
          trx,
          "outbox",
          { key: "lead_id", value: leadId, lease },
          { delivered: true, at, status: 200, error: null, problem: null, nextAttemptAt: null },
        );
        if (!held) return false;
        await settleLead(engine, trx, leadId, at);
        return true;
      });
    },

    recordFailure(leadId, lease, attempt) {
      return write(async (trx) => {
        const entry = await trx
          .selectFrom("outbox")
          .select("enqueued_at")
          .where("lead_id", "=", leadId)
          .where("lease_token", "=", lease)
          .executeTakeFirst();
        // `leads retry` during this attempt reset the entry: the operator asked for another try now.
        const retried = attempt.enqueuedAt !== undefined && entry?.enqueued_at !== attempt.enqueuedAt;
        const nextAttemptAt = retried ? attempt.at : attempt.nextAttemptAt;
        const held = await recordAttempt(
          trx,
          "outbox",
          { key: "lead_id", value: leadId, lease },
          { ...attempt, delivered: false, nextAttemptAt },
        );
        if (!held) return false;
        if (nextAttemptAt === null) await settleLead(engine, trx, leadId, attempt.at);
        return true;
      });
    },

    releaseLease(leadId, lease) {
      return write((trx) => releaseLease(trx, "outbox", { key: "lead_id", value: leadId, lease }));
    },

    nextDueAt: () => nextDueAt(db, "outbox"),
  };
}
