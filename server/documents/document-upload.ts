import type { Readable } from "node:stream";
import busboy from "busboy";
import { fileTypeFromBuffer } from "file-type";
import type { DocumentType } from "../store/credential-rows.ts";

/** A credential document's most: a phone's photo of a card, or a scan of a few pages. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** The whole body's most: the document and its fields. */
const MAX_BODY_BYTES = DOCUMENT_MAX_BYTES + 256 * 1024;
/** Past this much unread body a refused request is cut rather than drained for its answer. */
const MAX_DRAIN_BYTES = 2 * MAX_BODY_BYTES;
/** The bytes file-type reads to tell a type (its own sample size). */
const SNIFF_BYTES = 4100;
/** The form's file input. */
export const DOCUMENT_FIELD = "document";

/** What file-type calls each type a credential document may be: what a phone's camera or a scanner gives. */
const DETECTED: Record<string, DocumentType> = { pdf: "pdf", jpg: "jpeg", png: "png", heic: "heic" };

export const UPLOAD_MESSAGES = {
  size: "The file is larger than 10 MB. Take the photo again at a lower resolution, or scan fewer pages.",
  type: "This file is not a PDF, JPEG, PNG or HEIC. Take a photo of the document, or upload a PDF scan.",
  empty: "The file is empty. Choose the photo or scan again.",
  malformed: "The upload could not be read. Please try again.",
} as const;

/** An upload refused, with the message the page shows beside the item. */
export class UploadRefused extends Error {
  readonly status: 400 | 413 | 415;
  constructor(status: 400 | 413 | 415, message: string) {
    super(message);
    this.status = status;
  }
}

/** The document as it streams in, its type checked from its first bytes. */
export interface StreamingDocument {
  type: DocumentType;
  source: AsyncIterable<Uint8Array>;
}

/**
 * Reads a nurse's multipart upload without buffering it: the fields (the form puts them before the file) into
 * memory, then `onDocument` with the file as it streams, once its type is known from its first bytes; the file
 * stream fails at DOCUMENT_MAX_BYTES, so the bytes past the limit are never taken in. Resolves with the fields
 * once the body is read and `onDocument` has finished. A refusal stops parsing, drains what the client is still
 * sending (so it reads the answer) up to a bound, past which the connection is cut.
 */
export function readDocumentUpload(
  source: Readable,
  contentType: string | undefined,
  onDocument: (fields: Record<string, string>, document: StreamingDocument) => Promise<void>,
): Promise<{ fields: Record<string, string>; withDocument: boolean }> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType ?? "" },
      defParamCharset: "utf8",
      limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 30, parts: 32, fieldSize: 4096 },
    });
  } catch {
    return Promise.reject(new UploadRefused(400, UPLOAD_MESSAGES.malformed));
  }
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let document: Promise<void> | undefined;
    let settled = false;
    let received = 0;
    let file: Readable | undefined;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      // The file's stream fails with the refusal, so its encryption stops and its staging file goes.
      file?.destroy(error instanceof Error ? error : new UploadRefused(400, UPLOAD_MESSAGES.malformed));
      parser.destroy();
      // Drained so the client, still sending, reads the answer; cut once it is far past the limit.
      source.resume();
      // Answered once the document's streams are closed and its staging file removed.
      void (document ?? Promise.resolve()).catch(() => undefined).then(() => reject(error));
    };
    source.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > MAX_DRAIN_BYTES) source.destroy();
      else if (received > MAX_BODY_BYTES) fail(new UploadRefused(413, UPLOAD_MESSAGES.size));
    });
    source.once("error", () => fail(new UploadRefused(400, UPLOAD_MESSAGES.malformed)));
    parser.on("field", (name, value) => {
      if (!(name in fields) && !document) fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      stream.on("error", () => undefined);
      // Not our input, a second file, or the empty part a browser sends when no file was chosen.
      if (name !== DOCUMENT_FIELD || document || !info.filename) {
        stream.resume();
        return;
      }
      file = stream;
      stream.once("limit", () => stream.destroy(new UploadRefused(413, UPLOAD_MESSAGES.size)));
      document = sniffed(stream)
        .then((checked) => onDocument({ ...fields }, checked))
        .catch((error) => {
          stream.resume();
          throw error;
        });
      document.catch(fail);
    });
    parser.once("error", () => fail(new UploadRefused(400, UPLOAD_MESSAGES.malformed)));
    parser.once("close", () => {
      void (document ?? Promise.resolve()).then(() => {
        if (settled) return;
        settled = true;
        resolve({ fields, withDocument: document !== undefined });
      }, fail);
    });
    source.pipe(parser);
  });
}

/** The file's type from its first bytes (file-type, as the resume's), then the whole file as it streams on. */
async function sniffed(stream: Readable): Promise<StreamingDocument> {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headBytes += next.value.length;
  }
  if (headBytes === 0) throw new UploadRefused(400, UPLOAD_MESSAGES.empty);
  const first = Buffer.concat(head);
  const type = DETECTED[(await fileTypeFromBuffer(first))?.ext ?? ""];
  if (!type) throw new UploadRefused(415, UPLOAD_MESSAGES.type);
  return {
    type,
    source: (async function* () {
      yield first;
      if (ended) return;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
    })(),
  };
}
