import type { ColumnType, Generated, Kysely } from "kysely";
import type { Channel, DeliveryProblem, DeliveryState, LeadState, StoreDialect } from "./lead-store.ts";

/** Timestamps are milliseconds since the epoch: INTEGER on SQLite, BIGINT on PostgreSQL (read as numbers). */
type Millis = number;

export interface LeadsTable {
  id: string;
  form_id: string;
  state: LeadState;
  /** TEXT holding JSON on SQLite, JSONB on PostgreSQL: written as a JSON string, read as either. */
  fields: ColumnType<string | Record<string, string>, string, string>;
  resume_name: string | null;
  resume_kind: string | null;
  resume_size: number | null;
  resume_sha256: string | null;
  created_at: Millis;
  delivered_at: Millis | null;
  /** Where the lead came from (migration 005). */
  source_page: string | null;
  landing_page: string | null;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
}

/** One delivery of a lead over one channel (migration 003). */
export interface OutboxTable {
  id: string;
  lead_id: string;
  channel: Channel;
  state: Generated<DeliveryState>;
  enqueued_at: Millis;
  next_attempt_at: Millis | null;
  attempts: Generated<number>;
  lease_until: Millis | null;
  /** Who holds the lease: every outcome write must present it (migration 002). */
  lease_token: string | null;
  last_attempt_at: Millis | null;
  last_status: number | null;
  last_error: string | null;
  problem: DeliveryProblem | null;
}

/** PostgreSQL only: resumes live in the database so every instance can read them. */
export interface LeadFilesTable {
  lead_id: string;
  content: Uint8Array;
}

export interface IdempotencyKeysTable {
  key: string;
  payload_hash: string;
  lead_id: string;
  created_at: Millis;
}

/** An open alert incident, so a restart does not alert again (migration 003). */
export interface AlertIncidentsTable {
  kind: string;
  opened_at: Millis;
}

export interface Database {
  alert_incidents: AlertIncidentsTable;
  leads: LeadsTable;
  outbox: OutboxTable;
  lead_files: LeadFilesTable;
  idempotency_keys: IdempotencyKeysTable;
}

export type LeadDb = Kysely<Database>;
export type { StoreDialect };
