import type { CredentialQueries } from "../store/queries/credential-files.ts";
import { type DocumentKeyring, DocumentUnreadable } from "./document-crypto.ts";
import { keyIdOfSealed, openSealed, sealToStaging } from "./sealed-files.ts";

const BATCH = 100;

export interface Rotation {
  /** Documents re-encrypted under the current key by this run. */
  rotated: number;
  /** Documents a run before this one re-encrypted without recording it: only recorded now. */
  recorded: number;
  /** Documents that could not be read (missing, altered, or under a key not given), by submission id. */
  unreadable: { id: string; problem: string }[];
}

/**
 * Re-encrypts every document not yet recorded under the keyring's current key, one at a time: the new bytes are
 * staged, put in place of the old ones (a file renamed over its old one, or a row updated), then the store records
 * their key. Interrupted anywhere, a second run finishes: a document replaced but not recorded already says in its
 * header that it is under the current key, and is only recorded; a half-written staging file is written again.
 */
export async function rotateDocumentKey(
  credentials: Pick<
    CredentialQueries,
    "filesNotUnder" | "recordKey" | "stagingPathOf" | "sealedOf" | "sealedHeadOf" | "replaceSealed"
  >,
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
      try {
        if ((await keyIdOfSealed(credentials, id)) === current) result.recorded++;
        else {
          const { staged } = await sealToStaging(
            credentials,
            openSealed(credentials, keyring, id),
            keyring,
            id,
          );
          await credentials.replaceSealed(id, staged);
          result.rotated++;
        }
      } catch (error) {
        const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
        if (!missing && !(error instanceof DocumentUnreadable)) throw error;
        result.unreadable.push({
          id,
          problem: missing ? "the document is missing" : (error as Error).message,
        });
        continue;
      }
      // Tests stop a run here, as a crash between the replacement and the record would.
      await options.beforeRecord?.(id);
      await credentials.recordKey(id, current);
    }
    if (batch.length < BATCH) return result;
  }
}
