import { readFile, unlink } from "node:fs/promises";
import pg from "pg";
import { RESUME_TYPES, type ResumeKind } from "../../leads/resume.ts";
import { LEAD_COLUMNS, type LeadRow, toClaimedDelivery, toLeadRecord } from "./lead-rows.ts";
import type {
  AcceptOutcome,
  FailedAttempt,
  IdempotencyClaim,
  LeadQuery,
  LeadStore,
  NewLead,
  PurgeResult,
  StoreStatus,
} from "./lead-store.ts";
import { postgresMigrations } from "./migrations/postgres.ts";

/** Any fixed number: serialises concurrent start-ups of several instances while they migrate. */
const MIGRATION_LOCK = 5_140_501;

async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await client.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)",
    );
    const { rows } = await client.query<{ version: number | null }>(
      "SELECT MAX(version) AS version FROM schema_migrations",
    );
    for (let version = (rows[0]?.version ?? 0) + 1; version <= postgresMigrations.length; version++) {
      await client.query(postgresMigrations[version - 1] ?? "");
      await client.query("INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)", [
        version,
        Date.now(),
      ]);
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const locationOf = (row: LeadRow) => `postgres:lead_files/${row.id}`;

/** The shared store: several server instances and relays can use one PostgreSQL database. */
export async function openPostgresStore(
  connectionString: string,
  onError: (error: Error) => void = () => undefined,
): Promise<LeadStore> {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on("error", onError);
  await migrate(pool);

  const transaction = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };

  const resetOutbox = `UPDATE outbox SET enqueued_at = $1, next_attempt_at = $1, lease_until = NULL, attempts = 0,
    problem = NULL`;

  return {
    dialect: "postgres",

    async acceptLead(lead: NewLead, idempotency?: IdempotencyClaim): Promise<AcceptOutcome> {
      const resume = lead.resume;
      const content = resume ? await readFile(resume.tempPath) : null;
      const client = await pool.connect();
      let outcome: AcceptOutcome | undefined;
      try {
        await client.query("BEGIN");
        await client.query(
          `INSERT INTO leads (id, form_id, state, fields, resume_name, resume_kind, resume_size, resume_sha256, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            lead.id,
            lead.formId,
            lead.state,
            JSON.stringify(lead.fields),
            resume?.name ?? null,
            resume?.kind ?? null,
            resume?.size ?? null,
            resume?.sha256 ?? null,
            lead.createdAt,
          ],
        );
        if (content)
          await client.query("INSERT INTO lead_files (lead_id, content) VALUES ($1, $2)", [lead.id, content]);
        if (lead.state === "pending") {
          await client.query(
            "INSERT INTO outbox (lead_id, enqueued_at, next_attempt_at) VALUES ($1, $2, $2)",
            [lead.id, lead.createdAt],
          );
        }
        if (idempotency) {
          // A concurrent request with the same key waits here for the first to commit, then sees its row.
          const claimed = await client.query(
            `INSERT INTO idempotency_keys (key, payload_hash, lead_id, created_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (key) DO UPDATE SET payload_hash = EXCLUDED.payload_hash, lead_id = EXCLUDED.lead_id,
               created_at = EXCLUDED.created_at
             WHERE idempotency_keys.created_at < $5
             RETURNING key`,
            [idempotency.key, idempotency.payloadHash, lead.id, lead.createdAt, idempotency.staleBefore],
          );
          if (claimed.rowCount === 0) {
            await client.query("ROLLBACK");
            const { rows } = await client.query<{ payload_hash: string; lead_id: string }>(
              "SELECT payload_hash, lead_id FROM idempotency_keys WHERE key = $1",
              [idempotency.key],
            );
            const existing = rows[0];
            outcome =
              existing && existing.payload_hash === idempotency.payloadHash
                ? { kind: "replay", leadId: existing.lead_id }
                : { kind: "conflict" };
          }
        }
        if (!outcome) {
          await client.query("COMMIT");
          outcome = { kind: "created", leadId: lead.id };
        }
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
      // The bytes are committed in the database; the temp file has served its purpose.
      if (resume) await unlink(resume.tempPath).catch(() => undefined);
      return outcome;
    },

    async health() {
      const { rows } = await pool.query<{ pending: string; oldest: string | null }>(
        "SELECT COUNT(*) AS pending, MIN(created_at) AS oldest FROM leads WHERE state = 'pending'",
      );
      const row = rows[0];
      return { pending: Number(row?.pending ?? 0), oldestPendingAt: row?.oldest ? Number(row.oldest) : null };
    },

    async claimDue(now, limit, leaseMs) {
      const { rows } = await pool.query<LeadRow>(
        `WITH due AS (
           SELECT lead_id FROM outbox
           WHERE next_attempt_at IS NOT NULL AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
           ORDER BY next_attempt_at LIMIT $2
           FOR UPDATE SKIP LOCKED),
         claimed AS (
           UPDATE outbox SET lease_until = $3 FROM due WHERE outbox.lead_id = due.lead_id RETURNING outbox.*)
         SELECT ${LEAD_COLUMNS} FROM claimed o JOIN leads l ON l.id = o.lead_id`,
        [now, limit, now + leaseMs],
      );
      return rows.map(toClaimedDelivery);
    },

    async readResume(leadId) {
      const { rows } = await pool.query<{ content: Buffer; resume_kind: ResumeKind }>(
        "SELECT f.content, l.resume_kind FROM lead_files f JOIN leads l ON l.id = f.lead_id WHERE f.lead_id = $1",
        [leadId],
      );
      const row = rows[0];
      return row ? new Blob([new Uint8Array(row.content)], { type: RESUME_TYPES[row.resume_kind] }) : null;
    },

    async markDelivered(leadId, at) {
      await transaction(async (client) => {
        await client.query(
          "UPDATE leads SET state = 'delivered', delivered_at = $1 WHERE id = $2 AND state = 'pending'",
          [at, leadId],
        );
        await client.query(
          `UPDATE outbox SET next_attempt_at = NULL, lease_until = NULL, attempts = attempts + 1,
           last_attempt_at = $1, last_status = 200, last_error = NULL, problem = NULL WHERE lead_id = $2`,
          [at, leadId],
        );
      });
    },

    async recordFailure(leadId, attempt: FailedAttempt) {
      await transaction(async (client) => {
        await client.query(
          `UPDATE outbox SET next_attempt_at = $1, lease_until = NULL, attempts = attempts + 1,
           last_attempt_at = $2, last_status = $3, last_error = $4, problem = $5 WHERE lead_id = $6`,
          [attempt.nextAttemptAt, attempt.at, attempt.status, attempt.error, attempt.problem, leadId],
        );
        if (attempt.nextAttemptAt === null) {
          await client.query("UPDATE leads SET state = 'dead' WHERE id = $1 AND state = 'pending'", [leadId]);
        }
      });
    },

    async nextDueAt() {
      const { rows } = await pool.query<{ due: string | null }>(
        "SELECT MIN(GREATEST(next_attempt_at, COALESCE(lease_until, 0))) AS due FROM outbox WHERE next_attempt_at IS NOT NULL",
      );
      return rows[0]?.due ? Number(rows[0].due) : null;
    },

    async status(): Promise<StoreStatus> {
      const counts = await pool.query<{ form_id: string; state: string; count: string }>(
        "SELECT form_id, state, COUNT(*) AS count FROM leads GROUP BY form_id, state ORDER BY form_id, state",
      );
      const oldest = await pool.query<{ oldest: string | null }>(
        "SELECT MIN(created_at) AS oldest FROM leads WHERE state = 'pending'",
      );
      const problems = await pool.query<{
        problem: string;
        count: string;
        last_attempt_at: string | null;
        last_error: string | null;
      }>(
        `SELECT o.problem, COUNT(*) AS count, MAX(o.last_attempt_at) AS last_attempt_at,
           (SELECT last_error FROM outbox p WHERE p.problem = o.problem ORDER BY p.last_attempt_at DESC LIMIT 1) AS last_error
         FROM outbox o JOIN leads l ON l.id = o.lead_id
         WHERE o.problem IS NOT NULL AND l.state IN ('pending', 'dead') GROUP BY o.problem`,
      );
      const oldestAt = oldest.rows[0]?.oldest;
      return {
        counts: counts.rows.map((row) => ({
          formId: row.form_id,
          state: row.state as StoreStatus["counts"][number]["state"],
          count: Number(row.count),
        })),
        oldestPendingAt: oldestAt ? Number(oldestAt) : null,
        problems: problems.rows.map((row) => ({
          problem: row.problem as StoreStatus["problems"][number]["problem"],
          count: Number(row.count),
          lastError: row.last_error,
          lastAttemptAt: row.last_attempt_at ? Number(row.last_attempt_at) : null,
        })),
      };
    },

    async list(query: LeadQuery) {
      const where: string[] = [];
      const params: (string | number)[] = [];
      const add = (clause: string, value: string | number) => {
        params.push(value);
        where.push(clause.replace("?", `$${params.length}`));
      };
      if (query.formId) add("l.form_id = ?", query.formId);
      if (query.state) add("l.state = ?", query.state);
      if (query.since !== undefined) add("l.created_at >= ?", query.since);
      const { rows } = await pool.query<LeadRow>(
        `SELECT ${LEAD_COLUMNS} FROM leads l LEFT JOIN outbox o ON o.lead_id = l.id
         ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY l.created_at, l.id
         ${query.limit ? `LIMIT ${Math.floor(query.limit)}` : ""}`,
        params,
      );
      return rows.map((row) => toLeadRecord(row, locationOf));
    },

    async get(id) {
      // A malformed id cannot name a lead; asking PostgreSQL would only raise a type error.
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const { rows } = await pool.query<LeadRow>(
        `SELECT ${LEAD_COLUMNS} FROM leads l LEFT JOIN outbox o ON o.lead_id = l.id WHERE l.id = $1`,
        [id],
      );
      const row = rows[0];
      return row ? toLeadRecord(row, locationOf) : null;
    },

    async retry(id, now) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
      return transaction(async (client) => {
        const changed = await client.query(
          "UPDATE leads SET state = 'pending' WHERE id = $1 AND state IN ('pending', 'dead')",
          [id],
        );
        if (changed.rowCount === 0) return false;
        await client.query(`${resetOutbox} WHERE lead_id = $2`, [now, id]);
        return true;
      });
    },

    async retryDead(now) {
      return transaction(async (client) => {
        await client.query(`${resetOutbox} WHERE lead_id IN (SELECT id FROM leads WHERE state = 'dead')`, [
          now,
        ]);
        const changed = await client.query("UPDATE leads SET state = 'pending' WHERE state = 'dead'");
        return changed.rowCount ?? 0;
      });
    },

    async purge(before, now): Promise<PurgeResult> {
      return transaction(async (client) => {
        const leads = await client.query<{ id: string; resume_name: string | null }>(
          "DELETE FROM leads WHERE state IN ('delivered', 'spam') AND created_at < $1 RETURNING id, resume_name",
          [before],
        );
        const keys = await client.query("DELETE FROM idempotency_keys WHERE created_at < $1", [
          now - 24 * 60 * 60 * 1000,
        ]);
        return {
          leads: leads.rowCount ?? 0,
          files: leads.rows.filter((row) => row.resume_name).length,
          idempotencyKeys: keys.rowCount ?? 0,
        };
      });
    },

    async close() {
      await pool.end();
    },
  };
}
