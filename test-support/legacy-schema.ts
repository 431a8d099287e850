/**
 * The schema as the hand-written migration runners before decision 010 left it (their version 1), to prove a
 * database they created is adopted by the Kysely migrations. Copied from the removed
 * server/store/migrations/{sqlite,postgres}.ts; never edit.
 */

export const LEGACY_SQLITE_SCHEMA = `
  CREATE TABLE leads (
    id TEXT PRIMARY KEY,
    form_id TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'dead', 'spam')),
    fields TEXT NOT NULL,
    resume_name TEXT,
    resume_kind TEXT,
    resume_size INTEGER,
    resume_sha256 TEXT,
    created_at INTEGER NOT NULL,
    delivered_at INTEGER
  );
  CREATE INDEX leads_by_created ON leads (created_at);
  CREATE INDEX leads_by_state ON leads (state, created_at);
  CREATE TABLE outbox (
    lead_id TEXT PRIMARY KEY REFERENCES leads (id) ON DELETE CASCADE,
    enqueued_at INTEGER NOT NULL,
    next_attempt_at INTEGER,
    attempts INTEGER NOT NULL DEFAULT 0,
    lease_until INTEGER,
    last_attempt_at INTEGER,
    last_status INTEGER,
    last_error TEXT,
    problem TEXT
  );
  CREATE INDEX outbox_by_due ON outbox (next_attempt_at);
  CREATE TABLE idempotency_keys (
    key TEXT PRIMARY KEY,
    payload_hash TEXT NOT NULL,
    lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX idempotency_by_lead ON idempotency_keys (lead_id);
`;

export const LEGACY_POSTGRES_SCHEMA = `
  CREATE TABLE leads (
    id UUID PRIMARY KEY,
    form_id TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'dead', 'spam')),
    fields JSONB NOT NULL,
    resume_name TEXT,
    resume_kind TEXT,
    resume_size INTEGER,
    resume_sha256 TEXT,
    created_at BIGINT NOT NULL,
    delivered_at BIGINT
  );
  CREATE INDEX leads_by_created ON leads (created_at);
  CREATE INDEX leads_by_state ON leads (state, created_at);
  -- Resumes live in the database so that every server instance can read them.
  CREATE TABLE lead_files (
    lead_id UUID PRIMARY KEY REFERENCES leads (id) ON DELETE CASCADE,
    content BYTEA NOT NULL
  );
  CREATE TABLE outbox (
    lead_id UUID PRIMARY KEY REFERENCES leads (id) ON DELETE CASCADE,
    enqueued_at BIGINT NOT NULL,
    next_attempt_at BIGINT,
    attempts INTEGER NOT NULL DEFAULT 0,
    lease_until BIGINT,
    last_attempt_at BIGINT,
    last_status INTEGER,
    last_error TEXT,
    problem TEXT
  );
  CREATE INDEX outbox_by_due ON outbox (next_attempt_at);
  CREATE TABLE idempotency_keys (
    key TEXT PRIMARY KEY,
    payload_hash TEXT NOT NULL,
    lead_id UUID NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL
  );
  CREATE INDEX idempotency_by_lead ON idempotency_keys (lead_id);
`;

/** What each old runner recorded after applying version 1. */
export const LEGACY_VERSION_TABLE = {
  sqlite: "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)",
  postgres: "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)",
} as const;
