import { openAsBlob } from "node:fs";
import { open as openFile } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import { Kysely, sql } from "kysely";
import { RESUME_TYPES, type ResumeKind } from "../../leads/resume.ts";
import type { Database, LeadDb } from "./database.ts";
import { BULK_BATCH, type Engine, type ResumeKeeper, type Work } from "./engine.ts";
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

/**
 * SQLite's own busy handler sleeps on the calling thread, which here is the event loop: it is off, and a
 * statement that finds the database locked waits in the dialect's asynchronous retry (node-sqlite-dialect.ts).
 */
const SQLITE_BUSY_TIMEOUT_MS = 0;

interface QueuedWrite {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * The embedded database: one SQLite file in WAL mode and one connection, which the whole process shares (the
 * lead path, the relay, the staff side and better-auth). Writes are group-committed: the writes queued while one
 * transaction runs share the next (each in its own savepoint). A write resolves only once the WAL holding its
 * COMMIT is synced to disk, by a datasync in the thread pool rather than on the event loop (decision 018), and
 * the commits made during one sync share the next; a statement better-auth runs on its own is synced the same
 * way. Resumes are files under DATA_DIR/resumes, fsync'd before the row.
 */
export async function openSqliteEngine(dataDir: string): Promise<Engine> {
  await ensureDataDirs(dataDir);
  const file = path.join(dataDir, SQLITE_FILE);
  // SQLite gives the -wal and -shm files the database file's mode: create it private first.
  await createPrivateFile(file);
  const sqlite = new DatabaseSync(file, {
    timeout: SQLITE_BUSY_TIMEOUT_MS,
    enableForeignKeyConstraints: true,
  });
  let syncWal: () => Promise<void> = async () => {};
  const db = new Kysely<Database>({
    dialect: new NodeSqliteDialect(sqlite, { afterAutocommitWrite: () => syncWal() }),
  });
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
  syncWal = () => walSyncer.sync();

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

  const engine: Engine = {
    dialect: "sqlite",
    db,
    write<T>(work: Work<T>) {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        // Writes that arrive during this event-loop turn, or while a batch commits, join the next batch.
        flushing ??= new Promise<void>((started) => setImmediate(started)).then(flush);
      });
    },
    sql: {
      // SQLite has no UUID function.
      newToken: sql<string>`lower(hex(randomblob(16)))`,
      // SQLite has one writer at a time: a claim or a settling lead cannot meet another transaction's.
      rowLocks: false,
      // SQLite keeps JSON as text and reads it with json_extract.
      leadField: (name) => sql<string>`json_extract(l.fields, ${`$.${name}`})`,
      // SQLite lists a JSON object's keys with the json_each table function.
      fieldKeys: { table: sql`json_each(l.fields)`, key: sql<string>`j.key` },
      // The rowid, which every index holds: the covering index then answers a whole search, where the text id
      // would fetch every candidate lead's row.
      rowKey: sql<string>`l.rowid`,
      // One writer at a time: a transaction that checks and then writes sees every write before it.
      serialiseOn: () => null,
    },
    resumes: resumeFiles(dataDir),
    async refreshStatistics() {
      await sql`PRAGMA optimize=0x10002`.execute(db);
    },
    // A writer in another process retries the lock every MAX_BACKOFF_MS at most: a pause that long lets it in.
    yieldToOtherWriters: () => sleep(MAX_BACKOFF_MS),
    async close() {
      await flushing;
      await walSyncer.drain();
      await wal.close();
      await db.destroy();
    },
  };
  try {
    await sweepOrphanResumes(db, dataDir, Date.now());
  } catch (error) {
    await engine.close();
    throw error;
  }
  return engine;
}

/** Resumes as files under DATA_DIR/resumes, each fsync'd and renamed into place before the row that names it. */
function resumeFiles(dataDir: string): ResumeKeeper {
  const fileOf = (row: { id: string; resume_kind: string | null }) =>
    row.resume_kind ? resumePathOf(dataDir, row.id, row.resume_kind as ResumeKind) : null;
  return {
    locationOf: fileOf,
    async beforeAccept(lead) {
      // The file is in place before the row that names it commits; a crash in between leaves an orphan file,
      // which the next start sweeps.
      if (lead.resume)
        await commitFile(lead.resume.tempPath, resumePathOf(dataDir, lead.id, lead.resume.kind));
      return null;
    },
    async keep() {
      // The file is already in place.
    },
    async afterAccept(lead, created) {
      if (lead.resume && !created) await removeQuietly(resumePathOf(dataDir, lead.id, lead.resume.kind));
    },
    async read(reader, leadId) {
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
    async remove(rows) {
      let files = 0;
      for (const row of rows) if (await removeQuietly(fileOf(row) ?? undefined)) files++;
      return files;
    },
  };
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
