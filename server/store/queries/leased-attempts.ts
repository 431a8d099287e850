import { sql } from "kysely";
import type { LeadDb } from "../database.ts";
import type { Engine } from "../engine.ts";
import type { DeliveryProblem } from "../store-records.ts";

/**
 * The leased attempts both outboxes share (the leads' deliveries and the mail outbox, decisions 003 and 024):
 * claiming what is due with a lease, writing an outcome only while that lease is held, giving a claim back, and
 * when the next entry falls due. Each table names its entries by its own key (a delivery by its lead, a message
 * by its id); what happens around an outcome (a lead's state) stays with its table.
 */
export type LeasedTable = "outbox" | "mail_outbox";

/** One attempt's outcome, as the worker reports it. */
export interface AttemptOutcome {
  at: number;
  /** The SMTP or HTTP status; null when no answer came. */
  status: number | null;
  /** Failed: the operator's words; null: delivered. */
  error: string | null;
  problem: DeliveryProblem | null;
  /** Failed: when to try again, or null to give up ("dead"). Delivered: ignored. */
  nextAttemptAt: number | null;
}

/** Leases up to `limit` due entries of `table` to the caller; returns their ids and the lease token. */
export function leaseDue(
  engine: Engine,
  trx: LeadDb,
  table: LeasedTable,
  claim: { now: number; limit: number; leaseMs: number },
) {
  const { now, limit, leaseMs } = claim;
  const due = trx
    .selectFrom(table)
    .select("id")
    .where("next_attempt_at", "is not", null)
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", now)]))
    .orderBy("next_attempt_at")
    .limit(limit)
    .$if(engine.sql.rowLocks, (query) => query.forUpdate().skipLocked());
  return trx
    .updateTable(table)
    .set({ lease_until: now + leaseMs, lease_token: engine.sql.newToken })
    .where("id", "in", due)
    .returning(["id", "lease_token"])
    .execute();
}

/**
 * Writes the attempt's outcome on the entry whose `key` is `value`, only while `lease` is held and unexpired at
 * the attempt's time; reports whether it did (false: another worker has it now, nothing written).
 */
export async function recordAttempt(
  trx: LeadDb,
  table: LeasedTable,
  entry: { key: "id" | "lead_id"; value: string; lease: string },
  outcome: AttemptOutcome & { delivered: boolean },
): Promise<boolean> {
  const { delivered } = outcome;
  const held = await trx
    .updateTable(table)
    .set({
      state: delivered ? "delivered" : outcome.nextAttemptAt === null ? "dead" : "pending",
      next_attempt_at: delivered ? null : outcome.nextAttemptAt,
      lease_until: null,
      lease_token: null,
      attempts: sql`attempts + 1`,
      last_attempt_at: outcome.at,
      last_status: outcome.status,
      last_error: delivered ? null : outcome.error,
      problem: delivered ? null : outcome.problem,
    })
    .where(entry.key, "=", entry.value)
    .where("lease_token", "=", entry.lease)
    .where("lease_until", ">", outcome.at)
    .executeTakeFirst();
  return Number(held.numUpdatedRows) > 0;
}

/** Gives an unfinished claim back, due when it already was; false if the lease was no longer held. */
export async function releaseLease(
  trx: LeadDb,
  table: LeasedTable,
  entry: { key: "id" | "lead_id"; value: string; lease: string },
): Promise<boolean> {
  const released = await trx
    .updateTable(table)
    .set({ lease_until: null, lease_token: null })
    .where(entry.key, "=", entry.value)
    .where("lease_token", "=", entry.lease)
    .executeTakeFirst();
  return Number(released.numUpdatedRows) > 0;
}

/** When the next entry of `table` falls due: a leased one when its lease runs out, not before. */
export async function nextDueAt(db: LeadDb, table: LeasedTable): Promise<number | null> {
  const row = await db
    .selectFrom(table)
    .select(
      sql<
        number | string | bigint | null
      >`MIN(CASE WHEN lease_until > next_attempt_at THEN lease_until ELSE next_attempt_at END)`.as("due"),
    )
    .where("next_attempt_at", "is not", null)
    .executeTakeFirst();
  return row?.due === null || row?.due === undefined ? null : Number(row.due);
}
