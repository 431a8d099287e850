import { openAsBlob } from "node:fs";
import { open as openFile, readFile } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import { type Expression, Kysely, PostgresDialect, sql } from "kysely";
import pLimit, { type LimitFunction } from "p-limit";
import pg from "pg";
import { RESUME_TYPES, type ResumeKind } from "../../leads/resume.ts";
import type { Database, LeadDb } from "./database.ts";
import { newId } from "./ids.ts";
import {
  DELIVERY_COLUMNS,
  LEAD_COLUMNS,
  LEAD_ONLY_COLUMNS,
  type LeadRow,
  toClaimedDelivery,
  toDeliveryRecord,
  toLeadRecord,
} from "./lead-rows.ts";
import {
  type AcceptOutcome,
  type Channel,
  type ChannelHealth,
  type ClaimedDelivery,
  type DeliveryRecord,
  IDEMPOTENCY_WINDOW_MS,
  type IdempotencyClaim,
  type LeadStore,
  type NewLead,
  type PurgeResult,
  type StoreDialect,
  type StoreStatus,
} from "./lead-store.ts";
import { migrateToLatest } from "./migrations/index.ts";
import { MAX_BACKOFF_MS, NodeSqliteDialect } from "./node-sqlite-dialect.ts";
import {
  commitFile,
  createPrivateFile,
  ensureDataDirs,
  filesOlderThan,
  removeQuietly,
  resumeDirOf,
  resumePathOf,
  SWEEP_GRACE_MS,
} from "./resume-files.ts";
import { createWalSyncer } from "./wal-sync.ts";

export const SQLITE_FILE = "leads.db";

/** Rows per transaction in bulk work (purge, retry --dead), so no writer waits on one for long. */
export const BULK_BATCH = 500;

/**
 * SQLite's own busy handler sleeps on the calling thread, which here is the event loop: it is off, and a
 * statement that finds the database locked waits in the dialect's asynchronous retry (node-sqlite-dialect.ts).
 */
const SQLITE_BUSY_TIMEOUT_MS = 0;

/** Ids on PostgreSQL are UUIDs; anything else cannot name a lead and would only raise a type error there. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Thrown inside an acceptLead transaction to roll it back when the idempotency key is taken. */
class KeyTaken extends Error {}

type Work<T> = (db: LeadDb) => Promise<T>;

export interface StoreOptions {
  /** The channels each accepted lead is delivered over, one outbox delivery each (default: the form service). */
  channels?: readonly Channel[];
  /**
   * PostgreSQL: how many applications may hold their resume's bytes in memory at once on their way into the
   * database (the file, and the driver's copy of it in its message); the others wait their turn. SQLite moves
   * resume files on disk and needs no limit.
   */
  resumesInMemory?: number;
}

/**
 * Two at once: 20 concurrent 10 MB applications then peak at 263 to 273 MB instead of 430, in the same wall
 * time, since the uploads, not the database, set the pace (decision 019).
 */
const PG_RESUMES_IN_MEMORY = 2;

const DEFAULT_CHANNELS: readonly Channel[] = ["formservice"];

interface Engine {
  dialect: StoreDialect;
  channels: readonly Channel[];
  db: LeadDb;
  /** Runs `work` in a transaction of its own (SQLite: shares one commit with the writes queued beside it). */
  write<T>(work: Work<T>): Promise<T>;
  /** A fresh random lease token, as SQL. */
  newToken: Expression<string>;
  /** Where a lead's resume lives, as shown to the operator. */
  locationOf(row: LeadRow): string | null;
  /**
   * Before the transaction. SQLite moves the resume into place (the file must be durable before the row that
   * names it); PostgreSQL reads its bytes, outside the transaction.
   */
  beforeAccept(lead: NewLead): Promise<Uint8Array | null>;
  /** Holds back applications while too many resumes are in memory (PostgreSQL); none when absent. */
  resumeLimit?: LimitFunction;
  /** In the lead's transaction: PostgreSQL stores the bytes beforeAccept read. */
  keepResume(db: LeadDb, leadId: string, content: Uint8Array | null): Promise<void>;
  /** After the transaction: `created` tells whether the lead was committed. */
  afterAccept(lead: NewLead, created: boolean): Promise<void>;
  readResume(db: LeadDb, leadId: string): Promise<Blob | null>;
  /** Removes the files of purged leads; returns how many were removed. */
  removeFiles(rows: { id: string; resume_kind: string | null }[]): Promise<number>;
  close(): Promise<void>;
}

/**
 * The embedded store: one SQLite file in WAL mode. Writes are group-committed: the writes queued while one
 * transaction runs share the next (each in its own savepoint). A write resolves only once the WAL holding its
 * COMMIT is synced to disk, by a datasync in the thread pool rather than on the event loop (decision 018), and
 * the commits made during one sync share the next. Resumes are files under DATA_DIR/resumes, fsync'd before
 * the row.
 */
export async function openSqliteStore(dataDir: string, options: StoreOptions = {}): Promise<LeadStore> {
  await ensureDataDirs(dataDir);
  const file = path.join(dataDir, SQLITE_FILE);
  // SQLite gives the -wal and -shm files the database file's mode: create it private first.
  await createPrivateFile(file);
  const sqlite = new DatabaseSync(file, {
    timeout: SQLITE_BUSY_TIMEOUT_MS,
    enableForeignKeyConstraints: true,
  });
  const db = new Kysely<Database>({ dialect: new NodeSqliteDialect(sqlite) });
  try {
    // Through the dialect, so a start while another process writes waits for the lock instead of failing.
    await sql`PRAGMA journal_mode = WAL`.execute(db);
    // NORMAL: a COMMIT does not fsync; the store syncs the WAL itself before a write resolves (decision 018).
    await sql`PRAGMA synchronous = NORMAL`.execute(db);
    await migrateToLatest(db as Kysely<unknown>, "sqlite");
  } catch (error) {
    await db.destroy();
    throw error;
  }
  // The migrations wrote, so the WAL file exists; it stays (truncated, never deleted) while this handle is open.
  const wal = await openFile(`${file}-wal`, "r");
  const walSyncer = createWalSyncer(() => wal.datasync());

  interface QueuedWrite {
    work: Work<unknown>;
    resolve: (value: unknown) => void;
    reject: (error: unknown) => void;
  }
  let queue: QueuedWrite[] = [];
  let flushing: Promise<void> | undefined;

  /** Runs a batch in one transaction; the writes settle once its COMMIT is on disk. */
  const runBatch = async (batch: QueuedWrite[]) => {
    let results: { ok: boolean; value: unknown }[];
    try {
      results = await db.transaction().execute(async (trx) => {
        const outcomes: { ok: boolean; value: unknown }[] = [];
        for (const write of batch) {
          await sql`SAVEPOINT queued_write`.execute(trx);
          try {
            outcomes.push({ ok: true, value: await write.work(trx) });
            await sql`RELEASE queued_write`.execute(trx);
          } catch (error) {
            await sql`ROLLBACK TO queued_write`.execute(trx);
            await sql`RELEASE queued_write`.execute(trx);
            outcomes.push({ ok: false, value: error });
          }
        }
        return outcomes;
      });
    } catch (error) {
      for (const write of batch) write.reject(error);
      return;
    }
    const settle = (syncError?: unknown) =>
      batch.forEach((write, index) => {
        const result = results[index];
        if (syncError !== undefined) write.reject(syncError);
        else if (result?.ok) write.resolve(result.value);
        else write.reject(result?.value);
      });
    // Not awaited: the next batch's transaction runs while this one's sync is under way.
    walSyncer.sync().then(() => settle(), settle);
  };

  const flush = async () => {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      await runBatch(batch);
    }
    flushing = undefined;
  };

  const store = createStore({
    dialect: "sqlite",
    channels: options.channels ?? DEFAULT_CHANNELS,
    db,
    write<T>(work: Work<T>) {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        // Writes that arrive during this event-loop turn, or while a batch commits, join the next batch.
        flushing ??= new Promise<void>((started) => setImmediate(started)).then(flush);
      });
    },
    newToken: sql<string>`lower(hex(randomblob(16)))`,
    locationOf: (row) =>
      row.resume_kind ? resumePathOf(dataDir, row.id, row.resume_kind as ResumeKind) : null,
    async beforeAccept(lead) {
      // The file is in place before the row that names it commits; a crash in between leaves an orphan file,
      // which the next start sweeps.
      if (lead.resume)
        await commitFile(lead.resume.tempPath, resumePathOf(dataDir, lead.id, lead.resume.kind));
      return null;
    },
    async keepResume() {
      // The file is already in place.
    },
    async afterAccept(lead, created) {
      if (lead.resume && !created) await removeQuietly(resumePathOf(dataDir, lead.id, lead.resume.kind));
    },
    async readResume(reader, leadId) {
      const row = await reader
        .selectFrom("leads")
        .select("resume_kind")
        .where("id", "=", leadId)
        .executeTakeFirst();
      if (!row?.resume_kind) return null;
      const kind = row.resume_kind as ResumeKind;
      try {
        return await openAsBlob(resumePathOf(dataDir, leadId, kind), { type: RESUME_TYPES[kind] });
      } catch {
        // A missing file throws synchronously (ERR_INVALID_ARG_VALUE), not as a rejection.
        return null;
      }
    },
    async removeFiles(rows) {
      let files = 0;
      for (const row of rows) {
        if (
          row.resume_kind &&
          (await removeQuietly(resumePathOf(dataDir, row.id, row.resume_kind as ResumeKind)))
        )
          files++;
      }
      return files;
    },
    async close() {
      await flushing;
      await walSyncer.drain();
      await wal.close();
      await db.destroy();
    },
  });
  try {
    await sweepOrphanResumes(db, dataDir, Date.now());
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/** Deletes resume files whose lead never committed (a crash between the file and its row). */
async function sweepOrphanResumes(db: LeadDb, dataDir: string, now: number): Promise<void> {
  const files = await filesOlderThan(resumeDirOf(dataDir), now - SWEEP_GRACE_MS);
  for (let start = 0; start < files.length; start += BULK_BATCH) {
    const chunk = files.slice(start, start + BULK_BATCH);
    const idOf = (file: string) => path.basename(file).split(".")[0] ?? "";
    const known = new Set(
      (await db.selectFrom("leads").select("id").where("id", "in", chunk.map(idOf)).execute()).map(
        (row) => row.id,
      ),
    );
    for (const file of chunk) if (!known.has(idOf(file))) await removeQuietly(file);
  }
}

/** BIGINT (ms timestamps, counts) as numbers: every value we keep is far below 2^53. */
export const pgTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.INT8
      ? Number
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig["getTypeParser"],
};

/** The shared store: several server instances and relays can use one PostgreSQL database. */
export async function openPostgresStore(
  connectionString: string,
  onError: (error: Error) => void = () => undefined,
  options: StoreOptions = {},
): Promise<LeadStore> {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5000, types: pgTypes });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on("error", onError);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrateToLatest(db as Kysely<unknown>, "postgres");
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return createStore({
    dialect: "postgres",
    channels: options.channels ?? DEFAULT_CHANNELS,
    db,
    write: (work) => db.transaction().execute(work),
    newToken: sql<string>`gen_random_uuid()::text`,
    locationOf: (row) => `postgres:lead_files/${row.id}`,
    resumeLimit: pLimit(options.resumesInMemory ?? PG_RESUMES_IN_MEMORY),
    beforeAccept: async (lead) => (lead.resume ? readFile(lead.resume.tempPath) : null),
    async keepResume(trx, leadId, content) {
      if (content) await trx.insertInto("lead_files").values({ lead_id: leadId, content }).execute();
    },
    async afterAccept(lead) {
      // The bytes are committed in the database (or the lead was not): the temp file has served its purpose.
      await removeQuietly(lead.resume?.tempPath);
    },
    async readResume(reader, leadId) {
      const row = await reader
        .selectFrom("lead_files as f")
        .innerJoin("leads as l", "l.id", "f.lead_id")
        .select(["f.content", "l.resume_kind"])
        .where("f.lead_id", "=", leadId)
        .executeTakeFirst();
      if (!row) return null;
      return new Blob([new Uint8Array(row.content)], { type: RESUME_TYPES[row.resume_kind as ResumeKind] });
    },
    // The bytes went with their rows (ON DELETE CASCADE).
    removeFiles: async (rows) => rows.filter((row) => row.resume_kind).length,
    close: () => db.destroy(),
  });
}

/** The store's behaviour, written once over Kysely for both databases. */
function createStore(engine: Engine): LeadStore {
  const { db, write } = engine;
  let closed = false;
  const open = () => {
    if (closed) throw new Error("The lead store is closed.");
  };
  const validId = (id: string) => engine.dialect !== "postgres" || UUID.test(id);
  /** Reads leads with their deliveries (two queries: a lead has one delivery per channel). */
  const withDeliveries = async (reader: LeadDb, rows: LeadRow[]) => {
    const byLead = new Map<string, DeliveryRecord[]>();
    for (let start = 0; start < rows.length; start += BULK_BATCH) {
      const ids = rows.slice(start, start + BULK_BATCH).map((row) => row.id);
      const deliveries = await reader
        .selectFrom("outbox as o")
        .select(DELIVERY_COLUMNS)
        .where("o.lead_id", "in", ids)
        .execute();
      for (const delivery of deliveries) {
        const list = byLead.get(delivery.lead_id) ?? [];
        list.push(toDeliveryRecord(delivery));
        byLead.set(delivery.lead_id, list);
      }
    }
    const order = (channel: Channel) => engine.channels.indexOf(channel) >>> 0;
    return rows.map((row) =>
      toLeadRecord(
        row,
        (byLead.get(row.id) ?? []).sort((a, b) => order(a.channel) - order(b.channel)),
        engine.locationOf,
      ),
    );
  };

  /** Writes the outcome only while `lease` is held and unexpired at `at`; reports whether it did. */
  const fenced = (leadId: string, lease: string, at: number) => (reader: LeadDb) =>
    reader
      .updateTable("outbox")
      .where("lead_id", "=", leadId)
      .where("lease_token", "=", lease)
      .where("lease_until", ">", at);

  /**
   * The lead's state from its deliveries: dead when any is dead, delivered when all are, pending otherwise.
   * `at` is the delivery time recorded when the last one arrives.
   */
  const settleLead = async (trx: LeadDb, leadId: string, at: number) => {
    // Two channels of one lead finishing at once on PostgreSQL: the second waits here for the first to commit,
    // then reads its outcome (READ COMMITTED takes a new snapshot per statement), so neither leaves it pending.
    if (engine.dialect === "postgres")
      await trx.selectFrom("leads").select("id").where("id", "=", leadId).forUpdate().execute();
    const states = (
      await trx.selectFrom("outbox").select("state").where("lead_id", "=", leadId).execute()
    ).map((row) => row.state);
    const state = states.includes("dead")
      ? "dead"
      : states.every((value) => value === "delivered")
        ? "delivered"
        : "pending";
    await trx
      .updateTable("leads")
      .set({ state, delivered_at: state === "delivered" ? at : null })
      .where("id", "=", leadId)
      .where("state", "in", ["pending", "dead"])
      .execute();
  };

  /**
   * Deletes the leads `doomedOf` selects in one short transaction, then their files (rows first: a crash in
   * between leaves orphan files, which the next start sweeps).
   */
  const deleteLeads = async (
    doomedOf: (trx: LeadDb) => Promise<{ id: string; resume_kind: string | null }[]>,
  ) => {
    const rows = await write(async (trx) => {
      const doomed = await doomedOf(trx);
      if (doomed.length > 0)
        await trx
          .deleteFrom("leads")
          .where(
            "id",
            "in",
            doomed.map((row) => row.id),
          )
          .execute();
      return doomed;
    });
    return { leads: rows.length, files: await engine.removeFiles(rows) };
  };

  /** Stores one lead with its outbox deliveries and idempotency claim, after its resume (beforeAccept). */
  const acceptNow = async (
    lead: NewLead,
    idempotency: IdempotencyClaim | undefined,
  ): Promise<AcceptOutcome> => {
    const content = await engine.beforeAccept(lead);
    let outcome: AcceptOutcome;
    try {
      outcome = await write(async (trx): Promise<AcceptOutcome> => {
        const resume = lead.resume;
        await trx
          .insertInto("leads")
          .values({
            id: lead.id,
            form_id: lead.formId,
            state: lead.state,
            fields: JSON.stringify(lead.fields),
            resume_name: resume?.name ?? null,
            resume_kind: resume?.kind ?? null,
            resume_size: resume?.size ?? null,
            resume_sha256: resume?.sha256 ?? null,
            created_at: lead.createdAt,
            ...lead.source,
          })
          .execute();
        await engine.keepResume(trx, lead.id, content);
        if (lead.state === "pending") {
          await trx
            .insertInto("outbox")
            .values(
              engine.channels.map((channel) => ({
                id: newId(),
                lead_id: lead.id,
                channel,
                enqueued_at: lead.createdAt,
                next_attempt_at: lead.createdAt,
              })),
            )
            .execute();
        }
        if (idempotency) {
          // A concurrent request with the same key waits here for the first to commit, then sees its row.
          const claimed = await trx
            .insertInto("idempotency_keys")
            .values({
              key: idempotency.key,
              payload_hash: idempotency.payloadHash,
              lead_id: lead.id,
              created_at: lead.createdAt,
            })
            .onConflict((conflict) =>
              conflict
                .column("key")
                .doUpdateSet((eb) => ({
                  payload_hash: eb.ref("excluded.payload_hash"),
                  lead_id: eb.ref("excluded.lead_id"),
                  created_at: eb.ref("excluded.created_at"),
                }))
                .where("idempotency_keys.created_at", "<", idempotency.staleBefore),
            )
            .returning("key")
            .executeTakeFirst();
          if (!claimed) throw new KeyTaken();
        }
        return { kind: "created", leadId: lead.id };
      });
    } catch (error) {
      await engine.afterAccept(lead, false);
      if (!(error instanceof KeyTaken) || !idempotency) throw error;
      const existing = await db
        .selectFrom("idempotency_keys")
        .select(["payload_hash", "lead_id"])
        .where("key", "=", idempotency.key)
        .executeTakeFirst();
      return existing && existing.payload_hash === idempotency.payloadHash
        ? { kind: "replay", leadId: existing.lead_id }
        : { kind: "conflict" };
    }
    await engine.afterAccept(lead, true);
    return outcome;
  };

  const store: LeadStore = {
    dialect: engine.dialect,

    async acceptLead(lead, idempotency) {
      open();
      if (lead.state === "spam" && lead.resume) {
        // Honeypot spam keeps no file: the resume is dropped, only the bounded fields stay for the operator.
        await removeQuietly(lead.resume.tempPath);
        lead = { ...lead, resume: undefined };
      }
      const accept = () => acceptNow(lead, idempotency);
      return lead.resume && engine.resumeLimit ? engine.resumeLimit(accept) : accept();
    },

    async health() {
      open();
      const rows = await db
        .selectFrom("leads")
        .select((eb) => ["state", eb.fn.countAll<number>().as("count"), eb.fn.min("created_at").as("oldest")])
        .where("state", "in", ["pending", "dead", "spam"])
        .groupBy("state")
        .execute();
      const find = (state: string) => rows.find((row) => row.state === state);
      const oldest = find("pending")?.oldest;
      const deliveries = await db
        .selectFrom("outbox as o")
        .innerJoin("leads as l", "l.id", "o.lead_id")
        .select((eb) => [
          "o.channel",
          "o.state",
          eb.fn.countAll<number>().as("count"),
          eb.fn.min("l.created_at").as("oldest"),
        ])
        .where("o.state", "in", ["pending", "dead"])
        .groupBy(["o.channel", "o.state"])
        .execute();
      const channels: Partial<Record<Channel, ChannelHealth>> = {};
      for (const row of deliveries) {
        const channel = channels[row.channel] ?? { pending: 0, dead: 0, oldestPendingAt: null };
        channels[row.channel] = channel;
        if (row.state === "dead") channel.dead = Number(row.count);
        if (row.state === "pending") {
          channel.pending = Number(row.count);
          channel.oldestPendingAt = row.oldest === null ? null : Number(row.oldest);
        }
      }
      return {
        pending: Number(find("pending")?.count ?? 0),
        dead: Number(find("dead")?.count ?? 0),
        spam: Number(find("spam")?.count ?? 0),
        oldestPendingAt: oldest === undefined || oldest === null ? null : Number(oldest),
        channels,
      };
    },

    async claimDue(now, limit, leaseMs) {
      open();
      return write(async (trx): Promise<ClaimedDelivery[]> => {
        const due = trx
          .selectFrom("outbox")
          .select("id")
          .where("next_attempt_at", "is not", null)
          .where("next_attempt_at", "<=", now)
          .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", now)]))
          .orderBy("next_attempt_at")
          .limit(limit)
          .$if(engine.dialect === "postgres", (query) => query.forUpdate().skipLocked());
        const leases = await trx
          .updateTable("outbox")
          .set({ lease_until: now + leaseMs, lease_token: engine.newToken })
          .where("id", "in", due)
          .returning(["id", "lease_token"])
          .execute();
        if (leases.length === 0) return [];
        const rows = await trx
          .selectFrom("outbox as o")
          .innerJoin("leads as l", "l.id", "o.lead_id")
          .select(LEAD_COLUMNS)
          .where(
            "o.id",
            "in",
            leases.map((lease) => lease.id),
          )
          .orderBy("o.next_attempt_at")
          .execute();
        const tokens = new Map(leases.map((lease) => [lease.id, lease.lease_token ?? ""]));
        return rows.map((row) => toClaimedDelivery(row, tokens.get(row.delivery_id) ?? ""));
      });
    },

    async readResume(leadId) {
      open();
      if (!validId(leadId)) return null;
      return engine.readResume(db, leadId);
    },

    async markDelivered(leadId, lease, at) {
      open();
      return write(async (trx) => {
        const held = await fenced(
          leadId,
          lease,
          at,
        )(trx)
          .set((eb) => ({
            state: "delivered",
            next_attempt_at: null,
            lease_until: null,
            lease_token: null,
            attempts: eb("attempts", "+", 1),
            last_attempt_at: at,
            last_status: 200,
            last_error: null,
            problem: null,
          }))
          .executeTakeFirst();
        if (Number(held.numUpdatedRows) === 0) return false;
        await settleLead(trx, leadId, at);
        return true;
      });
    },

    async recordFailure(leadId, lease, attempt) {
      open();
      return write(async (trx) => {
        const entry = await trx
          .selectFrom("outbox")
          .select("enqueued_at")
          .where("lead_id", "=", leadId)
          .where("lease_token", "=", lease)
          .executeTakeFirst();
        // `leads retry` during this attempt reset the entry: the operator asked for another try now.
        const retried = attempt.enqueuedAt !== undefined && entry?.enqueued_at !== attempt.enqueuedAt;
        const nextAttemptAt = retried ? attempt.at : attempt.nextAttemptAt;
        const held = await fenced(
          leadId,
          lease,
          attempt.at,
        )(trx)
          .set((eb) => ({
            state: nextAttemptAt === null ? "dead" : "pending",
            next_attempt_at: nextAttemptAt,
            lease_until: null,
            lease_token: null,
            attempts: eb("attempts", "+", 1),
            last_attempt_at: attempt.at,
            last_status: attempt.status,
            last_error: attempt.error,
            problem: attempt.problem,
          }))
          .executeTakeFirst();
        if (Number(held.numUpdatedRows) === 0) return false;
        if (nextAttemptAt === null) await settleLead(trx, leadId, attempt.at);
        return true;
      });
    },

    async releaseLease(leadId, lease) {
      open();
      return write(async (trx) => {
        const released = await trx
          .updateTable("outbox")
          .set({ lease_until: null, lease_token: null })
          .where("lead_id", "=", leadId)
          .where("lease_token", "=", lease)
          .executeTakeFirst();
        return Number(released.numUpdatedRows) > 0;
      });
    },

    async nextDueAt() {
      open();
      // A leased entry is due again when its lease runs out, not before.
      const row = await db
        .selectFrom("outbox")
        .select(
          sql<
            number | null
          >`MIN(CASE WHEN lease_until > next_attempt_at THEN lease_until ELSE next_attempt_at END)`.as("due"),
        )
        .where("next_attempt_at", "is not", null)
        .executeTakeFirst();
      return row?.due === null || row?.due === undefined ? null : Number(row.due);
    },

    async sources(since) {
      open();
      const countBy = async (column: "utm_campaign" | "referrer") => {
        const rows = await db
          .selectFrom("leads")
          .select((eb) => ["form_id", `${column} as value`, eb.fn.countAll<number>().as("count")])
          .where("state", "!=", "spam")
          .$if(since !== undefined, (q) => q.where("created_at", ">=", since ?? 0))
          .groupBy(["form_id", column])
          .orderBy("form_id")
          .orderBy("count", "desc")
          // Leads without one last, in both databases (their NULL orders differ).
          .orderBy(sql`${sql.ref(column)} IS NULL`)
          .orderBy(column)
          .execute();
        return rows.map((row) => ({ formId: row.form_id, value: row.value, count: Number(row.count) }));
      };
      return { campaigns: await countBy("utm_campaign"), referrers: await countBy("referrer") };
    },

    async status(): Promise<StoreStatus> {
      open();
      const counts = await db
        .selectFrom("leads")
        .select((eb) => ["form_id", "state", eb.fn.countAll<number>().as("count")])
        .groupBy(["form_id", "state"])
        .orderBy("form_id")
        .orderBy("state")
        .execute();
      const oldest = await db
        .selectFrom("leads")
        .select((eb) => eb.fn.min("created_at").as("oldest"))
        .where("state", "=", "pending")
        .executeTakeFirst();
      const channels = await db
        .selectFrom("outbox")
        .select((eb) => ["channel", "state", eb.fn.countAll<number>().as("count")])
        .groupBy(["channel", "state"])
        .orderBy("channel")
        .orderBy("state")
        .execute();
      const problems = await db
        .selectFrom("outbox as o")
        .select((eb) => [
          "o.channel",
          "o.problem",
          eb.fn.countAll<number>().as("count"),
          eb.fn.max("o.last_attempt_at").as("last_attempt_at"),
          eb
            .selectFrom("outbox as p")
            .select("p.last_error")
            .whereRef("p.problem", "=", "o.problem")
            .whereRef("p.channel", "=", "o.channel")
            .orderBy("p.last_attempt_at", "desc")
            .limit(1)
            .as("last_error"),
        ])
        .where("o.problem", "is not", null)
        .where("o.state", "in", ["pending", "dead"])
        .groupBy(["o.channel", "o.problem"])
        .orderBy("o.channel")
        .execute();
      return {
        counts: counts.map((row) => ({ formId: row.form_id, state: row.state, count: Number(row.count) })),
        oldestPendingAt:
          oldest?.oldest === null || oldest?.oldest === undefined ? null : Number(oldest.oldest),
        channels: channels.map((row) => ({
          channel: row.channel,
          state: row.state,
          count: Number(row.count),
        })),
        problems: problems.flatMap((row) =>
          row.problem
            ? [
                {
                  channel: row.channel,
                  problem: row.problem,
                  count: Number(row.count),
                  lastError: row.last_error ?? null,
                  lastAttemptAt: row.last_attempt_at === null ? null : Number(row.last_attempt_at),
                },
              ]
            : [],
        ),
      };
    },

    async list(query) {
      open();
      const rows = await db
        .selectFrom("leads as l")
        .select(LEAD_ONLY_COLUMNS)
        .$if(Boolean(query.formId), (q) => q.where("l.form_id", "=", query.formId ?? ""))
        .$if(Boolean(query.state), (q) => q.where("l.state", "=", query.state ?? "pending"))
        .$if(query.since !== undefined, (q) => q.where("l.created_at", ">=", query.since ?? 0))
        .orderBy("l.created_at")
        .orderBy("l.id")
        .$if(Boolean(query.limit), (q) => q.limit(Math.floor(query.limit ?? 0)))
        .execute();
      return withDeliveries(db, rows);
    },

    async get(id) {
      open();
      if (!validId(id)) return null;
      const row = await db
        .selectFrom("leads as l")
        .select(LEAD_ONLY_COLUMNS)
        .where("l.id", "=", id)
        .executeTakeFirst();
      return row ? ((await withDeliveries(db, [row]))[0] ?? null) : null;
    },

    async retry(id, now) {
      open();
      if (!validId(id)) return false;
      return write(async (trx) => {
        const changed = await trx
          .updateTable("leads")
          .set({ state: "pending" })
          .where("id", "=", id)
          .where("state", "in", ["pending", "dead"])
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) return false;
        // The lease stays: a lead in flight is offered again only once its holder is done or the lease ends.
        // Channels that delivered already are not sent again.
        await trx
          .updateTable("outbox")
          .set({ state: "pending", enqueued_at: now, next_attempt_at: now, attempts: 0, problem: null })
          .where("lead_id", "=", id)
          .where("state", "!=", "delivered")
          .execute();
        return true;
      });
    },

    async retryDead(now) {
      open();
      let total = 0;
      for (;;) {
        const count = await write(async (trx) => {
          const ids = (
            await trx.selectFrom("leads").select("id").where("state", "=", "dead").limit(BULK_BATCH).execute()
          ).map((row) => row.id);
          if (ids.length === 0) return 0;
          await trx
            .updateTable("outbox")
            .set({ state: "pending", enqueued_at: now, next_attempt_at: now, attempts: 0, problem: null })
            .where("lead_id", "in", ids)
            .where("state", "!=", "delivered")
            .execute();
          await trx.updateTable("leads").set({ state: "pending" }).where("id", "in", ids).execute();
          return ids.length;
        });
        total += count;
        if (count < BULK_BATCH) return total;
        await yieldToOtherWriters();
      }
    },

    async openIncident(kind, at) {
      open();
      return write(async (trx) => {
        const opened = await trx
          .insertInto("alert_incidents")
          .values({ kind, opened_at: at })
          .onConflict((conflict) => conflict.column("kind").doNothing())
          .returning("kind")
          .executeTakeFirst();
        return opened !== undefined;
      });
    },

    async resolveIncident(kind) {
      open();
      return write(async (trx) => {
        const closed = await trx.deleteFrom("alert_incidents").where("kind", "=", kind).executeTakeFirst();
        return Number(closed.numDeletedRows) > 0;
      });
    },

    async erase(ids) {
      open();
      const result = { leads: 0, files: 0 };
      const known = ids.filter(validId);
      for (let start = 0; start < known.length; start += BULK_BATCH) {
        const chunk = known.slice(start, start + BULK_BATCH);
        const removed = await deleteLeads((trx) =>
          trx.selectFrom("leads").select(["id", "resume_kind"]).where("id", "in", chunk).execute(),
        );
        result.leads += removed.leads;
        result.files += removed.files;
      }
      return result;
    },

    async purge(before, now): Promise<PurgeResult> {
      open();
      const result: PurgeResult = { leads: 0, files: 0, idempotencyKeys: 0 };
      for (;;) {
        const removed = await deleteLeads((trx) =>
          trx
            .selectFrom("leads")
            .select(["id", "resume_kind"])
            .where("state", "in", ["delivered", "spam"])
            .where("created_at", "<", before)
            .orderBy("created_at")
            .limit(BULK_BATCH)
            .execute(),
        );
        result.leads += removed.leads;
        result.files += removed.files;
        if (removed.leads < BULK_BATCH) break;
        await yieldToOtherWriters();
      }
      for (;;) {
        const removed = await write(async (trx) => {
          const keys = trx
            .selectFrom("idempotency_keys")
            .select("key")
            .where("created_at", "<", now - IDEMPOTENCY_WINDOW_MS)
            .limit(BULK_BATCH);
          const deleted = await trx
            .deleteFrom("idempotency_keys")
            .where("key", "in", keys)
            .executeTakeFirst();
          return Number(deleted.numDeletedRows);
        });
        result.idempotencyKeys += removed;
        if (removed < BULK_BATCH) break;
        await yieldToOtherWriters();
      }
      return result;
    },

    async close() {
      if (closed) return;
      closed = true;
      await engine.close();
    },
  };
  return store;
}

/**
 * Between two bulk transactions: a writer in another process that is waiting for the lock (retrying every
 * MAX_BACKOFF_MS at most) gets it.
 */
const yieldToOtherWriters = () => sleep(MAX_BACKOFF_MS);
