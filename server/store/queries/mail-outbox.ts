import { maskDocumentLinks } from "../../../leads/document-link-text.ts";
import type { LeadDb, MailState } from "../database.ts";
import type { Engine } from "../engine.ts";
import type { DeliveryProblem, MailEnvelope, MailKind, NewMail } from "../store-records.ts";
import { leaseDue, nextDueAt, recordAttempt, releaseLease } from "./leased-attempts.ts";

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

/**
 * Queues a message, due at once, inside the caller's transaction; one with a `dedupeKey` already queued (by
 * this instance or another) is left as it is. Resolves with whether this call queued it.
 */
export async function queueMail(trx: LeadDb, mail: NewMail, at: number): Promise<boolean> {
  const queued = await trx
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
      dedupe_key: mail.dedupeKey ?? null,
      state: "pending",
      created_at: at,
      enqueued_at: at,
      next_attempt_at: at,
    })
    .onConflict((conflict) => conflict.column("dedupe_key").doNothing())
    .executeTakeFirst();
  return Number(queued.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Masks the private links in a message's kept copy (only one that carries a link is rewritten). */
async function maskLinks(trx: LeadDb, id: string) {
  const row = await trx.selectFrom("mail_outbox").select("text").where("id", "=", id).executeTakeFirst();
  const masked = row && maskDocumentLinks(row.text);
  if (row && masked !== row.text)
    await trx.updateTable("mail_outbox").set({ text: masked }).where("id", "=", id).execute();
}

export function mailOutboxQueries(engine: Engine) {
  const { db, write } = engine;

  return {
    /** Leases up to `limit` due messages to the caller. */
    claimDue(now: number, limit: number, leaseMs: number): Promise<ClaimedMail[]> {
      return write(async (trx) => {
        const leases = await leaseDue(engine, trx, "mail_outbox", { now, limit, leaseMs });
        if (leases.length === 0) return [];
        const rows = await trx
          .selectFrom("mail_outbox")
          .select([
            "id",
            "kind",
            "lead_id",
            "to_address",
            "subject",
            "text",
            "envelope",
            "message_id",
            "attempts",
            "enqueued_at",
          ])
          .where(
            "id",
            "in",
            leases.map((lease) => lease.id),
          )
          .orderBy("next_attempt_at")
          .execute();
        const tokens = new Map(leases.map((lease) => [lease.id, lease.lease_token ?? ""]));
        return rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          leadId: row.lead_id,
          lease: tokens.get(row.id) ?? "",
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

    /**
     * Records the message as taken by the mail server, if the caller still holds the lease at `at`; a private
     * link it carried is masked in the copy kept, now that nothing will send it again.
     */
    markSent(id: string, lease: string, at: number, status: number): Promise<boolean> {
      return write(async (trx) => {
        const held = await recordAttempt(
          trx,
          "mail_outbox",
          { key: "id", value: id, lease },
          { delivered: true, at, status, error: null, problem: null, nextAttemptAt: null },
        );
        if (held) await maskLinks(trx, id);
        return held;
      });
    },

    /**
     * Records a failed attempt (and gives up when `nextAttemptAt` is null, masking a private link the message
     * carried) if the caller still holds the lease.
     */
    recordFailure(id: string, lease: string, attempt: FailedMailAttempt): Promise<boolean> {
      return write(async (trx) => {
        const held = await recordAttempt(
          trx,
          "mail_outbox",
          { key: "id", value: id, lease },
          { ...attempt, delivered: false },
        );
        if (held && attempt.nextAttemptAt === null) await maskLinks(trx, id);
        return held;
      });
    },

    /** Gives an unfinished claim back, due when it already was. */
    releaseLease(id: string, lease: string): Promise<boolean> {
      return write((trx) => releaseLease(trx, "mail_outbox", { key: "id", value: id, lease }));
    },

    /** When the next message falls due (a leased one when its lease runs out). */
    nextDueAt: () => nextDueAt(db, "mail_outbox"),

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
