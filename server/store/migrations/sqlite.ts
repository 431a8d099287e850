/** Applied in order at start-up; never edit a released entry, append a new one. */
export const sqliteMigrations: string[] = [
  `
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
  `,
];
