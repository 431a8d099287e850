import { mailboxKey } from "../../../leads/person-keys.ts";
import {
  type Attachment,
  type CallOutcome,
  type ConversationEntry,
  type MailDelivery,
  NOT_SENT_REASONS,
  type NotSentReason,
} from "../../../staff/conversation.ts";
import { formLabelOf } from "../../../staff/labels.ts";
import type { LeadDetail, LeadPage } from "../../../staff/leads-api.ts";
import { maySeeEveryLead, maySeeLead } from "../../../staff/permissions.ts";
import type { Role } from "../../../staff/roles.ts";
import { CONFIRMATION_WINDOW_MS } from "../../mail/confirmation-plan.ts";
import type { ConversationQueries } from "../../store/queries/conversation.ts";
import type { MailOutbox } from "../../store/queries/mail-outbox.ts";
import { personOf } from "./lead-views.ts";

// The conversation's rows as the staff API's contract (staff/conversation.ts) has them, oldest first.

type Sent = Awaited<ReturnType<ConversationQueries["sent"]>>[number];
type Numeric = number | string | bigint;

const iso = (ms: Numeric) => new Date(Number(ms)).toISOString();

const deliveryOf = (row: Sent): MailDelivery => ({
  state: row.state === "delivered" || row.state === "dead" ? row.state : "pending",
  attempts: Number(row.attempts),
  lastAttemptAt: row.last_attempt_at === null ? null : iso(row.last_attempt_at),
  lastError: row.last_error,
});

const notSentOf = (reason: string | null): NotSentReason | null =>
  (NOT_SENT_REASONS as readonly string[]).includes(reason ?? "") ? (reason as NotSentReason) : null;

/** One message sent about the lead; a confirmation not sent says why in `notSent` (its reason, as recorded). */
export function sentEntry(
  row: Sent,
  notSent = row.state === "not_sent" ? notSentOf(row.not_sent) : null,
): ConversationEntry {
  const common = {
    id: row.id,
    at: iso(row.created_at),
    to: row.to_address,
    subject: row.subject,
    text: row.text,
  };
  if (row.kind === "confirmation") {
    return { kind: "confirmation", ...common, delivery: notSent ? null : deliveryOf(row), notSent };
  }
  return {
    kind: "reply",
    ...common,
    author: personOf(row.author_id, row.author_name, row.author_email),
    delivery: deliveryOf(row),
  };
}

/** The files of one inbound message, as the contract lists them (no bytes). */
export const attachmentsOf = (
  files: readonly { id: string; inbound_id: string; filename: string; content_type: string; size: Numeric }[],
  messageId: string,
): Attachment[] =>
  files
    .filter((file) => file.inbound_id === messageId)
    .map((file) => ({
      id: file.id,
      filename: file.filename,
      contentType: file.content_type,
      size: Number(file.size),
    }));

/**
 * Why a confirmation was not sent, as `role` may read it. A limit other leads used up is named only when the role
 * may see one of them (the mailbox's day: the lead whose confirmation it had) or every lead there is (the domain's
 * and the hour's counts); to any other role it reads `limited`, which names no lead, so a recruiter never learns
 * from a skipped confirmation that the same person just asked for a demo.
 */
async function notSentFor(store: ConversationQueries, role: Role, row: Sent): Promise<NotSentReason | null> {
  const reason = notSentOf(row.not_sent);
  if (reason === "domain_limit" || reason === "hourly_limit")
    return maySeeEveryLead(role) ? reason : "limited";
  if (reason !== "recently_confirmed") return reason;
  const mailbox = mailboxKey(row.to_address);
  const at = Number(row.created_at);
  const before = mailbox ? await store.confirmedBefore(mailbox, at - CONFIRMATION_WINDOW_MS, at) : [];
  return before.some((lead) => maySeeLead(role, { formId: lead.form_id, spam: lead.state === "spam" }))
    ? reason
    : "limited";
}

/** The lead's conversation as `role` reads it: what was sent, what came back, the calls, oldest first. */
export async function conversationOf(
  store: ConversationQueries,
  leadId: string,
  role: Role,
): Promise<ConversationEntry[]> {
  const [sent, received, calls] = await Promise.all([
    store.sent(leadId),
    store.received(leadId),
    store.calls(leadId),
  ]);
  const attachments = await store.attachmentsOf(received.map((message) => message.id));
  const notSent = await Promise.all(
    sent.map((row) => (row.state === "not_sent" ? notSentFor(store, role, row) : null)),
  );
  const entries: { at: number; entry: ConversationEntry }[] = [
    ...sent.map((row, index) => ({ at: Number(row.created_at), entry: sentEntry(row, notSent[index]) })),
    ...received.map((row) => ({
      at: Number(row.received_at),
      entry: {
        kind: "inbound" as const,
        id: row.id,
        at: iso(row.received_at),
        from: { name: row.from_name, address: row.from_address },
        subject: row.subject,
        text: row.text,
        read: row.read_at !== null,
        attachments: attachmentsOf(attachments, row.id),
      },
    })),
    ...calls.map((row) => ({
      at: Number(row.at),
      entry: {
        kind: "call" as const,
        id: row.id,
        at: iso(row.at),
        author: personOf(row.author_id, row.author_name, row.author_email),
        // Written only from the contract's CALL_OUTCOMES.
        outcome: row.outcome as CallOutcome,
        note: row.note,
      },
    })),
  ];
  // Stable: entries of one instant keep the order sent, received, calls.
  return entries.sort((a, b) => a.at - b.at).map(({ entry }) => entry);
}

/** The confirmation as a row of the lead's delivery panel, beside the channels'. */
export const confirmationDelivery = (
  row: NonNullable<Awaited<ReturnType<MailOutbox["confirmationOf"]>>>,
): LeadDetail["deliveries"][number] => ({
  channel: "confirmation",
  state: row.state === "delivered" || row.state === "dead" ? row.state : "pending",
  attempts: Number(row.attempts),
  lastAttemptAt: row.last_attempt_at === null ? null : iso(row.last_attempt_at),
  lastError: row.last_error,
  problem: row.problem,
});

export const toOtherRequest = (row: {
  id: string;
  form_id: string;
  created_at: Numeric;
  status: string;
}): LeadPage["otherRequests"][number] => ({
  id: row.id,
  formLabel: formLabelOf(row.form_id),
  createdAt: iso(row.created_at),
  status: row.status,
});
