import type { ResumeKind } from "../../leads/resume.ts";
import type { LeadSource } from "../../leads/source.ts";

/** pending: waiting in the outbox; delivered: the service confirmed; dead: gave up; spam: honeypot, never relayed. */
export const LEAD_STATES = ["pending", "delivered", "dead", "spam"] as const;
export type LeadState = (typeof LEAD_STATES)[number];

export type StoreDialect = "sqlite" | "postgres";

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
  /** Where the lead came from (issue 16), already cleaned and bounded. */
  source?: LeadSource;
  createdAt: number;
}

export interface IdempotencyClaim {
  key: string;
  payloadHash: string;
  /** Keys older than this (ms since epoch) are forgotten and may be reused. */
  staleBefore: number;
}

export type AcceptOutcome =
  | { kind: "created"; leadId: string }
  | { kind: "replay"; leadId: string }
  | { kind: "conflict" };

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

export interface LeadRecord {
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
  /** One per channel, in channel order. The fields below repeat the one most in need of attention. */
  deliveries: DeliveryRecord[];
  attempts: number;
  nextAttemptAt: number | null;
  lastAttemptAt: number | null;
  lastStatus: number | null;
  lastError: string | null;
  problem: DeliveryProblem | null;
}

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

export interface ChannelHealth {
  pending: number;
  dead: number;
  /** Creation time of the oldest lead this channel still has to deliver. */
  oldestPendingAt: number | null;
}

export interface StoreHealth {
  pending: number;
  dead: number;
  spam: number;
  oldestPendingAt: number | null;
  /** Deliveries by channel, for every channel that has any. */
  channels: Partial<Record<Channel, ChannelHealth>>;
}

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

export interface LeadQuery {
  formId?: string;
  state?: LeadState;
  since?: number;
  limit?: number;
}

export interface PurgeResult {
  leads: number;
  files: number;
  idempotencyKeys: number;
}

/** What the alerts watch for (server/alerts/alerts.ts): a dead delivery, or a pending one waiting too long. */
export type IncidentKind = "dead" | "stuck";

/** The one interface the API, the relay and the CLI use, whichever database sits behind it. */
export interface LeadStore {
  readonly dialect: StoreDialect;
  /** Commits the lead, its resume and (unless spam) one outbox delivery per channel at once, durably. */
  acceptLead(lead: NewLead, idempotency?: IdempotencyClaim): Promise<AcceptOutcome>;
  health(): Promise<StoreHealth>;
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
  status(): Promise<StoreStatus>;
  /** Leads per form by campaign and by referring site (issue 16), spam left out; `since` in ms. */
  sources(since?: number): Promise<SourceCounts>;
  list(query: LeadQuery): Promise<LeadRecord[]>;
  get(id: string): Promise<LeadRecord | null>;
  /**
   * Puts a dead or pending lead back in the outbox, due now; false if it cannot be retried. A lead in flight
   * keeps its lease: it is offered again only once that lease is released or runs out.
   */
  retry(id: string, now: number): Promise<boolean>;
  retryDead(now: number): Promise<number>;
  /** Opens an incident of this kind; true only for the caller that opened it (it was not open already). */
  openIncident(kind: IncidentKind, at: number): Promise<boolean>;
  /** Closes the incident; true if one was open. */
  resolveIncident(kind: IncidentKind): Promise<boolean>;
  /**
   * Deletes these leads whatever their state, with their files, deliveries, notes and history (a person's
   * erasure request); returns what went. Unknown ids are skipped.
   */
  erase(ids: string[]): Promise<{ leads: number; files: number }>;
  /** Deletes delivered and spam leads created before `before`, with their files, in short transactions. */
  purge(before: number, now: number): Promise<PurgeResult>;
  close(): Promise<void>;
}

/** One count of `sources`: `value` is the campaign or the referrer's origin, null where the lead had none. */
export interface SourceCount {
  formId: string;
  value: string | null;
  count: number;
}

export interface SourceCounts {
  campaigns: SourceCount[];
  referrers: SourceCount[];
}

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
