import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";

/**
 * A credential document at rest: AES-256-GCM over chunks of at most CHUNK_BYTES, each with its own tag, so a file
 * is encrypted and decrypted as it streams (a 10 MB scan is never held whole) and no byte of a chunk is let out
 * before its tag holds. The file:
 *
 *   header  "HSDOC" | version 1 | key id (8 bytes) | nonce prefix (8 random bytes) | chunk size (u32)
 *   chunks  ciphertext | tag (16 bytes), ...; the last one flagged, possibly empty
 *
 * Chunk i's nonce is the file's random prefix and i; its additional data is the header, the document's id and
 * whether it is the last chunk. So a file moved to another document, cut short, reordered, or given another key
 * id in its header is refused, and the key id tells rotation which key a file is under.
 */

export const CHUNK_BYTES = 64 * 1024;
const MAGIC = Buffer.from("HSDOC", "latin1");
const VERSION = 1;
const KEY_ID_BYTES = 8;
const PREFIX_BYTES = 8;
export const HEADER_BYTES = MAGIC.length + 1 + KEY_ID_BYTES + PREFIX_BYTES + 4;
const TAG_BYTES = 16;
/** The largest chunk a header may announce: more is a damaged file, not one of ours. */
const MAX_CHUNK_BYTES = 1024 * 1024;

export interface DocumentKey {
  /** 16 hex digits derived from the key, kept with each file; names the key without revealing it. */
  id: string;
  key: Buffer;
}

/** The key new files are written under, and every key a file may be read with. */
export interface DocumentKeyring {
  current: DocumentKey;
  byId(id: string): DocumentKey | undefined;
}

/** A document that cannot be read back: tampered with, cut short, another document's, or under an unknown key. */
export class DocumentUnreadable extends Error {}

export function documentKey(base64: string): DocumentKey {
  const key = Buffer.from(base64, "base64");
  if (key.length !== 32) throw new Error("a documents key is 32 bytes");
  const id = createHash("sha256")
    .update("documents key id\0")
    .update(key)
    .digest("hex")
    .slice(0, 2 * KEY_ID_BYTES);
  return { id, key };
}

/** DOCUMENTS_KEY, and DOCUMENTS_KEY_PREVIOUS while the files are re-encrypted under it. */
export function documentKeyring(current: string, previous?: string): DocumentKeyring {
  const keys = [documentKey(current), ...(previous ? [documentKey(previous)] : [])];
  return { current: keys[0] as DocumentKey, byId: (id) => keys.find((key) => key.id === id) };
}

interface Header {
  bytes: Buffer;
  keyId: string;
  prefix: Buffer;
  chunkBytes: number;
}

function newHeader(keyId: string): Header {
  const prefix = randomBytes(PREFIX_BYTES);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(CHUNK_BYTES);
  const bytes = Buffer.concat([MAGIC, Buffer.of(VERSION), Buffer.from(keyId, "hex"), prefix, size]);
  return { bytes, keyId, prefix, chunkBytes: CHUNK_BYTES };
}

/** The header of a file, or why it is not one of ours. */
export function readHeader(bytes: Buffer): Header {
  if (bytes.length < HEADER_BYTES || !bytes.subarray(0, MAGIC.length).equals(MAGIC))
    throw new DocumentUnreadable("not an encrypted document");
  if (bytes[MAGIC.length] !== VERSION)
    throw new DocumentUnreadable("an encrypted document of an unknown version");
  const at = MAGIC.length + 1;
  const chunkBytes = bytes.readUInt32BE(at + KEY_ID_BYTES + PREFIX_BYTES);
  if (chunkBytes === 0 || chunkBytes > MAX_CHUNK_BYTES)
    throw new DocumentUnreadable("a damaged document header");
  return {
    bytes: Buffer.from(bytes.subarray(0, HEADER_BYTES)),
    keyId: bytes.subarray(at, at + KEY_ID_BYTES).toString("hex"),
    prefix: Buffer.from(bytes.subarray(at + KEY_ID_BYTES, at + KEY_ID_BYTES + PREFIX_BYTES)),
    chunkBytes,
  };
}

/** Chunk `index`'s nonce and additional data. */
function chunkParameters(header: Header, documentId: string, index: number, last: boolean) {
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(index);
  return {
    nonce: Buffer.concat([header.prefix, counter]),
    aad: Buffer.concat([header.bytes, Buffer.from(documentId, "utf8"), Buffer.of(last ? 1 : 0)]),
  };
}

/** Encrypts a document's bytes as they stream, under the keyring's current key, for the document `documentId`. */
export function encryptDocument(keyring: DocumentKeyring, documentId: string): Transform {
  const header = newHeader(keyring.current.id);
  let pending: Buffer = Buffer.alloc(0);
  let index = 0;
  const seal = (plain: Buffer, last: boolean) => {
    const { nonce, aad } = chunkParameters(header, documentId, index++, last);
    const cipher = createCipheriv("aes-256-gcm", keyring.current.key, nonce).setAAD(aad);
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  };
  return new Transform({
    construct(callback) {
      this.push(header.bytes);
      callback();
    },
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      // A chunk is sealed once more bytes follow it, so the last one is known to be last.
      while (pending.length > CHUNK_BYTES) {
        this.push(seal(pending.subarray(0, CHUNK_BYTES), false));
        pending = pending.subarray(CHUNK_BYTES);
      }
      callback();
    },
    flush(callback) {
      callback(null, seal(pending, true));
    },
  });
}

/** Decrypts a document as it streams; fails with DocumentUnreadable before letting out any chunk that does not hold. */
export function decryptDocument(keyring: DocumentKeyring, documentId: string): Transform {
  let header: Header | undefined;
  let key: DocumentKey | undefined;
  let pending: Buffer = Buffer.alloc(0);
  let index = 0;
  const open = (sealed: Buffer, last: boolean) => {
    if (!header || !key || sealed.length < TAG_BYTES) throw new DocumentUnreadable("a document cut short");
    const { nonce, aad } = chunkParameters(header, documentId, index++, last);
    const decipher = createDecipheriv("aes-256-gcm", key.key, nonce).setAAD(aad);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    const plain = decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES));
    try {
      return Buffer.concat([plain, decipher.final()]);
    } catch {
      throw new DocumentUnreadable("a document that does not decrypt: altered, or another document's");
    }
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      try {
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
        if (!header) {
          if (pending.length < HEADER_BYTES) return callback();
          header = readHeader(pending);
          key = keyring.byId(header.keyId);
          if (!key)
            throw new DocumentUnreadable(
              `a document under key ${header.keyId}, which is not among the keys given`,
            );
          pending = pending.subarray(HEADER_BYTES);
        }
        const sealedBytes = header.chunkBytes + TAG_BYTES;
        while (pending.length > sealedBytes) {
          this.push(open(pending.subarray(0, sealedBytes), false));
          pending = pending.subarray(sealedBytes);
        }
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback) {
      try {
        if (!header) throw new DocumentUnreadable("not an encrypted document");
        callback(null, open(pending, true));
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}
