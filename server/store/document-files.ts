import path from "node:path";
import type { LeadDb } from "./database.ts";
import { BULK_BATCH } from "./engine.ts";
import { documentDirOf, filesOlderThan, removeQuietly, SWEEP_GRACE_MS } from "./resume-files.ts";

/**
 * Where the credential documents lie under DATA_DIR, on either database: one encrypted file per submission,
 * named by its id (server/documents writes and reads them; the store only names and deletes them).
 */
export interface DocumentFiles {
  pathOf(submissionId: string): string;
  /** Deletes these submissions' files; returns how many there were. */
  remove(submissionIds: readonly string[]): Promise<number>;
}

export const DOCUMENT_SUFFIX = ".sealed";

export function documentFiles(dataDir: string): DocumentFiles {
  const pathOf = (submissionId: string) =>
    path.join(documentDirOf(dataDir), `${submissionId}${DOCUMENT_SUFFIX}`);
  return {
    pathOf,
    async remove(submissionIds) {
      let removed = 0;
      for (const id of submissionIds) if (await removeQuietly(pathOf(id))) removed++;
      return removed;
    },
  };
}

/**
 * Deletes document files whose submission never committed (a crash between the file and its row), once they are
 * older than SWEEP_GRACE_MS, so another process's upload in flight is left alone. Returns how many.
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
