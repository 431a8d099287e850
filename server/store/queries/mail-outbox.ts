import { sql } from "kysely";
import type { LeadDb, MailState } from "../database.ts";
import type { Engine } from "../engine.ts";
import { newId } from "../ids.ts";
import type { ConfirmationPlan, DeliveryProblem, MailEnvelope, MailKind, NewMail } from "../lead-records.ts";

/**
 * The mail outbox (decision 024): the messages the server sends a person (a lead's confirmation, staff replies),
 * each queued once with its Message-ID, leased to one worker at a time, retried, given up ("dead"). Like the
 * leads' outbox, an outcome counts only while the worker still holds its lease, so a message is sent once
 * however many instances relay.
 */

/** One claimed message, leased to one worker until the lease runs out. */
export interface ClaimedMail {
  id: string;
  kind: MailKind;
  leadId: string | null;
  lease: string;
  to: string;
  subject: string;
  text: string;
  envelope: MailEnvelope;
  messageId: string;
  attempts: number;
  enqueuedAt: number;
}

export interface FailedMailAttempt {
  at: number;
  /** null: give up, the message is dead. */
  nextAttemptAt: number | null;
  status: number | null;
  error: string;
  problem: DeliveryProblem;
}

/** The messages the person who wrote in gets (their thread); the rest (notices) go to staff. */
export const PERSON_MAIL_KINDS = ["confirmation", "reply"] as const satisfies readonly MailKind[];

/** Queues a message, due at once, inside the caller's transaction. */
export const queueMail = (trx: LeadDb, mail: NewMail, at: number) =>
  trx
    .insertInto("mail_outbox")
    .values({
      id: mail.id,
      kind: mail.kind,
      lead_id: mail.leadId,
      author_id: mail.authorId ?? null,
      recipient_id: mail.recipientId ?? null,
      to_address: mail.to,
      subject: mail.subject,
      text: mail.text,
      envelope: JSON.stringify(mail.envelope),
      message_id: mail.messageId,
      state: "pending",
      created_at: at,
      enqueued_at: at,
      next_attempt_at: at,
    })
    .execute();

/**
 * A new lead's confirmation, in the lead's transaction: queued unless its address was confirmed within the
 * window, which the store decides once across instances (a concurrent claim of the same address waits on the
 * row, then sees it taken); otherwise, or when the plan says none, recorded as not sent, with the reason.
 */
export async function queueConfirmation(trx: LeadDb, leadId: string, plan: ConfirmationPlan, at: number) {
  if ("mail" in plan) {
    const claimed = await trx
      .insertInto("confirmation_limits")
      .values({ address_hash: plan.addressHash, confirmed_at: at })
      .onConflict((conflict) =>
        conflict
          .column("address_hash")
          .doUpdateSet({ confirmed_at: at })
          .where("confirmation_limits.confirmed_at", "<=", at - plan.windowMs),
      )
      .returning("address_hash")
      .executeTakeFirst();
    if (claimed) return queueMail(trx, { ...plan.mail, leadId }, at);
  }
  const { to, subject, text } = "mail" in plan ? plan.mail : plan;
  await trx
    .insertInto("mail_outbox")
    .values({
      id: "mail" in plan ? plan.mail.id : newId(),
      kind: "confirmation",
      lead_id: leadId,
      to_address: to,
      subject,
      text,
      envelope: "{}",
      message_id: null,
      not_sent: "mail" in plan ? "recently_confirmed" : plan.skipped,
      state: "not_sent",
      created_at: at,
      enqueued_at: at,
      next_attempt_at: null,
    })
    .execute();
}

type Numeric = number | string | bigint | null;
const num = (value: Numeric) => (value === null ? null : Number(value));

export function mailOutboxQueries(engine: Engine) {
  const { db, write } = engine;

  const fenced = (trx: LeadDb, id: string, lease: string, at: number) =>
    trx
      .updateTable("mail_outbox")
      .where("id", "=", id)
      .where("lease_token", "=", lease)
      .where("lease_until", ">", at);

  return {
    /** Leases up to `limit` due messages to the caller. */
    claimDue(now: number, limit: number, leaseMs: number): Promise<ClaimedMail[]> {
      return write(async (trx) => {
        const due = trx
          .selectFrom("mail_outbox")
          .select("id")
          .where("next_attempt_at", "is not", null)
          .where("next_attempt_at", "<=", now)
          .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", now)]))
          .orderBy("next_attempt_at")
          .limit(limit)
          .$if(engine.sql.rowLocks, (query) => query.forUpdate().skipLocked());
        const rows = await trx
          .updateTable("mail_outbox")
          .set({ lease_until: now + leaseMs, lease_token: engine.sql.newToken })
          .where("id", "in", due)
          .returning([
            "id",
            "kind",
            "lead_id",
            "lease_token",
            "to_address",
            "subject",
            "text",
            "envelope",
            "message_id",
            "attempts",
            "enqueued_at",
          ])
          .execute();
        return rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          leadId: row.lead_id,
          lease: row.lease_token ?? "",
          to: row.to_address,
          subject: row.subject,
          text: row.text,
          envelope: JSON.parse(row.envelope) as MailEnvelope,
          messageId: row.message_id ?? "",
          attempts: Number(row.attempts),
          enqueuedAt: Number(row.enqueued_at),
        }));
      });
    },

    /** Records the message as taken by the mail server, if the caller still holds the lease at `at`. */
    markSent(id: string, lease: string, at: number, status: number): Promise<boolean> {
      return write(async (trx) => {
        const held = await fenced(trx, id, lease, at)
          .set((eb) => ({
            state: "delivered",
            next_attempt_at: null,
            lease_until: null,
            lease_token: null,
            attempts: eb("attempts", "+", 1),
            last_attempt_at: at,
            last_status: status,
            last_error: null,
            problem: null,
          }))
          .executeTakeFirst();
        return Number(held.numUpdatedRows) > 0;
      });
    },

    /** Records a failed attempt (and gives up when `nextAttemptAt` is null) if the caller still holds the lease. */
    recordFailure(id: string, lease: string, attempt: FailedMailAttempt): Promise<boolean> {
      return write(async (trx) => {
        const held = await fenced(trx, id, lease, attempt.at)
          .set((eb) => ({
            state: attempt.nextAttemptAt === null ? "dead" : "pending",
            next_attempt_at: attempt.nextAttemptAt,
            lease_until: null,
            lease_token: null,
            attempts: eb("attempts", "+", 1),
            last_attempt_at: attempt.at,
            last_status: attempt.status,
            last_error: attempt.error,
            problem: attempt.problem,
          }))
          .executeTakeFirst();
        return Number(held.numUpdatedRows) > 0;
      });
    },

    /** Gives an unfinished claim back, due when it already was. */
    releaseLease(id: string, lease: string): Promise<boolean> {
      return write(async (trx) => {
        const released = await trx
          .updateTable("mail_outbox")
          .set({ lease_until: null, lease_token: null })
          .where("id", "=", id)
          .where("lease_token", "=", lease)
          .executeTakeFirst();
        return Number(released.numUpdatedRows) > 0;
      });
    },

    /** When the next message falls due (a leased one when its lease runs out). */
    async nextDueAt(): Promise<number | null> {
      const row = await db
        .selectFrom("mail_outbox")
        .select(
          sql<Numeric>`MIN(CASE WHEN lease_until > next_attempt_at THEN lease_until ELSE next_attempt_at END)`.as(
            "due",
          ),
        )
        .where("next_attempt_at", "is not", null)
        .executeTakeFirst();
      return num(row?.due ?? null);
    },

    /** The Message-IDs of the lead's thread, sent and received, oldest first: what a reply follows. */
    async threadIds(leadId: string): Promise<string[]> {
      const [sent, received] = await Promise.all([
        db
          .selectFrom("mail_outbox")
          .select(["message_id", "created_at as at"])
          .where("lead_id", "=", leadId)
          .where("kind", "in", PERSON_MAIL_KINDS)
          .where("message_id", "is not", null)
          .where("state", "!=", "not_sent")
          .execute(),
        db
          .selectFrom("inbound_messages")
          .select(["message_id", "received_at as at"])
          .where("lead_id", "=", leadId)
          .where("message_id", "is not", null)
          .execute(),
      ]);
      return [...sent, ...received]
        .sort((a, b) => Number(a.at) - Number(b.at))
        .map((row) => row.message_id ?? "");
    },

    /** Puts a reply that was given up back in the outbox, due now; false unless it is the lead's and dead. */
    retryReply(leadId: string, id: string, at: number): Promise<boolean> {
      return write(async (trx) => {
        const retried = await trx
          .updateTable("mail_outbox")
          .set({ state: "pending", enqueued_at: at, next_attempt_at: at, attempts: 0, problem: null })
          .where("id", "=", id)
          .where("lead_id", "=", leadId)
          .where("kind", "=", "reply")
          .where("state", "=", "dead")
          .executeTakeFirst();
        return Number(retried.numUpdatedRows) === 1;
      });
    },

    /**
     * Forgets the addresses confirmed at or before `before` (a window ago): they limit nothing any more, and the
     * table would otherwise keep one row per address ever confirmed. Returns how many went.
     */
    async purgeConfirmationLimits(before: number): Promise<number> {
      const removed = await write((trx) =>
        trx.deleteFrom("confirmation_limits").where("confirmed_at", "<=", before).executeTakeFirst(),
      );
      return Number(removed.numDeletedRows);
    },

    /** The lead's confirmation as the delivery panel shows it, or undefined when it has none. */
    confirmationOf: (leadId: string) =>
      db
        .selectFrom("mail_outbox")
        .select(["state", "not_sent", "attempts", "last_attempt_at", "last_error", "problem"])
        .where("lead_id", "=", leadId)
        .where("kind", "=", "confirmation")
        .executeTakeFirst(),

    /** `leads status`: messages by kind and state, and the last problem of those not yet sent. */
    async status(): Promise<{ kind: MailKind; state: MailState; count: number; lastError: string | null }[]> {
      const rows = await db
        .selectFrom("mail_outbox")
        .select((eb) => [
          "kind",
          "state",
          eb.fn.countAll<number | string | bigint>().as("count"),
          eb.fn.max("last_error").as("last_error"),
        ])
        .groupBy(["kind", "state"])
        .orderBy("kind")
        .orderBy("state")
        .execute();
      return rows.map((row) => ({
        kind: row.kind,
        state: row.state,
        count: Number(row.count),
        lastError: row.state === "delivered" || row.state === "not_sent" ? null : row.last_error,
      }));
    },
  };
}

export type MailOutbox = ReturnType<typeof mailOutboxQueries>;
