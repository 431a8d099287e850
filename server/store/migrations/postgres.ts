/** Applied in order at start-up under an advisory lock; never edit a released entry, append a new one. */
export const postgresMigrations: string[] = [
  `
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
  `,
];
