import type { CredentialQueries } from "../store/queries/credential-files.ts";
import { type DocumentKeyring, DocumentUnreadable } from "./document-crypto.ts";
import { keyIdOfFile, openSealedFile, sealToFile } from "./sealed-files.ts";

const BATCH = 100;

export interface Rotation {
  /** Files re-encrypted under the current key by this run. */
  rotated: number;
  /** Files a run before this one re-encrypted without recording it: only recorded now. */
  recorded: number;
  /** Files that could not be read (missing, altered, or under a key not given), by submission id. */
  unreadable: { id: string; problem: string }[];
}

/**
 * Re-encrypts every document not yet recorded under the keyring's current key, one at a time: the new file is
 * written beside the old one and renamed over it, then the store records its key. Interrupted anywhere, a second
 * run finishes: a file renamed but not recorded already says in its header that it is under the current key,
 * and is only recorded; a half-written one beside is written again.
 */
export async function rotateDocumentKey(
  credentials: Pick<CredentialQueries, "filesNotUnder" | "recordKey" | "fileOf">,
  keyring: DocumentKeyring,
  options: { beforeRecord?: (submissionId: string) => Promise<void> } = {},
): Promise<Rotation> {
  const result: Rotation = { rotated: 0, recorded: 0, unreadable: [] };
  const current = keyring.current.id;
  let after: string | null = null;
  for (;;) {
    const batch = await credentials.filesNotUnder(current, after, BATCH);
    for (const { id } of batch) {
      after = id;
      const file = credentials.fileOf(id);
      try {
        if ((await keyIdOfFile(file)) === current) result.recorded++;
        else {
          await sealToFile(openSealedFile(file, keyring, id), file, keyring, id);
          result.rotated++;
        }
      } catch (error) {
        const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
        if (!missing && !(error instanceof DocumentUnreadable)) throw error;
        result.unreadable.push({ id, problem: missing ? "the file is missing" : (error as Error).message });
        continue;
      }
      // Tests stop a run here, as a crash between the rename and the record would.
      await options.beforeRecord?.(id);
      await credentials.recordKey(id, current);
    }
    if (batch.length < BATCH) return result;
  }
}
