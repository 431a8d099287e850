import type { ResumeKind } from "../../leads/resume.ts";
import type { LeadSource } from "../../leads/source.ts";
import type { NotSentReason } from "../../staff/conversation.ts";

// The store's vocabulary: what its query modules take and give, whichever database sits behind them.

/** pending: waiting in the outbox; delivered: the service confirmed; dead: gave up; spam: honeypot, never relayed. */
export const LEAD_STATES = ["pending", "delivered", "dead", "spam"] as const;
export type LeadState = (typeof LEAD_STATES)[number];

/** The databases the store runs on: those its migrations are written for. */
export type { StoreDialect } from "./migrations/dialect.ts";

/** The roads a lead travels (decision 014); `LEAD_CHANNELS` picks them per deployment. */
export const CHANNELS = ["formservice", "smtp", "webhook"] as const;
export type Channel = (typeof CHANNELS)[number];

/** One channel's delivery of a lead; the lead's own state derives from its deliveries. */
export const DELIVERY_STATES = ["pending", "delivered", "dead"] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** What the operator should look at when a delivery keeps failing; `gone`: the webhook answered 410. */
export type DeliveryProblem = "activation" | "configuration" | "service" | "network" | "gone";

export interface ResumeInfo {
  /** The sanitised original file name, sent on to the mailbox. */
  name: string;
  kind: ResumeKind;
  size: number;
  sha256: string;
}

export interface NewLead {
  id: string;
  formId: string;
  state: "pending" | "spam";
  fields: Record<string, string>;
  /** The resume, already fsync'd in a temp file under the data directory. */
  resume?: ResumeInfo & { tempPath: string };
  /** Where the lead came from (decision 017), already cleaned and bounded. */
  source?: LeadSource;
  createdAt: number;
  /**
   * When its response is due, from the business calendar: the lead API always gives it; a lead
   * planted without one (a test's, a tool's) is due as it arrives.
   */
  dueAt?: number;
  /** The opening an application was for (leads.opening_id); none by default. */
  openingId?: string | null;
  /** The confirmation to queue in the lead's transaction, or why there is none. */
  confirmation?: ConfirmationPlan | undefined;
}

export interface DeliveryRecord {
  id: string;
  channel: Channel;
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: number | null;
  lastAttemptAt: number | null;
  lastStatus: number | null;
  lastError: string | null;
  problem: DeliveryProblem | null;
}

/** How a delivery is going: its attempts, when it is due next and when it was last tried, and what came back. */
type DeliveryProgress = Pick<
  DeliveryRecord,
  "attempts" | "nextAttemptAt" | "lastAttemptAt" | "lastStatus" | "lastError" | "problem"
>;

/** A lead with its deliveries; the progress fields repeat the delivery most in need of attention. */
export interface LeadRecord extends DeliveryProgress {
  id: string;
  formId: string;
  state: LeadState;
  fields: Record<string, string>;
  resume: ResumeInfo | null;
  source: LeadSource;
  /** Where the resume lives: a file path (SQLite) or a table reference (PostgreSQL). */
  resumeLocation: string | null;
  createdAt: number;
  deliveredAt: number | null;
  /** One per channel, in channel order. */
  deliveries: DeliveryRecord[];
}

/** An Idempotency-Key names one lead for this long; older keys are forgotten (and purged). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The messages the server sends (decision 024): to the person who wrote in, or to staff. */
export const MAIL_KINDS = ["confirmation", "reply", "assignment", "escalation", "digest"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** The headers a queued message is sent with, as built and checked when it was queued (server/mail). */
export interface MailEnvelope {
  from: { name: string; address: string };
  replyTo?: { name: string; address: string };
  headers?: Record<string, string>;
  inReplyTo?: string;
  references?: string[];
}

/** A message to queue, built and checked (server/mail): every attempt sends exactly this, Message-ID included. */
export interface NewMail {
  id: string;
  kind: MailKind;
  leadId: string | null;
  /** The staff member who wrote it (a reply). */
  authorId?: string | null;
  /** The staff member it is for (a notice). */
  recipientId?: string | null;
  /** One message per key, whichever instance queues it (an escalation to one person, one day's digest). */
  dedupeKey?: string;
  to: string;
  subject: string;
  text: string;
  envelope: MailEnvelope;
  messageId: string;
}

/** A message a person sent back, as the store keeps it (server/mail reads and bounds it first). */
export interface InboundMail {
  /** `<left@right>`, or null when the message has none worth keeping. */
  messageId: string | null;
  from: { address: string; name: string };
  subject: string;
  /** The Date header, or null when it is missing or no date. */
  date: Date | null;
  /** The body as plain text. */
  text: string;
  attachments: readonly {
    filename: string;
    contentType: string;
    size: number;
    /** Hex SHA-256 of the content. */
    sha256: string;
    content: Buffer;
  }[];
}

/** Why the store records a confirmation as not sent; `limited` is only ever how a staff role reads a limit. */
export type SkipReason = Exclude<NotSentReason, "limited">;

/** What became of a lead's confirmation: queued for the mail worker, or recorded as not sent and why. */
export type ConfirmationOutcome = "queued" | SkipReason;

/** The limits a confirmation is queued within (the store decides, in the lead's transaction). */
export interface ConfirmationLimits {
  /** One confirmation per mailbox per this long. */
  windowMs: number;
  /** At most this many to one recipient domain per clock hour (CONFIRMATIONS_PER_DOMAIN_PER_HOUR). */
  perDomainPerHour: number;
  /** At most this many in all per clock hour (CONFIRMATIONS_PER_HOUR). */
  perHour: number;
}

/**
 * What a new lead's confirmation comes to: a message to send unless its mailbox (`mailbox`: leads/person-keys.ts
 * `mailboxKey`) was sent one within the window, or its domain or all confirmations are at the
 * hour's limit, or why none is sent, with the copy it would have had.
 */
export type ConfirmationPlan =
  | { mail: NewMail; mailbox: string; domain: string; limits: ConfirmationLimits }
  | { skipped: SkipReason; to: string; subject: string; text: string };
