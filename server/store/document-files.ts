import { createReadStream } from "node:fs";
import { open, readFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { LeadDb } from "./database.ts";
import { BULK_BATCH, type Engine } from "./engine.ts";
import {
  commitFile,
  documentDirOf,
  filesOlderThan,
  removeQuietly,
  SWEEP_GRACE_MS,
  TEMP_SUFFIX,
  tempDirOf,
} from "./resume-files.ts";

/**
 * Where the credential documents' encrypted bytes live: SQLite as one file per submission under DATA_DIR/documents,
 * PostgreSQL, the only state instances share, in `credential_documents` (as resumes are in `lead_files`). Either way
 * an upload is first streamed, already encrypted, to a staging file (server/documents writes and reads the bytes;
 * the store only keeps, hands back and deletes them).
 */
export interface DocumentKeeper {
  /** Where a submission's encrypted bytes are streamed before they are kept: SQLite beside their final name, PostgreSQL in tmp/. */
  stagingPathOf(submissionId: string): string;
  /**
   * Keeps the staged bytes with the submission's row, which `write` records (false: no such item). SQLite moves the
   * file into place first (durable before the row that names it); PostgreSQL inserts the bytes in the same
   * transaction. The staging file is gone afterwards, whatever happened.
   */
  keep(
    submissionId: string,
    staged: string | null,
    write: (trx: LeadDb) => Promise<boolean>,
  ): Promise<boolean>;
  /** Puts staged bytes in place of a submission's (key rotation); its row's key is recorded separately. */
  replace(submissionId: string, staged: string): Promise<void>;
  /** The encrypted bytes as they stream; a missing document fails the stream with code ENOENT. */
  open(submissionId: string): Readable;
  /** Up to the first `bytes` encrypted bytes (the header); a missing document throws with code ENOENT. */
  head(submissionId: string, bytes: number): Promise<Buffer>;
  /** Deletes these submissions' documents, after their rows; returns how many there were. */
  remove(submissionIds: readonly string[]): Promise<number>;
}

export const DOCUMENT_SUFFIX = ".sealed";

const missing = (submissionId: string) =>
  Object.assign(new Error(`no document for submission ${submissionId}`), { code: "ENOENT" });

export const documentKeeper = (engine: Engine, dataDir: string): DocumentKeeper =>
  engine.dialect === "postgres" ? documentRows(engine, dataDir) : documentFiles(engine, dataDir);

function documentFiles(engine: Engine, dataDir: string): DocumentKeeper {
  const pathOf = (submissionId: string) =>
    path.join(documentDirOf(dataDir), `${submissionId}${DOCUMENT_SUFFIX}`);
  return {
    stagingPathOf: (submissionId) => `${pathOf(submissionId)}${TEMP_SUFFIX}`,
    async keep(submissionId, staged, write) {
      const file = pathOf(submissionId);
      try {
        if (staged) await commitFile(staged, file);
        const recorded = await engine.write(write);
        if (!recorded && staged) await removeQuietly(file);
        return recorded;
      } catch (error) {
        if (staged) await Promise.all([removeQuietly(staged), removeQuietly(file)]);
        throw error;
      }
    },
    // Renamed over the old file: at every moment the whole old one or the whole new one.
    replace: (submissionId, staged) => commitFile(staged, pathOf(submissionId)),
    open: (submissionId) => createReadStream(pathOf(submissionId)),
    async head(submissionId, bytes) {
      const handle = await open(pathOf(submissionId), "r");
      try {
        const { bytesRead, buffer } = await handle.read(Buffer.alloc(bytes), 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async remove(submissionIds) {
      let removed = 0;
      for (const id of submissionIds) if (await removeQuietly(pathOf(id))) removed++;
      return removed;
    },
  };
}

function documentRows(engine: Engine, dataDir: string): DocumentKeeper {
  const { db } = engine;
  // Bytes in memory take turns with the resumes' (decision 019): a 10 MB document is read whole to be inserted.
  const { limit } = engine.resumes;
  const inMemory = <T>(work: () => Promise<T>): Promise<T> => (limit ? limit(work) : work());
  const contentOf = async (submissionId: string) => {
    const row = await db
      .selectFrom("credential_documents")
      .select("content")
      .where("submission_id", "=", submissionId)
      .executeTakeFirst();
    if (!row) throw missing(submissionId);
    return Buffer.from(row.content);
  };
  return {
    stagingPathOf: (submissionId) =>
      path.join(tempDirOf(dataDir), `${submissionId}${DOCUMENT_SUFFIX}${TEMP_SUFFIX}`),
    keep: (submissionId, staged, write) =>
      inMemory(async () => {
        try {
          const content = staged ? await readFile(staged) : null;
          return await engine.write(async (trx) => {
            const recorded = await write(trx);
            if (recorded && content)
              await trx
                .insertInto("credential_documents")
                .values({ submission_id: submissionId, content })
                .execute();
            return recorded;
          });
        } finally {
          await removeQuietly(staged ?? undefined);
        }
      }),
    replace: (submissionId, staged) =>
      inMemory(async () => {
        try {
          const content = await readFile(staged);
          await engine.write((trx) =>
            trx
              .updateTable("credential_documents")
              .set({ content })
              .where("submission_id", "=", submissionId)
              .execute(),
          );
        } finally {
          await removeQuietly(staged);
        }
      }),
    open(submissionId) {
      // One row, at most a little over 10 MB: read whole, then streamed on like a file.
      const bytes = contentOf(submissionId);
      return Readable.from(
        (async function* () {
          yield await bytes;
        })(),
      );
    },
    async head(submissionId, bytes) {
      return (await contentOf(submissionId)).subarray(0, bytes);
    },
    // The bytes went with their rows (ON DELETE CASCADE).
    remove: async (submissionIds) => submissionIds.length,
  };
}

/**
 * Deletes document files whose submission never committed (a crash between the file and its row), once they are
 * older than SWEEP_GRACE_MS, so another process's upload in flight is left alone. Returns how many. On PostgreSQL the
 * bytes commit with their row and the staging files in tmp/ are swept with the other temp files.
 */
export async function sweepOrphanDocuments(db: LeadDb, dataDir: string, now: number): Promise<number> {
  const files = (await filesOlderThan(documentDirOf(dataDir), now - SWEEP_GRACE_MS)).filter((file) =>
    file.endsWith(DOCUMENT_SUFFIX),
  );
  const idOf = (file: string) => path.basename(file, DOCUMENT_SUFFIX);
  // PostgreSQL's uuid column refuses a name that is not one: such a file names no submission either.
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  let removed = 0;
  for (let start = 0; start < files.length; start += BULK_BATCH) {
    const chunk = files.slice(start, start + BULK_BATCH);
    const ids = chunk.map(idOf).filter((id) => UUID.test(id));
    const known = new Set(
      ids.length === 0
        ? []
        : (await db.selectFrom("credential_submissions").select("id").where("id", "in", ids).execute()).map(
            (row) => row.id,
          ),
    );
    for (const file of chunk) if (!known.has(idOf(file)) && (await removeQuietly(file))) removed++;
  }
  return removed;
}
