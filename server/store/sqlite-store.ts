import { openAsBlob } from "node:fs";
import path from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { RESUME_TYPES, type ResumeKind } from "../../leads/resume.ts";
import { LEAD_COLUMNS, type LeadRow, toClaimedDelivery, toLeadRecord } from "./lead-rows.ts";
import type {
  AcceptOutcome,
  ClaimedDelivery,
  FailedAttempt,
  IdempotencyClaim,
  LeadQuery,
  LeadRecord,
  LeadStore,
  NewLead,
  PurgeResult,
  StoreHealth,
  StoreStatus,
} from "./lead-store.ts";
import { sqliteMigrations } from "./migrations/sqlite.ts";
import { commitFile, ensureDataDirs, removeQuietly, resumePathOf } from "./resume-files.ts";

export const SQLITE_FILE = "leads.db";

interface QueuedWrite {
  run: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

function migrate(db: DatabaseSync): void {
  db.exec(
    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)",
  );
  db.exec("BEGIN IMMEDIATE");
  try {
    const row = db.prepare("SELECT MAX(version) AS version FROM schema_migrations").get() as {
      version: number | null;
    };
    for (let version = (row.version ?? 0) + 1; version <= sqliteMigrations.length; version++) {
      db.exec(sqliteMigrations[version - 1] ?? "");
      db.prepare("INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)").run(
        version,
        Date.now(),
      );
    }
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}

/**
 * The embedded store: one SQLite file in WAL mode with synchronous=FULL, so a commit is on disk
 * before it returns. Writes are group-committed: every write queued during one event-loop turn
 * shares one transaction (each in its own savepoint) and so one fsync.
 */
export async function openSqliteStore(dataDir: string): Promise<LeadStore> {
  await ensureDataDirs(dataDir);
  const db = new DatabaseSync(path.join(dataDir, SQLITE_FILE));
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = FULL");
  db.exec("PRAGMA foreign_keys = ON");
  // The CLI or a standalone relay may hold the write lock for a moment.
  db.exec("PRAGMA busy_timeout = 5000");
  migrate(db);

  // Prepared once per distinct SQL text: preparing costs more than running these small statements.
  const prepared = new Map<string, StatementSync>();
  const statement = (sql: string): StatementSync => {
    let found = prepared.get(sql);
    if (!found) {
      found = db.prepare(sql);
      prepared.set(sql, found);
    }
    return found;
  };
  const insertLead = statement(
    `INSERT INTO leads (id, form_id, state, fields, resume_name, resume_kind, resume_size, resume_sha256, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertOutbox = statement(
    "INSERT INTO outbox (lead_id, enqueued_at, next_attempt_at) VALUES (?, ?, ?)",
  );
  const findKey = statement("SELECT payload_hash, lead_id, created_at FROM idempotency_keys WHERE key = ?");
  const deleteKey = statement("DELETE FROM idempotency_keys WHERE key = ?");
  const insertKey = statement(
    "INSERT INTO idempotency_keys (key, payload_hash, lead_id, created_at) VALUES (?, ?, ?, ?)",
  );
  const selectLead = statement(
    `SELECT ${LEAD_COLUMNS} FROM leads l LEFT JOIN outbox o ON o.lead_id = l.id WHERE l.id = ?`,
  );

  let queue: QueuedWrite[] = [];
  let flushScheduled = false;
  let closed = false;

  const flush = () => {
    flushScheduled = false;
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    const results: { ok: boolean; value: unknown }[] = [];
    try {
      db.exec("BEGIN IMMEDIATE");
    } catch (error) {
      for (const write of batch) write.reject(error);
      return;
    }
    for (const write of batch) {
      db.exec("SAVEPOINT queued_write");
      try {
        const value = write.run();
        db.exec("RELEASE queued_write");
        results.push({ ok: true, value });
      } catch (error) {
        db.exec("ROLLBACK TO queued_write");
        db.exec("RELEASE queued_write");
        results.push({ ok: false, value: error });
      }
    }
    try {
      db.exec("COMMIT");
    } catch (error) {
      try {
        db.exec("ROLLBACK");
      } catch {
        // Already rolled back by SQLite.
      }
      for (const write of batch) write.reject(error);
      return;
    }
    batch.forEach((write, index) => {
      const result = results[index];
      if (result?.ok) write.resolve(result.value);
      else write.reject(result?.value);
    });
  };

  const write = <T>(run: () => T): Promise<T> => {
    if (closed) return Promise.reject(new Error("The lead store is closed."));
    return new Promise<T>((resolve, reject) => {
      queue.push({ run, resolve: resolve as (value: unknown) => void, reject });
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flush);
      }
    });
  };

  const read = <T>(run: () => T): Promise<T> => {
    if (closed) return Promise.reject(new Error("The lead store is closed."));
    try {
      return Promise.resolve(run());
    } catch (error) {
      return Promise.reject(error);
    }
  };

  const locationOf = (row: LeadRow) =>
    row.resume_kind ? resumePathOf(dataDir, row.id, row.resume_kind as "pdf" | "docx" | "doc") : null;

  const store: LeadStore = {
    dialect: "sqlite",

    async acceptLead(lead: NewLead, idempotency?: IdempotencyClaim): Promise<AcceptOutcome> {
      const finalPath = lead.resume ? resumePathOf(dataDir, lead.id, lead.resume.kind) : undefined;
      // The file is in place before the row that names it commits; a crash in between leaves an orphan file only.
      if (lead.resume && finalPath) await commitFile(lead.resume.tempPath, finalPath);
      try {
        const outcome = await write((): AcceptOutcome => {
          if (idempotency) {
            const existing = findKey.get(idempotency.key) as
              | { payload_hash: string; lead_id: string; created_at: number }
              | undefined;
            if (existing && existing.created_at >= idempotency.staleBefore) {
              return existing.payload_hash === idempotency.payloadHash
                ? { kind: "replay", leadId: existing.lead_id }
                : { kind: "conflict" };
            }
            if (existing) deleteKey.run(idempotency.key);
          }
          const resume = lead.resume;
          insertLead.run(
            lead.id,
            lead.formId,
            lead.state,
            JSON.stringify(lead.fields),
            resume?.name ?? null,
            resume?.kind ?? null,
            resume?.size ?? null,
            resume?.sha256 ?? null,
            lead.createdAt,
          );
          if (lead.state === "pending") insertOutbox.run(lead.id, lead.createdAt, lead.createdAt);
          if (idempotency) insertKey.run(idempotency.key, idempotency.payloadHash, lead.id, lead.createdAt);
          return { kind: "created", leadId: lead.id };
        });
        if (outcome.kind !== "created") await removeQuietly(finalPath);
        return outcome;
      } catch (error) {
        await removeQuietly(finalPath);
        throw error;
      }
    },

    health: () =>
      read((): StoreHealth => {
        const row = statement(
          "SELECT COUNT(*) AS pending, MIN(created_at) AS oldest FROM leads WHERE state = 'pending'",
        ).get() as { pending: number; oldest: number | null };
        return { pending: row.pending, oldestPendingAt: row.oldest };
      }),

    claimDue: (now, limit, leaseMs) =>
      write((): ClaimedDelivery[] => {
        const rows = statement(
          `UPDATE outbox SET lease_until = ?
           WHERE lead_id IN (
             SELECT lead_id FROM outbox
             WHERE next_attempt_at IS NOT NULL AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
             ORDER BY next_attempt_at LIMIT ?)
           RETURNING lead_id`,
        ).all(now + leaseMs, now, now, limit) as { lead_id: string }[];
        return rows.map((row) => toClaimedDelivery(selectLead.get(row.lead_id) as unknown as LeadRow));
      }),

    async readResume(leadId) {
      const row = (await read(() => selectLead.get(leadId))) as unknown as LeadRow | undefined;
      const location = row ? locationOf(row) : null;
      if (!location || !row?.resume_kind) return null;
      return openAsBlob(location, { type: RESUME_TYPES[row.resume_kind as ResumeKind] });
    },

    markDelivered: (leadId, at) =>
      write(() => {
        statement(
          "UPDATE leads SET state = 'delivered', delivered_at = ? WHERE id = ? AND state = 'pending'",
        ).run(at, leadId);
        statement(
          `UPDATE outbox SET next_attempt_at = NULL, lease_until = NULL, attempts = attempts + 1,
           last_attempt_at = ?, last_status = 200, last_error = NULL, problem = NULL WHERE lead_id = ?`,
        ).run(at, leadId);
      }),

    recordFailure: (leadId, attempt: FailedAttempt) =>
      write(() => {
        statement(
          `UPDATE outbox SET next_attempt_at = ?, lease_until = NULL, attempts = attempts + 1,
           last_attempt_at = ?, last_status = ?, last_error = ?, problem = ? WHERE lead_id = ?`,
        ).run(attempt.nextAttemptAt, attempt.at, attempt.status, attempt.error, attempt.problem, leadId);
        if (attempt.nextAttemptAt === null) {
          statement("UPDATE leads SET state = 'dead' WHERE id = ? AND state = 'pending'").run(leadId);
        }
      }),

    nextDueAt: () =>
      read(() => {
        const row = statement(
          "SELECT MIN(MAX(next_attempt_at, COALESCE(lease_until, 0))) AS due FROM outbox WHERE next_attempt_at IS NOT NULL",
        ).get() as { due: number | null };
        return row.due;
      }),

    status: () =>
      read((): StoreStatus => {
        const counts = statement(
          "SELECT form_id, state, COUNT(*) AS count FROM leads GROUP BY form_id, state ORDER BY form_id, state",
        ).all() as { form_id: string; state: string; count: number }[];
        const oldest = statement(
          "SELECT MIN(created_at) AS oldest FROM leads WHERE state = 'pending'",
        ).get() as {
          oldest: number | null;
        };
        const problems = statement(
          `SELECT o.problem, COUNT(*) AS count, MAX(o.last_attempt_at) AS last_attempt_at,
             (SELECT last_error FROM outbox p WHERE p.problem = o.problem ORDER BY p.last_attempt_at DESC LIMIT 1) AS last_error
           FROM outbox o JOIN leads l ON l.id = o.lead_id
           WHERE o.problem IS NOT NULL AND l.state IN ('pending', 'dead') GROUP BY o.problem`,
        ).all() as {
          problem: string;
          count: number;
          last_attempt_at: number | null;
          last_error: string | null;
        }[];
        return {
          counts: counts.map((row) => ({
            formId: row.form_id,
            state: row.state as StoreStatus["counts"][number]["state"],
            count: row.count,
          })),
          oldestPendingAt: oldest.oldest,
          problems: problems.map((row) => ({
            problem: row.problem as StoreStatus["problems"][number]["problem"],
            count: row.count,
            lastError: row.last_error,
            lastAttemptAt: row.last_attempt_at,
          })),
        };
      }),

    list: (query: LeadQuery) =>
      read((): LeadRecord[] => {
        const where: string[] = [];
        const params: SQLInputValue[] = [];
        if (query.formId) {
          where.push("l.form_id = ?");
          params.push(query.formId);
        }
        if (query.state) {
          where.push("l.state = ?");
          params.push(query.state);
        }
        if (query.since !== undefined) {
          where.push("l.created_at >= ?");
          params.push(query.since);
        }
        const sql = `SELECT ${LEAD_COLUMNS} FROM leads l LEFT JOIN outbox o ON o.lead_id = l.id
          ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY l.created_at, l.id
          ${query.limit ? `LIMIT ${Math.floor(query.limit)}` : ""}`;
        const rows = statement(sql).all(...params) as unknown as LeadRow[];
        return rows.map((row) => toLeadRecord(row, locationOf));
      }),

    get: (id) =>
      read(() => {
        const row = selectLead.get(id) as unknown as LeadRow | undefined;
        return row ? toLeadRecord(row, locationOf) : null;
      }),

    retry: (id, now) =>
      write(() => {
        const changed = statement(
          "UPDATE leads SET state = 'pending' WHERE id = ? AND state IN ('pending', 'dead')",
        ).run(id);
        if (Number(changed.changes) === 0) return false;
        statement(
          `UPDATE outbox SET enqueued_at = ?, next_attempt_at = ?, lease_until = NULL, attempts = 0, problem = NULL
           WHERE lead_id = ?`,
        ).run(now, now, id);
        return true;
      }),

    retryDead: (now) =>
      write(() => {
        statement(
          `UPDATE outbox SET enqueued_at = ?, next_attempt_at = ?, lease_until = NULL, attempts = 0, problem = NULL
           WHERE lead_id IN (SELECT id FROM leads WHERE state = 'dead')`,
        ).run(now, now);
        return Number(statement("UPDATE leads SET state = 'pending' WHERE state = 'dead'").run().changes);
      }),

    async purge(before, now): Promise<PurgeResult> {
      const doomed = await write(() => {
        const rows = statement(
          `DELETE FROM leads WHERE state IN ('delivered', 'spam') AND created_at < ? RETURNING id, resume_kind`,
        ).all(before) as { id: string; resume_kind: string | null }[];
        const keys = statement("DELETE FROM idempotency_keys WHERE created_at < ?").run(
          now - 24 * 60 * 60 * 1000,
        );
        return { rows, keys: Number(keys.changes) };
      });
      let files = 0;
      for (const row of doomed.rows) {
        if (row.resume_kind && (await removeQuietly(resumePathOf(dataDir, row.id, row.resume_kind as "pdf"))))
          files++;
      }
      return { leads: doomed.rows.length, files, idempotencyKeys: doomed.keys };
    },

    async close() {
      if (closed) return;
      if (queue.length > 0) flush();
      closed = true;
      db.close();
    },
  };
  return store;
}
