import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import path from "node:path";
import { type Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { RESUME_FIELD, RESUME_MESSAGES, type ResumeKind, sniffResume } from "../../leads/resume.ts";
import { newTempPath, PRIVATE_FILE_MODE, removeQuietly } from "../store/resume-files.ts";
import { detectResumeKind } from "./resume-type.ts";

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

/** Hashes and measures the resume on its way to disk, refusing at once what cannot be a resume by its first bytes. */
class ResumeInspector extends Transform {
  readonly hash = createHash("sha256");
  size = 0;
  private head: Buffer[] = [];
  private headBytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.headBytes < HEAD_BYTES) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes >= HEAD_BYTES) {
        const known = sniffResume(Buffer.concat(this.head));
        this.head = [];
        if (!known) return done(notAResume());
      }
    }
    done(null, chunk);
  }
}

/** Enough leading bytes for sniffResume's signatures; file-type and yauzl check the whole file afterwards. */
const HEAD_BYTES = 8;

/**
 * Streams a form body through busboy without buffering it: fields into memory (they are small), the resume
 * through a stream pipeline into an fsync'd temp file under DATA_DIR, then checked by its content. A client
 * that goes away destroys the parser, which destroys the resume's stream and with it the file's descriptor;
 * the file is removed once every stream has closed. A refusal stops parsing and drains (discards) the rest
 * of the body so the client, still sending, can read the answer.
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
    return Promise.reject(new IntakeError(400, "malformed", "The form data could not be read."));
  }

  return new Promise<ReceivedLead>((resolve, reject) => {
    const fields = new Map<string, string>();
    let resume: ReceivedResume | null = null;
    let tempPath: string | undefined;
    /** The resume's pipeline and content check; never rejects. */
    let stored: Promise<void> = Promise.resolve();
    let refusal: IntakeError | undefined;
    let settled = false;
    let received = 0;

    const settle = (error?: IntakeError) => {
      if (settled) return;
      settled = true;
      if (!error) {
        resolve({ fields: Object.fromEntries(fields), resume });
        return;
      }
      // The file goes only after its streams have closed, so no descriptor is left on a deleted file.
      void stored.then(() => removeQuietly(tempPath)).then(() => reject(error));
    };
    const refuse = (error: IntakeError) => {
      if (refusal || settled) return;
      refusal = error;
      source.unpipe(parser);
      parser.destroy();
      if (source.readableEnded) settle(error);
      else {
        source.once("end", () => settle(error));
        source.resume();
      }
    };
    const interrupted = () => {
      parser.destroy();
      settle(new IntakeError(400, "malformed", "The upload was interrupted."));
    };

    source.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > MAX_DRAIN_BYTES) {
        // Far past the limit: answer now rather than read on.
        settle(refusal ?? tooLarge(maxBody));
        parser.destroy();
        source.destroy();
      } else if (received > maxBody) refuse(tooLarge(maxBody));
    });
    source.once("error", interrupted);
    source.once("close", () => {
      if (!source.readableEnded) interrupted();
    });

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) {
        refuse(new IntakeError(413, "too_large", "A field is longer than any form allows."));
        return;
      }
      if (!fields.has(name)) fields.set(name, value);
    });

    parser.on("file", (name, stream, info) => {
      if (name !== RESUME_FIELD || !options.acceptsResume || tempPath || !info.filename) {
        // Not a file this form takes (or the empty part a browser sends when none was chosen).
        // A refusal destroys the parser, which errors this stream: unhandled, that error would end the process.
        stream.on("error", () => {});
        stream.resume();
        return;
      }
      const file = newTempPath(options.dataDir);
      tempPath = file;
      const inspector = new ResumeInspector();
      stream.once("limit", () =>
        refuse(new IntakeError(413, "too_large", RESUME_MESSAGES.size, { resume: RESUME_MESSAGES.size })),
      );
      stored = pipeline(stream, inspector, createWriteStream(file, { flush: true, mode: PRIVATE_FILE_MODE }))
        .then(async () => {
          if (refusal || settled) return;
          if (inspector.size === 0) {
            refuse(new IntakeError(400, "invalid", RESUME_MESSAGES.empty, { resume: RESUME_MESSAGES.empty }));
            return;
          }
          const kind = await detectResumeKind(file);
          if (!kind) {
            refuse(notAResume());
            return;
          }
          resume = {
            tempPath: file,
            name: sanitiseFileName(info.filename ?? "", kind),
            kind,
            size: inspector.size,
            sha256: inspector.hash.digest("hex"),
          };
        })
        .catch((error: unknown) =>
          refuse(
            error instanceof IntakeError
              ? error
              : new IntakeError(413, "too_large", "The resume could not be stored."),
          ),
        );
    });

    parser.on("error", () => refuse(new IntakeError(400, "malformed", "The form data could not be read.")));
    parser.on("close", () => {
      // The write stream's 'close', which the pipeline waits for, comes after its fsync (flush: true).
      if (!refusal) void stored.then(() => settle(refusal));
    });
    source.pipe(parser);
  });
}

const tooLarge = (maxBody: number) =>
  new IntakeError(413, "too_large", `The form is larger than ${Math.round(maxBody / 1024 / 1024)} MB.`);

const notAResume = () =>
  new IntakeError(415, "unsupported_media_type", RESUME_MESSAGES.type, { resume: RESUME_MESSAGES.type });
