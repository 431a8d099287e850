import path from "node:path";
import { documentDirOf, removeQuietly } from "./resume-files.ts";

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
