import { personKeysOf } from "../../../leads/person-keys.ts";
import type { Engine } from "../engine.ts";
import { newId } from "../ids.ts";
import { removeQuietly } from "../resume-files.ts";
import type { Channel, ConfirmationOutcome, ConfirmationPlan, NewLead } from "../store-records.ts";
import { queueConfirmation } from "./confirmations.ts";
import { recordHistory } from "./lead-work.ts";

export interface IdempotencyClaim {
  key: string;
  payloadHash: string;
  /** Keys older than this (ms since epoch) are forgotten and may be reused. */
  staleBefore: number;
}

export type AcceptOutcome =
  /** `confirmation`: what became of its confirmation, when the lead came with a plan for one. */
  | { kind: "created"; leadId: string; confirmation?: ConfirmationOutcome }
  | { kind: "replay"; leadId: string }
  | { kind: "conflict" };

/** What the lead API (server/leads) writes. */
export interface LeadIntake {
  /**
   * Commits the lead, its resume, (unless spam) one outbox delivery per channel and its confirmation (or why
   * none) at once, durably.
   */
  acceptLead(lead: NewLead, idempotency?: IdempotencyClaim): Promise<AcceptOutcome>;
  /**
   * "Not spam" (an admin): moves a lead the honeypot caught into delivery, one outbox delivery per channel, and
   * queues its confirmation in place of the "not sent: spam" record, with its history entry; false unless it
   * was spam, else what became of the confirmation (undefined without a plan).
   */
  releaseSpam(
    leadId: string,
    actorId: string,
    confirmation: ConfirmationPlan | undefined,
    at: number,
  ): Promise<false | { confirmation: ConfirmationOutcome | undefined }>;
}

/** Thrown inside an acceptLead transaction to roll it back when the idempotency key is taken. */
class KeyTaken extends Error {}

export function intakeQueries(engine: Engine, channels: readonly Channel[]): LeadIntake {
  const { db, write, resumes } = engine;

  /** Stores one lead with its outbox deliveries and idempotency claim, after its resume (beforeAccept). */
  const acceptNow = async (lead: NewLead, idempotency?: IdempotencyClaim): Promise<AcceptOutcome> => {
    const content = await resumes.beforeAccept(lead);
    let outcome: AcceptOutcome;
    try {
      outcome = await write(async (trx): Promise<AcceptOutcome> => {
        const resume = lead.resume;
        const keys = personKeysOf(lead.fields);
        await trx
          .insertInto("leads")
          .values({
            id: lead.id,
            form_id: lead.formId,
            state: lead.state,
            fields: JSON.stringify(lead.fields),
            resume_name: resume?.name ?? null,
            resume_kind: resume?.kind ?? null,
            resume_size: resume?.size ?? null,
            resume_sha256: resume?.sha256 ?? null,
            created_at: lead.createdAt,
            email_key: keys.email,
            phone_key: keys.phone,
            due_at: lead.dueAt ?? lead.createdAt,
            opening_id: lead.openingId ?? null,
            ...lead.source,
          })
          .execute();
        await resumes.keep(trx, lead.id, content);
        if (lead.state === "pending") {
          await trx
            .insertInto("outbox")
            .values(
              channels.map((channel) => ({
                id: newId(),
                lead_id: lead.id,
                channel,
                enqueued_at: lead.createdAt,
                next_attempt_at: lead.createdAt,
              })),
            )
            .execute();
        }
        if (idempotency) {
          // A concurrent request with the same key waits here for the first to commit, then sees its row.
          const claimed = await trx
            .insertInto("idempotency_keys")
            .values({
              key: idempotency.key,
              payload_hash: idempotency.payloadHash,
              lead_id: lead.id,
              created_at: lead.createdAt,
            })
            .onConflict((conflict) =>
              conflict
                .column("key")
                .doUpdateSet((eb) => ({
                  payload_hash: eb.ref("excluded.payload_hash"),
                  lead_id: eb.ref("excluded.lead_id"),
                  created_at: eb.ref("excluded.created_at"),
                }))
                .where("idempotency_keys.created_at", "<", idempotency.staleBefore),
            )
            .returning("key")
            .executeTakeFirst();
          if (!claimed) throw new KeyTaken();
        }
        if (!lead.confirmation) return { kind: "created", leadId: lead.id };
        // Last: on PostgreSQL it takes the confirmations' turn, held until this transaction commits.
        const confirmation = await queueConfirmation(
          trx,
          engine.sql,
          lead.id,
          lead.confirmation,
          lead.createdAt,
        );
        return { kind: "created", leadId: lead.id, confirmation };
      });
    } catch (error) {
      await resumes.afterAccept(lead, false);
      if (!(error instanceof KeyTaken) || !idempotency) throw error;
      const existing = await db
        .selectFrom("idempotency_keys")
        .select(["payload_hash", "lead_id"])
        .where("key", "=", idempotency.key)
        .executeTakeFirst();
      return existing && existing.payload_hash === idempotency.payloadHash
        ? { kind: "replay", leadId: existing.lead_id }
        : { kind: "conflict" };
    }
    await resumes.afterAccept(lead, true);
    return outcome;
  };

  return {
    releaseSpam: (leadId, actorId, confirmation, at) =>
      write(async (trx) => {
        const released = await trx
          .updateTable("leads")
          .set({ state: "pending" })
          .where("id", "=", leadId)
          .where("state", "=", "spam")
          .executeTakeFirst();
        if (Number(released.numUpdatedRows) !== 1) return false as const;
        await trx
          .insertInto("outbox")
          .values(
            channels.map((channel) => ({
              id: newId(),
              lead_id: leadId,
              channel,
              enqueued_at: at,
              next_attempt_at: at,
            })),
          )
          .execute();
        await trx
          .deleteFrom("mail_outbox")
          .where("lead_id", "=", leadId)
          .where("kind", "=", "confirmation")
          .where("state", "=", "not_sent")
          .execute();
        await recordHistory(trx, { leadId, actorId, action: "not_spam", at });
        return {
          confirmation: confirmation && (await queueConfirmation(trx, engine.sql, leadId, confirmation, at)),
        };
      }),

    async acceptLead(lead, idempotency) {
      if (lead.state === "spam" && lead.resume) {
        // Honeypot spam keeps no file: the resume is dropped, only the bounded fields stay for the operator.
        await removeQuietly(lead.resume.tempPath);
        lead = { ...lead, resume: undefined };
      }
      const accept = () => acceptNow(lead, idempotency);
      return lead.resume && resumes.limit ? resumes.limit(accept) : accept();
    },
  };
}
