import { createHash } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import busboy from "busboy";
import { RESUME_FIELD, RESUME_MESSAGES, type ResumeKind, sniffResume } from "../../leads/resume.ts";
import { newTempPath, PRIVATE_FILE_MODE, removeQuietly } from "../store/resume-files.ts";

export const MAX_BODY_BYTES = 12 * 1024 * 1024;
/** Past this much unread body we stop draining a rejected request and let the connection go. */
const MAX_DRAIN_BYTES = 32 * 1024 * 1024;
/** The longest field a form has is a 5000-character message; this leaves room for UTF-8. */
const MAX_FIELD_BYTES = 64 * 1024;

export type IntakeErrorCode = "too_large" | "unsupported_media_type" | "invalid" | "malformed";

/** A request the intake refuses, with the status and message the client gets. */
export class IntakeError extends Error {
  readonly status: 400 | 413 | 415;
  readonly code: IntakeErrorCode;
  readonly fields: Record<string, string> | undefined;
  constructor(
    status: 400 | 413 | 415,
    code: IntakeErrorCode,
    message: string,
    fields?: Record<string, string>,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export interface ReceivedResume {
  tempPath: string;
  name: string;
  kind: ResumeKind;
  size: number;
  sha256: string;
}

export interface ReceivedLead {
  /** The first value of every field sent, by name. */
  fields: Record<string, string>;
  resume: ReceivedResume | null;
}

export interface IntakeOptions {
  contentType: string | undefined;
  contentLength: string | undefined;
  acceptsResume: boolean;
  dataDir: string;
  maxFileBytes: number;
  maxBodyBytes?: number;
}

const EXTENSIONS: Record<ResumeKind, string> = { pdf: ".pdf", docx: ".docx", doc: ".doc" };

/** A file name safe to pass on in a mail attachment, whose extension matches what the bytes are. */
export function sanitiseFileName(original: string, kind: ResumeKind): string {
  const base =
    path
      .basename(original.replaceAll("\\", "/"))
      .replace(/[^\w.\- ()]/g, "_")
      .slice(0, 100) || "resume";
  return base.toLowerCase().endsWith(EXTENSIONS[kind]) ? base : `${base}${EXTENSIONS[kind]}`;
}

export const isFormEncoding = (contentType: string | undefined) =>
  /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(contentType ?? "");

/**
 * Streams a form body through busboy without buffering it: fields into memory (they are small),
 * the resume into an fsync'd temp file under DATA_DIR, checked by its first bytes. Any refusal
 * removes the temp file and drains the rest of the body so the client can read the answer.
 */
export function readLeadBody(source: Readable, options: IntakeOptions): Promise<ReceivedLead> {
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES;
  if (!isFormEncoding(options.contentType)) {
    return Promise.reject(
      new IntakeError(
        415,
        "unsupported_media_type",
        "Send the form as multipart/form-data or application/x-www-form-urlencoded.",
      ),
    );
  }
  const declared = Number(options.contentLength);
  if (Number.isFinite(declared) && declared > maxBody) {
    return Promise.reject(tooLarge(maxBody));
  }

  return new Promise<ReceivedLead>((resolve, reject) => {
    const fields = new Map<string, string>();
    let resume: ReceivedResume | null = null;
    let tempPath: string | undefined;
    let output: WriteStream | undefined;
    let failure: IntakeError | undefined;
    let received = 0;
    let fileDone: Promise<void> = Promise.resolve();
    let settled = false;

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": options.contentType ?? "" },
        defParamCharset: "utf8",
        limits: {
          fileSize: options.maxFileBytes,
          files: 3,
          fields: 100,
          parts: 110,
          fieldSize: MAX_FIELD_BYTES,
        },
      });
    } catch {
      reject(new IntakeError(400, "malformed", "The form data could not be read."));
      return;
    }

    const settle = (error?: IntakeError) => {
      if (settled) return;
      settled = true;
      if (error) {
        void removeQuietly(tempPath).then(() => reject(error));
        return;
      }
      resolve({ fields: Object.fromEntries(fields), resume });
    };

    const fail = (error: IntakeError) => {
      if (failure) return;
      failure = error;
      source.unpipe(parser);
      parser.removeAllListeners("file");
      parser.removeAllListeners("field");
      output?.destroy();
      // Drain (and discard) the rest so the client, still sending, gets to read our answer.
      if (source.readableEnded) settle(error);
      else {
        source.once("end", () => settle(error));
        source.resume();
      }
    };

    source.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBody) fail(tooLarge(maxBody));
      if (received > MAX_DRAIN_BYTES) {
        // Far past the limit: answer now rather than read on.
        settle(failure ?? tooLarge(maxBody));
        source.destroy();
      }
    });
    source.on("error", () => settle(new IntakeError(400, "malformed", "The upload was interrupted.")));
    source.on("aborted", () => settle(new IntakeError(400, "malformed", "The upload was interrupted.")));

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) {
        fail(new IntakeError(413, "too_large", "A field is longer than any form allows."));
        return;
      }
      if (!fields.has(name)) fields.set(name, value);
    });

    parser.on("file", (name, stream, info) => {
      if (name !== RESUME_FIELD || !options.acceptsResume || resume || tempPath || !info.filename) {
        // Not a file this form takes (or the empty part a browser sends when none was chosen).
        stream.resume();
        return;
      }
      tempPath = newTempPath(options.dataDir);
      const file = tempPath;
      const hash = createHash("sha256");
      const head: Buffer[] = [];
      let headBytes = 0;
      let size = 0;
      let kind: ResumeKind | null = null;
      const fileOutput = createWriteStream(file, { flush: true, mode: PRIVATE_FILE_MODE });
      output = fileOutput;
      fileDone = new Promise<void>((done) => {
        fileOutput.on("close", done);
        fileOutput.on("error", () => {
          fail(new IntakeError(413, "too_large", "The resume could not be stored."));
          done();
        });
      });
      stream.on("data", (chunk: Buffer) => {
        if (failure) return;
        size += chunk.length;
        hash.update(chunk);
        if (kind === null && headBytes < 8) {
          head.push(chunk);
          headBytes += chunk.length;
          if (headBytes >= 8) {
            kind = sniffResume(Buffer.concat(head));
            if (!kind) fail(notAResume());
          }
        }
        if (!failure && !fileOutput.write(chunk)) {
          stream.pause();
          fileOutput.once("drain", () => stream.resume());
        }
      });
      stream.on("limit", () =>
        fail(new IntakeError(413, "too_large", RESUME_MESSAGES.size, { resume: RESUME_MESSAGES.size })),
      );
      stream.on("end", () => {
        fileOutput.end();
        if (failure) return;
        if (size === 0) {
          fail(new IntakeError(400, "invalid", RESUME_MESSAGES.empty, { resume: RESUME_MESSAGES.empty }));
          return;
        }
        kind ??= sniffResume(Buffer.concat(head));
        if (!kind) {
          fail(notAResume());
          return;
        }
        resume = {
          tempPath: file,
          name: sanitiseFileName(info.filename ?? "", kind),
          kind,
          size,
          sha256: hash.digest("hex"),
        };
      });
    });

    parser.on("error", () => fail(new IntakeError(400, "malformed", "The form data could not be read.")));
    parser.on("close", () => {
      if (failure) return;
      // The 'close' of the write stream comes after its fsync (flush: true).
      void fileDone.then(() => settle(failure));
    });

    source.pipe(parser);
  });
}

const tooLarge = (maxBody: number) =>
  new IntakeError(413, "too_large", `The form is larger than ${Math.round(maxBody / 1024 / 1024)} MB.`);

const notAResume = () =>
  new IntakeError(415, "unsupported_media_type", RESUME_MESSAGES.type, { resume: RESUME_MESSAGES.type });
