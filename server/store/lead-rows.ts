import type { ResumeKind } from "../../leads/resume.ts";
import type { ClaimedDelivery, DeliveryProblem, LeadRecord, LeadState, ResumeInfo } from "./lead-store.ts";

type Numeric = number | string | bigint | null;

/** A lead joined with its outbox entry, as either database returns it. */
export interface LeadRow {
  id: string;
  form_id: string;
  state: string;
  fields: string | Record<string, string>;
  resume_name: string | null;
  resume_kind: string | null;
  resume_size: Numeric;
  resume_sha256: string | null;
  created_at: Numeric;
  delivered_at: Numeric;
  attempts?: Numeric;
  next_attempt_at?: Numeric;
  last_attempt_at?: Numeric;
  last_status?: Numeric;
  last_error?: string | null;
  problem?: string | null;
  enqueued_at?: Numeric;
}

/** Columns every lead query selects, outbox columns included. */
export const LEAD_COLUMNS = [
  "l.id",
  "l.form_id",
  "l.state",
  "l.fields",
  "l.resume_name",
  "l.resume_kind",
  "l.resume_size",
  "l.resume_sha256",
  "l.created_at",
  "l.delivered_at",
  "o.attempts",
  "o.next_attempt_at",
  "o.last_attempt_at",
  "o.last_status",
  "o.last_error",
  "o.problem",
  "o.enqueued_at",
] as const;

const num = (value: Numeric | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

const parseFields = (value: LeadRow["fields"]): Record<string, string> =>
  typeof value === "string" ? (JSON.parse(value) as Record<string, string>) : value;

export function resumeOf(row: LeadRow): ResumeInfo | null {
  if (!row.resume_name || !row.resume_kind) return null;
  return {
    name: row.resume_name,
    kind: row.resume_kind as ResumeKind,
    size: num(row.resume_size) ?? 0,
    sha256: row.resume_sha256 ?? "",
  };
}

export function toLeadRecord(row: LeadRow, resumeLocation: (row: LeadRow) => string | null): LeadRecord {
  return {
    id: row.id,
    formId: row.form_id,
    state: row.state as LeadState,
    fields: parseFields(row.fields),
    resume: resumeOf(row),
    resumeLocation: row.resume_name ? resumeLocation(row) : null,
    createdAt: num(row.created_at) ?? 0,
    deliveredAt: num(row.delivered_at),
    attempts: num(row.attempts) ?? 0,
    nextAttemptAt: num(row.next_attempt_at),
    lastAttemptAt: num(row.last_attempt_at),
    lastStatus: num(row.last_status),
    lastError: row.last_error ?? null,
    problem: (row.problem as DeliveryProblem | null | undefined) ?? null,
  };
}

export function toClaimedDelivery(row: LeadRow, lease: string): ClaimedDelivery {
  return {
    leadId: row.id,
    lease,
    formId: row.form_id,
    fields: parseFields(row.fields),
    resume: resumeOf(row),
    attempts: num(row.attempts) ?? 0,
    enqueuedAt: num(row.enqueued_at) ?? 0,
    createdAt: num(row.created_at) ?? 0,
  };
}
