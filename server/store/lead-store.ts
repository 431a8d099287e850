import type { ResumeKind } from "../../leads/resume.ts";

/** pending: waiting in the outbox; delivered: the service confirmed; dead: gave up; spam: honeypot, never relayed. */
export const LEAD_STATES = ["pending", "delivered", "dead", "spam"] as const;
export type LeadState = (typeof LEAD_STATES)[number];

export type StoreDialect = "sqlite" | "postgres";

/** What the operator should look at when a delivery keeps failing. */
export type DeliveryProblem = "activation" | "configuration" | "service" | "network";

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

export interface LeadRecord {
  id: string;
  formId: string;
  state: LeadState;
  fields: Record<string, string>;
  resume: ResumeInfo | null;
  /** Where the resume lives: a file path (SQLite) or a table reference (PostgreSQL). */
  resumeLocation: string | null;
  createdAt: number;
  deliveredAt: number | null;
  attempts: number;
  nextAttemptAt: number | null;
  lastAttemptAt: number | null;
  lastStatus: number | null;
  lastError: string | null;
  problem: DeliveryProblem | null;
}

/** One claimed outbox entry, leased to one worker until the lease runs out. */
export interface ClaimedDelivery {
  leadId: string;
  /** The lease token: outcome writes must present it, and count only while the lease is unexpired. */
  lease: string;
  formId: string;
  fields: Record<string, string>;
  resume: ResumeInfo | null;
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

export interface StoreHealth {
  pending: number;
  dead: number;
  spam: number;
  oldestPendingAt: number | null;
}

export interface StatusRow {
  formId: string;
  state: LeadState;
  count: number;
}

export interface StoreStatus {
  counts: StatusRow[];
  oldestPendingAt: number | null;
  /** Pending leads whose last attempt hit an operator-actionable problem. */
  problems: {
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

/** The one interface the API, the relay and the CLI use, whichever database sits behind it. */
export interface LeadStore {
  readonly dialect: StoreDialect;
  /** Commits the lead, its resume and (unless spam) its outbox entry at once, durably. */
  acceptLead(lead: NewLead, idempotency?: IdempotencyClaim): Promise<AcceptOutcome>;
  health(): Promise<StoreHealth>;
  /** Leases up to `limit` due outbox entries to the caller. */
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
  list(query: LeadQuery): Promise<LeadRecord[]>;
  get(id: string): Promise<LeadRecord | null>;
  /**
   * Puts a dead or pending lead back in the outbox, due now; false if it cannot be retried. A lead in flight
   * keeps its lease: it is offered again only once that lease is released or runs out.
   */
  retry(id: string, now: number): Promise<boolean>;
  retryDead(now: number): Promise<number>;
  /** Deletes delivered and spam leads created before `before`, with their files, in short transactions. */
  purge(before: number, now: number): Promise<PurgeResult>;
  close(): Promise<void>;
}

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
