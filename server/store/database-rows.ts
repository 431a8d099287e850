import type { ResumeKind } from "../../leads/resume.ts";
import { type LeadSource, SOURCE_FIELDS, type SourceField } from "../../leads/source.ts";
import type {
  Channel,
  DeliveryProblem,
  DeliveryRecord,
  DeliveryState,
  LeadRecord,
  LeadState,
  ResumeInfo,
} from "./store-records.ts";

type Numeric = number | string | bigint | null;

/** One outbox delivery, as either database returns it. */
export interface DeliveryRow {
  delivery_id: string;
  lead_id: string;
  channel: string;
  delivery_state: string;
  attempts: Numeric;
  next_attempt_at: Numeric;
  last_attempt_at: Numeric;
  last_status: Numeric;
  last_error: string | null;
  problem: string | null;
}

/** A lead, joined with one of its outbox deliveries when claimed. */
export interface LeadRow extends Partial<Record<SourceField, string | null>> {
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
  delivery_id?: string;
  channel?: string;
  /** Claimed: the title of the opening an application was for. */
  opening_title?: string | null;
}

/** The source columns (migration 005), named as the source fields are. */
export const SOURCE_COLUMNS = [
  "l.source_page",
  "l.landing_page",
  "l.referrer",
  "l.utm_source",
  "l.utm_medium",
  "l.utm_campaign",
  "l.utm_term",
  "l.utm_content",
] as const satisfies readonly `l.${SourceField}`[];

/** Columns of a lead alone. */
export const LEAD_ONLY_COLUMNS = [
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
  ...SOURCE_COLUMNS,
] as const;

/** Columns of a delivery alone. */
export const DELIVERY_COLUMNS = [
  "o.id as delivery_id",
  "o.lead_id",
  "o.channel",
  "o.state as delivery_state",
  "o.attempts",
  "o.next_attempt_at",
  "o.last_attempt_at",
  "o.last_status",
  "o.last_error",
  "o.problem",
] as const;

export const num = (value: Numeric | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

export const parseFields = (value: LeadRow["fields"]): Record<string, string> =>
  typeof value === "string" ? (JSON.parse(value) as Record<string, string>) : value;

/** The lead's source: its non-empty source columns. */
export function sourceOf(row: Partial<Record<SourceField, string | null>>): LeadSource {
  const source: LeadSource = {};
  for (const field of SOURCE_FIELDS) {
    const value = row[field];
    if (value) source[field] = value;
  }
  return source;
}

export function resumeOf(row: LeadRow): ResumeInfo | null {
  if (!row.resume_name || !row.resume_kind) return null;
  return {
    name: row.resume_name,
    kind: row.resume_kind as ResumeKind,
    size: num(row.resume_size) ?? 0,
    sha256: row.resume_sha256 ?? "",
  };
}

export function toDeliveryRecord(row: DeliveryRow): DeliveryRecord {
  return {
    id: row.delivery_id,
    channel: row.channel as Channel,
    state: row.delivery_state as DeliveryState,
    attempts: num(row.attempts) ?? 0,
    nextAttemptAt: num(row.next_attempt_at),
    lastAttemptAt: num(row.last_attempt_at),
    lastStatus: num(row.last_status),
    lastError: row.last_error ?? null,
    problem: (row.problem as DeliveryProblem | null) ?? null,
  };
}

const ATTENTION: Record<DeliveryState, number> = { dead: 0, pending: 1, delivered: 2 };

/** The delivery an operator should look at first: a dead one, else a pending one, else the last delivered. */
function mostUrgent(deliveries: DeliveryRecord[]): DeliveryRecord | undefined {
  return deliveries.toSorted(
    (a, b) => ATTENTION[a.state] - ATTENTION[b.state] || (b.lastAttemptAt ?? 0) - (a.lastAttemptAt ?? 0),
  )[0];
}

export function toLeadRecord(
  row: LeadRow,
  deliveries: DeliveryRecord[],
  resumeLocation: (row: LeadRow) => string | null,
): LeadRecord {
  const first = mostUrgent(deliveries);
  return {
    id: row.id,
    formId: row.form_id,
    state: row.state as LeadState,
    fields: parseFields(row.fields),
    resume: resumeOf(row),
    source: sourceOf(row),
    resumeLocation: row.resume_name ? resumeLocation(row) : null,
    createdAt: num(row.created_at) ?? 0,
    deliveredAt: num(row.delivered_at),
    deliveries,
    attempts: first?.attempts ?? 0,
    nextAttemptAt: first?.nextAttemptAt ?? null,
    lastAttemptAt: first?.lastAttemptAt ?? null,
    lastStatus: first?.lastStatus ?? null,
    lastError: first?.lastError ?? null,
    problem: first?.problem ?? null,
  };
}
