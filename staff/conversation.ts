import { z } from "../leads/zod.ts";
import { REPLY_SUBJECT_MAX, REPLY_TEXT_MAX } from "./reply-templates.ts";

/**
 * The conversation on a lead, as the staff API answers it: the confirmation the person was
 * sent (or why not), each staff reply with its delivery, each message the person sent back, each call logged.
 * Everything a sender wrote arrives here as plain text; the pages show it as text, never as HTML.
 */

const isoTime = z.iso.datetime();
const person = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** A file that came with an inbound message: listed on the thread, downloaded as an attachment. */
export const attachmentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int().min(0),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** An outgoing message's road through the outbox (retried, then given up: "dead", with a Retry on the thread). */
export const mailDeliverySchema = z.object({
  state: z.enum(["pending", "delivered", "dead"]),
  attempts: z.number().int().min(0),
  lastAttemptAt: isoTime.nullable(),
  /** Why the last attempt failed, in the operator's words (never the message's text). */
  lastError: z.string().nullable(),
});
export type MailDelivery = z.infer<typeof mailDeliverySchema>;

/**
 * Why a lead's sender got no confirmation. The store records all but `limited`, which is how a role reads a
 * limit that leads it may not see used up (server/staff/inbox/conversation-views.ts): saying which limit would tell it
 * that such a lead exists.
 */
export const NOT_SENT_REASONS = [
  "recently_confirmed",
  "domain_limit",
  "hourly_limit",
  "limited",
  "refused",
  "disabled",
  "no_mail_server",
  "spam",
] as const;
export type NotSentReason = (typeof NOT_SENT_REASONS)[number];
export const NOT_SENT_LABELS: Record<NotSentReason, string> = {
  recently_confirmed: "Not sent: this mailbox was sent a confirmation in the last 24 hours.",
  domain_limit:
    "Not sent: this hour's confirmations to the address's domain reached their limit (CONFIRMATIONS_PER_DOMAIN_PER_HOUR).",
  hourly_limit: "Not sent: this hour's confirmations reached their limit (CONFIRMATIONS_PER_HOUR).",
  limited: "Not sent: a limit on confirmation e-mails applied.",
  refused: "Not sent: the address cannot be written into a message.",
  disabled: "Not sent: confirmation e-mails are turned off (CONFIRMATION_EMAILS=false).",
  no_mail_server: "Not sent: no mail server is set up (SMTP_URL).",
  spam: "Not sent: the lead was caught as spam.",
};

export const confirmationMessage = z.object({
  kind: z.literal("confirmation"),
  id: z.string(),
  at: isoTime,
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** null when it was not sent: then `notSent` says why. */
  delivery: mailDeliverySchema.nullable(),
  notSent: z.enum(NOT_SENT_REASONS).nullable(),
});

export const replyMessage = z.object({
  kind: z.literal("reply"),
  id: z.string(),
  at: isoTime,
  /** null: the author's account is gone. */
  author: person.nullable(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  delivery: mailDeliverySchema,
});

export const inboundMessage = z.object({
  kind: z.literal("inbound"),
  id: z.string(),
  at: isoTime,
  from: z.object({ name: z.string(), address: z.string() }),
  subject: z.string(),
  /** Plain text (an HTML-only message converted to text). */
  text: z.string(),
  /** Someone has opened the lead since it arrived. */
  read: z.boolean(),
  attachments: z.array(attachmentSchema),
});

/** What a logged call came to (a call is a first response). */
export const CALL_OUTCOMES = ["reached", "voicemail", "no_answer", "wrong_number"] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  reached: "Spoke with them",
  voicemail: "Left a voicemail",
  no_answer: "No answer",
  wrong_number: "Wrong number",
};
export const CALL_NOTE_MAX = 2000;

export const callMessage = z.object({
  kind: z.literal("call"),
  id: z.string(),
  at: isoTime,
  author: person.nullable(),
  outcome: z.enum(CALL_OUTCOMES),
  note: z.string(),
});

export const conversationEntry = z.discriminatedUnion("kind", [
  confirmationMessage,
  replyMessage,
  inboundMessage,
  callMessage,
]);
export type ConversationEntry = z.infer<typeof conversationEntry>;

/** Another lead of the same person (same e-mail, or same phone in E.164) that the viewer's role may see. */
export const otherRequestSchema = z.object({
  id: z.string(),
  formLabel: z.string(),
  createdAt: isoTime,
  status: z.string(),
});

/** What ends a header line: a subject or an address with one of these is refused. */
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;

// ---- Requests and answers ------------------------------------------------------------------------------------

/** A reply from the lead page; the server refuses a subject with a line break, or a text over the limit (422). */
export const replyRequest = z.object({
  subject: z
    .string()
    .trim()
    .min(1, "Give the reply a subject.")
    .max(REPLY_SUBJECT_MAX, `A subject has at most ${REPLY_SUBJECT_MAX} characters.`)
    .refine((subject) => !LINE_BREAK.test(subject), "The subject must be a single line."),
  text: z
    .string()
    .refine((text) => text.trim().length > 0, "Write a message.")
    .refine(
      (text) => [...text].length <= REPLY_TEXT_MAX,
      `A message has at most ${REPLY_TEXT_MAX} characters.`,
    ),
});
export const replyAnswer = z.object({ message: replyMessage });

export const callRequest = z.object({
  outcome: z.enum(CALL_OUTCOMES),
  note: z.string().trim().max(CALL_NOTE_MAX).default(""),
});
export const callAnswer = z.object({ message: callMessage });
export type CallAnswer = z.infer<typeof callAnswer>;

/** Each person's own settings ("My settings"). */
export const settingsSchema = z.object({
  /** An e-mail with a link whenever a lead is assigned to me. */
  assignmentEmails: z.boolean(),
});
export const settingsRequest = settingsSchema.partial().strict();
export const settingsAnswer = z.object({ settings: settingsSchema });

/** Mail that came in and matched no lead (admins: "Unmatched mail"), kept 30 days. */
export const unmatchedMailSchema = z.object({
  id: z.string(),
  at: isoTime,
  from: z.object({ name: z.string(), address: z.string() }),
  subject: z.string(),
  text: z.string(),
  attachments: z.array(attachmentSchema),
});
export const UNMATCHED_PAGE_SIZE = 50;
export const UNMATCHED_KEEP_DAYS = 30;
export const unmatchedPageAnswer = z.object({
  messages: z.array(unmatchedMailSchema),
  page: z.number().int(),
  pageSize: z.literal(UNMATCHED_PAGE_SIZE),
  total: z.number().int(),
});
