import type { Context, MiddlewareHandler } from "hono";
import type { ErrorAnswer, ErrorCode } from "../../staff/api.ts";
import type { StaffUser } from "./session.ts";

/** The staff API's routes see the signed-in person (set by the endpoint guard in endpoint-mount.ts). */
export type StaffEnv = { Variables: { staff: StaffUser } };

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  unauthenticated: "Sign in to continue.",
  not_found: "There is no such lead, or it is not one your role works on.",
  bad_origin: "This request did not come from the staff inbox.",
  malformed: "The request could not be read.",
};

export type FailStatus = 400 | 401 | 403 | 404 | 409 | 410 | 422 | 423 | 429 | 500;

/** A refusal as the contract has it: a code for the program, a sentence for the person. */
export const fail = (c: Context, status: FailStatus, error: ErrorCode, message?: string) =>
  c.json(
    { error, message: message ?? MESSAGES[error] ?? "The request was refused." } satisfies ErrorAnswer,
    status,
  );

/** A handler's refusal (returned or thrown), answered by the endpoint mount with `fail`. */
export class Refusal {
  readonly status: FailStatus;
  readonly error: ErrorCode;
  readonly message: string | undefined;
  constructor(status: FailStatus, error: ErrorCode, message?: string) {
    this.status = status;
    this.error = error;
    this.message = message;
  }
}

export const refuse = (status: FailStatus, error: ErrorCode, message?: string) =>
  new Refusal(status, error, message);

/**
 * Every staff request must come from the site itself. A state change must say so: its Origin (or, where a
 * browser sends none, its Sec-Fetch-Site, or its Referer) is SITE_URL's origin. A read is refused when the
 * browser says it comes from elsewhere (Sec-Fetch-Site other than same-origin or none, or a foreign Origin), so a
 * link or a frame on another site cannot open a lead, an export or a file with the staff member's cookie.
 */
export function siteOnly(siteOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header("Origin");
    const fetchSite = c.req.header("Sec-Fetch-Site");
    const referer = c.req.header("Referer");
    const read = ["GET", "HEAD", "OPTIONS"].includes(c.req.method);
    const fromSite = read
      ? (origin === undefined || origin === siteOrigin) &&
        (fetchSite === undefined || fetchSite === "same-origin" || fetchSite === "none")
      : origin
        ? origin === siteOrigin
        : fetchSite
          ? fetchSite === "same-origin"
          : referer
            ? URL.parse(referer)?.origin === siteOrigin
            : false;
    if (!fromSite) return fail(c, 403, "bad_origin");
    return next();
  };
}

/** A file as a download (or, `inline`, shown in place), whatever its sender named it: never run, never sniffed. */
export function sendFile(
  c: Context,
  file: { name: string; fallbackName: string; type: string; size: number; body: ReadableStream | Uint8Array },
  { inline = false } = {},
) {
  const name = file.name.replace(/[^\w.\- ]/g, "_") || file.fallbackName;
  return c.body(file.body instanceof Uint8Array ? new Uint8Array(file.body) : file.body, 200, {
    "Content-Type": file.type,
    "Content-Length": String(file.size),
    "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${name}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "sandbox; default-src 'none'",
  });
}

/** A file that came with a message, answered whatever the sender named and typed it: downloaded, never shown or run. */
export const sendAttachment = (c: Context, file: { filename: string; content: Uint8Array }) =>
  sendFile(c, {
    name: file.filename,
    fallbackName: "attachment",
    type: "application/octet-stream",
    size: file.content.byteLength,
    body: file.content,
  });
