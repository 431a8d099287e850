import { createWriteStream } from "node:fs";
import { pipeline, type Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline as pipelineAsync } from "node:stream/promises";
import type { CredentialQueries } from "../store/queries/credential-files.ts";
import { PRIVATE_FILE_MODE, removeQuietly } from "../store/resume-files.ts";
import {
  type DocumentKeyring,
  DocumentUnreadable,
  decryptDocument,
  encryptDocument,
  HEADER_BYTES,
  readHeader,
} from "./document-crypto.ts";

type Sealed = Pick<CredentialQueries, "stagingPathOf" | "sealedOf" | "sealedHeadOf">;

/** Counts the bytes going through. */
class ByteCounter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    done(null, chunk);
  }
}

/**
 * Streams a document's bytes, encrypted under the keyring's current key as they arrive, into the submission's
 * staging file (synced before it closes), for the store to keep. No plain byte touches the disk; a stream that
 * fails leaves no staging file. Returns the key id and how many plain bytes there were.
 */
export async function sealToStaging(
  credentials: Pick<CredentialQueries, "stagingPathOf">,
  source: Readable | AsyncIterable<Uint8Array>,
  keyring: DocumentKeyring,
  documentId: string,
): Promise<{ staged: string; keyId: string; size: number }> {
  const staged = credentials.stagingPathOf(documentId);
  const counter = new ByteCounter();
  try {
    const out = createWriteStream(staged, { mode: PRIVATE_FILE_MODE, flush: true });
    await pipelineAsync(source, counter, encryptDocument(keyring, documentId), out);
  } catch (error) {
    await removeQuietly(staged);
    throw error;
  }
  return { staged, keyId: keyring.current.id, size: counter.bytes };
}

/** A document's bytes, decrypted as they are read; the stream fails with DocumentUnreadable on one that does not hold. */
export function openSealed(credentials: Sealed, keyring: DocumentKeyring, documentId: string): Readable {
  const decrypted = decryptDocument(keyring, documentId);
  // An error on either side ends the other with it: the reader sees a missing document or a bad chunk as an error.
  pipeline(credentials.sealedOf(documentId), decrypted, () => undefined);
  return decrypted;
}

/** The id of the key a document is under, from its header. */
export async function keyIdOfSealed(credentials: Sealed, documentId: string): Promise<string> {
  const head = await credentials.sealedHeadOf(documentId, HEADER_BYTES);
  if (head.length < HEADER_BYTES) throw new DocumentUnreadable("not an encrypted document");
  return readHeader(head).keyId;
}
