import { type RawBuilder, sql } from "kysely";
import type { LeadDb } from "../database.ts";
import type { DialectSql } from "../engine.ts";
import { newId } from "../ids.ts";
import { precompiled } from "../precompiled.ts";
import type { ConfirmationOutcome, ConfirmationPlan, SkipReason } from "../store-records.ts";

/**
 * A lead's confirmation (decision 024) as the mail outbox records it, and the limits it is queued within: one per
 * mailbox per day, read from the queued confirmations' mailbox keys, and per clock hour, per recipient domain and
 * in all, read from counters (`confirmation_budgets`, migration 013).
 */

/** The hourly counter of every confirmation, beside one per recipient domain (a domain is never `*`). */
const ALL_DOMAINS = "*";
const HOUR_MS = 60 * 60 * 1000;

/**
 * A new lead's confirmation, in the lead's transaction, as one row of the mail outbox: queued, unless its mailbox
 * (`mailbox_key`) had a confirmation queued within the window, or this clock hour's confirmations to its domain
 * or in all are at their limit; then it is recorded as not sent (as it is when the plan says none), with the
 * reason. On PostgreSQL every instance's decisions take turns on one key (`serialiseOn`) until their transaction
 * ends, so each reads the counts the one before it committed; SQLite has one writer. Resolves with the outcome.
 */
export async function queueConfirmation(
  trx: LeadDb,
  dialect: DialectSql,
  leadId: string,
  plan: ConfirmationPlan,
  at: number,
): Promise<ConfirmationOutcome> {
  if (!("mail" in plan)) {
    await trx
      .insertInto("mail_outbox")
      .values({
        id: newId(),
        kind: "confirmation",
        lead_id: leadId,
        to_address: plan.to,
        subject: plan.subject,
        text: plan.text,
        envelope: "{}",
        message_id: null,
        not_sent: plan.skipped,
        state: "not_sent",
        created_at: at,
        enqueued_at: at,
        next_attempt_at: null,
      })
      .execute();
    return plan.skipped;
  }
  const { mail, limits } = plan;
  const turn = dialect.serialiseOn("confirmations");
  if (turn) await turn.execute(trx);
  const hourStart = at - (at % HOUR_MS);
  const written = await queueWithinLimits(trx, dialect, {
    id: mail.id,
    leadId,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    envelope: JSON.stringify(mail.envelope),
    messageId: mail.messageId,
    at,
    mailbox: plan.mailbox,
    since: at - limits.windowMs,
    domain: plan.domain,
    hourStart,
    perDomain: limits.perDomainPerHour,
    perHour: limits.perHour,
  });
  const reason = (written.rows[0] as { not_sent: SkipReason | null } | undefined)?.not_sent ?? null;
  if (reason) return reason;
  const counts = await countQueued(trx, dialect, { hourStart, domain: plan.domain });
  // The hour's first confirmation clears the counters of the hours before the last.
  if (
    (counts.rows as { bucket: string; sent: number }[]).some(
      (row) => row.bucket === ALL_DOMAINS && row.sent === 1,
    )
  )
    await trx
      .deleteFrom("confirmation_budgets")
      .where("hour_start", "<", hourStart - HOUR_MS)
      .execute();
  return "queued";
}

/**
 * The confirmation's one row: queued, or recorded as not sent with the first limit it meets (the mailbox's day,
 * the domain's hour, the hour). Compiled once per dialect: it runs for every lead.
 */
const queueWithinLimits = precompiled<{
  id: string;
  leadId: string;
  to: string;
  subject: string;
  text: string;
  envelope: string;
  messageId: string;
  at: number;
  mailbox: string;
  since: number;
  domain: string;
  hourStart: number;
  perDomain: number;
  perHour: number;
}>((db, value) => {
  const recent = db
    .selectFrom("mail_outbox")
    .select(sql.lit(1).as("one"))
    .where("mailbox_key", "=", value("mailbox"))
    .where("created_at", ">", value("since"));
  const sentThisHour = (bucket: RawBuilder<string>) =>
    db
      .selectFrom("confirmation_budgets")
      .select("sent")
      .where("hour_start", "=", value("hourStart"))
      .where("bucket", "=", bucket);
  const reason = sql<string | null>`case
    when exists ${recent} then ${sql.lit("recently_confirmed")}
    when coalesce(${sentThisHour(value("domain"))}, 0) >= ${value("perDomain")} then ${sql.lit("domain_limit")}
    when coalesce(${sentThisHour(sql.lit(ALL_DOMAINS))}, 0) >= ${value("perHour")} then ${sql.lit("hourly_limit")}
  end`;
  /** The value for a row recorded as not sent, or for one queued. */
  const either = (notSent: RawBuilder<unknown>, queued: RawBuilder<unknown>) =>
    sql`case when c.reason is null then ${queued} else ${notSent} end`;
  // Typed for PostgreSQL, which reads a bare parameter in a select list as text.
  const millis = () => sql`cast(${value("at")} as bigint)`;
  return db
    .insertInto("mail_outbox")
    .columns([
      "id",
      "kind",
      "lead_id",
      "to_address",
      "subject",
      "text",
      "envelope",
      "message_id",
      "mailbox_key",
      "not_sent",
      "state",
      "created_at",
      "enqueued_at",
      "next_attempt_at",
    ])
    .expression(
      db
        .selectFrom(db.selectNoFrom(reason.as("reason")).as("c"))
        .select([
          value("id").as("id"),
          sql.lit("confirmation").as("kind"),
          value("leadId").as("lead_id"),
          value("to").as("to_address"),
          value("subject").as("subject"),
          value("text").as("text"),
          either(sql.lit("{}"), value("envelope")).as("envelope"),
          either(sql`null`, value("messageId")).as("message_id"),
          either(sql`null`, value("mailbox")).as("mailbox_key"),
          sql`c.reason`.as("not_sent"),
          either(sql.lit("not_sent"), sql.lit("pending")).as("state"),
          millis().as("created_at"),
          millis().as("enqueued_at"),
          either(sql`null`, millis()).as("next_attempt_at"),
        ]),
    )
    .returning("not_sent");
});

/** Counts a queued confirmation in its hour, for its domain and in all. */
const countQueued = precompiled<{ hourStart: number; domain: string }>((db, value) =>
  db
    .insertInto("confirmation_budgets")
    .values([
      { hour_start: value("hourStart"), bucket: value("domain"), sent: sql.lit(1) },
      { hour_start: value("hourStart"), bucket: sql.lit(ALL_DOMAINS), sent: sql.lit(1) },
    ])
    .onConflict((conflict) =>
      conflict.columns(["hour_start", "bucket"]).doUpdateSet({ sent: sql`confirmation_budgets.sent + 1` }),
    )
    .returning(["bucket", "sent"]),
);
