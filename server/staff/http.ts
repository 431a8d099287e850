import type { Context, MiddlewareHandler } from "hono";
import type { z } from "zod";
import { NO_SOURCE_VALUE } from "../../leads/source-labels.ts";
import { type ErrorAnswer, type ErrorCode, inboxQuery } from "../../staff/api.ts";
import type { InboxSort, LeadFilters } from "../store/queries/inbox.ts";
import { StaffError } from "./accounts.ts";
import type { StaffUser } from "./session.ts";

/** The staff API's routes see the signed-in person (set by the session check in auth-routes.ts). */
export type StaffEnv = { Variables: { staff: StaffUser } };

const DAY_MS = 86_400_000;

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  unauthenticated: "Sign in to continue.",
  not_found: "There is no such lead, or it is not one your role works on.",
  bad_origin: "This request did not come from the staff inbox.",
  malformed: "The request could not be read.",
};

type FailStatus = 400 | 401 | 403 | 404 | 409 | 410 | 422 | 423 | 429 | 500;

/** A refusal as the contract has it: a code for the program, a sentence for the person. */
export const fail = (c: Context, status: FailStatus, error: ErrorCode, message?: string) =>
  c.json(
    { error, message: message ?? MESSAGES[error] ?? "The request was refused." } satisfies ErrorAnswer,
    status,
  );

const STAFF_ERROR_STATUS: Record<StaffError["code"], FailStatus> = {
  not_found: 404,
  exists: 409,
  bad_email: 422,
  bad_role: 422,
  setup_link_invalid: 410,
  weak_password: 422,
  bad_code: 422,
};

/** An account mistake the person can fix (accounts.ts) as its refusal; anything else is thrown on. */
export function staffErrorAnswer(c: Context, error: unknown) {
  if (!(error instanceof StaffError)) throw error;
  return fail(c, STAFF_ERROR_STATUS[error.code], error.code, error.message);
}

/** The JSON body, unchecked; undefined when it is not JSON (a route that checks it later answers 400). */
export async function jsonOf(c: Context): Promise<{ json: unknown } | undefined> {
  try {
    return { json: await c.req.json() };
  } catch {
    return undefined;
  }
}

/** The JSON body read with the contract's request schema; undefined when it is not JSON or does not match. */
export async function bodyOf<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S> | undefined> {
  const body = await jsonOf(c);
  const parsed = body && schema.safeParse(body.json);
  return parsed?.success ? parsed.data : undefined;
}

/**
 * The inbox's filters from the query string by the contract's inboxQuery (empty values ignored), as the store
 * applies them: days as a half-open range of ms, NO_SOURCE_VALUE as null, "Mine" as the viewer's id, "Overdue"
 * as due before `now`. Or the first problem, in words.
 */
export function readFilters(
  c: Context<StaffEnv>,
  now: number,
): { filters: LeadFilters; page: number; sort: InboxSort } | { problem: string } {
  const query = Object.fromEntries(Object.entries(c.req.query()).filter(([, value]) => value !== ""));
  const parsed = inboxQuery.safeParse(query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { problem: `${issue?.path.join(".") ?? "filter"} ${issue?.message ?? "is not valid"}` };
  }
  const { form, status, delivery, from, to, q, campaign, referrer, page } = parsed.data;
  const { awaiting, mine, overdue, spam, sort = "newest" } = parsed.data;
  const source = (value: string | undefined) => (value === NO_SOURCE_VALUE ? null : value);
  return {
    page,
    sort,
    filters: {
      awaiting: awaiting === "1" || undefined,
      assigneeId: mine === "1" ? c.get("staff").id : undefined,
      overdueAt: overdue === "1" ? now : undefined,
      spam: spam === "1" || undefined,
      form,
      status,
      delivery,
      from: from ? Date.parse(`${from}T00:00:00Z`) : undefined,
      to: to ? Date.parse(`${to}T00:00:00Z`) + DAY_MS : undefined,
      q: q || undefined,
      campaign: source(campaign),
      referrer: source(referrer),
    },
  };
}

/**
 * State changes must come from the site itself: the Origin header (or, where a browser sends none, its
 * Sec-Fetch-Site, or the Referer) must be SITE_URL's origin. SameSite=Lax already keeps the cookie off most
 * cross-site requests; this refuses the rest.
 */
export function sameOriginOnly(siteOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    if (["GET", "HEAD", "OPTIONS"].includes(c.req.method)) return next();
    const origin = c.req.header("Origin");
    const fetchSite = c.req.header("Sec-Fetch-Site");
    const referer = c.req.header("Referer");
    const same = origin
      ? origin === siteOrigin
      : fetchSite
        ? fetchSite === "same-origin"
        : referer
          ? URL.parse(referer)?.origin === siteOrigin
          : false;
    if (!same) return fail(c, 403, "bad_origin");
    return next();
  };
}

/** A file that came with a message, answered whatever the sender named and typed it: downloaded, never shown or run. */
export function sendAttachment(c: Context, file: { filename: string; content: Uint8Array }) {
  const name = file.filename.replace(/[^\w.\- ]/g, "_") || "attachment";
  return c.body(new Uint8Array(file.content), 200, {
    "Content-Type": "application/octet-stream",
    "Content-Length": String(file.content.byteLength),
    "Content-Disposition": `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "sandbox; default-src 'none'",
  });
}
