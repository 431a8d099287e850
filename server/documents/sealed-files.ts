import { createReadStream, createWriteStream } from "node:fs";
import { open } from "node:fs/promises";
import { pipeline, type Readable } from "node:stream";
import { pipeline as pipelineAsync } from "node:stream/promises";
import { commitFile, PRIVATE_FILE_MODE, removeQuietly, TEMP_SUFFIX } from "../store/resume-files.ts";
import {
  type DocumentKeyring,
  DocumentUnreadable,
  decryptDocument,
  encryptDocument,
  HEADER_BYTES,
  readHeader,
} from "./document-crypto.ts";

/**
 * Writes a document's bytes, encrypted under the keyring's current key, to `file`: streamed into `file.part`
 * beside it, synced, then renamed over it, so `file` is at every moment either the whole old file or the whole
 * new one. Returns the key id it is under.
 */
export async function sealToFile(
  source: Readable | AsyncIterable<Uint8Array>,
  file: string,
  keyring: DocumentKeyring,
  documentId: string,
): Promise<{ keyId: string }> {
  const temp = `${file}${TEMP_SUFFIX}`;
  try {
    // flush: the file is synced before it closes, so the rename never makes a file whose bytes are not on disk.
    const out = createWriteStream(temp, { mode: PRIVATE_FILE_MODE, flush: true });
    await pipelineAsync(source, encryptDocument(keyring, documentId), out);
    await commitFile(temp, file);
  } catch (error) {
    await removeQuietly(temp);
    throw error;
  }
  return { keyId: keyring.current.id };
}

/** A document's bytes, decrypted as they are read; the stream fails with DocumentUnreadable on a file that does not hold. */
export function openSealedFile(file: string, keyring: DocumentKeyring, documentId: string): Readable {
  const decrypted = decryptDocument(keyring, documentId);
  // An error on either side ends the other with it: the reader sees a missing file or a bad chunk as an error.
  pipeline(createReadStream(file), decrypted, () => undefined);
  return decrypted;
}

/** The id of the key a document's file is under, from its header. */
export async function keyIdOfFile(file: string): Promise<string> {
  const handle = await open(file, "r");
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(HEADER_BYTES), 0, HEADER_BYTES, 0);
    if (bytesRead < HEADER_BYTES) throw new DocumentUnreadable("not an encrypted document");
    return readHeader(buffer).keyId;
  } finally {
    await handle.close();
  }
}
