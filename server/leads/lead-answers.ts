import type { Context } from "hono";
import type { LeadForm } from "../../leads/catalog.ts";

/**
 * How the lead intake answers a post: its error codes and error body, what became of a post (the metrics
 * count it), and where a plain form post is sent back to. A browser's fetch gets JSON; a form posted without
 * JavaScript gets a redirect to its own page.
 */

export type LeadErrorCode =
  | "invalid"
  | "not_found"
  | "forbidden_origin"
  | "too_large"
  | "unsupported_media_type"
  | "malformed"
  | "idempotency_conflict"
  | "rate_limited"
  | "unavailable";

/** What became of a post to a known form: a new lead, a replay of one, spam, or the error it was answered with. */
export type LeadOutcome = "accepted" | "replayed" | "spam" | FormErrorCode;
/** The errors of a post that reached a known form's handler. */
export type FormErrorCode = Exclude<LeadErrorCode, "not_found" | "forbidden_origin">;

export interface ErrorBody {
  error: LeadErrorCode;
  message: string;
  fields?: Record<string, string>;
}

export const NO_STORE = { "Cache-Control": "no-store" };

/** The browser's fetch asks for JSON; a plain HTML form post does not. */
export const wantsJson = (c: Context) => /application\/json/i.test(c.req.header("Accept") ?? "");

/**
 * Where a plain form post lands: the form's own page (or the opening's page an application came from), showing
 * the result at the form.
 */
export const resultUrl = (form: LeadForm, result: "ok" | "error", page = form.page) =>
  `${page}?lead=${result}#${form.anchor}`;
