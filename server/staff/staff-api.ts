import { type Context, Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { LEAD_FORM_IDS } from "../../leads/forms.ts";
import { SOURCE_FIELDS, SOURCE_MAX } from "../../leads/source.ts";
import { NO_SOURCE_VALUE, SOURCE_LABELS } from "../../leads/source-labels.ts";
import { fieldLabelOf } from "../../staff/labels.ts";
import { ALL_STATUSES } from "../../staff/workflow.ts";
import type { ServerConfig } from "../config.ts";
import { toCsv } from "../csv.ts";
import { errorKind } from "../error-kind.ts";
import { clientAddressResolver, rateLimitKey } from "../leads/client-address.ts";
import { createRateLimiter } from "../leads/rate-limit.ts";
import type { Logger } from "../logger.ts";
import type { LeadStore } from "../store/lead-store.ts";
import { createStaffAccounts, StaffError } from "./accounts.ts";
import { audit, listAudit } from "./audit.ts";
import type { StaffAuth } from "./auth.ts";
import { createEraser } from "./erase.ts";
import { createInbox, DELIVERY_FILTERS, type LeadFilters } from "./inbox.ts";
import { type StaffUser, staffSessions } from "./session.ts";
import { createSignIn } from "./sign-in.ts";
import type { StaffDb } from "./staff-db.ts";

export interface StaffApiDeps {
  config: ServerConfig;
  logger: Logger;
  store: LeadStore;
  staffDb: StaffDb;
  auth: StaffAuth;
  now?: () => number;
}

type Env = { Variables: { staff: StaffUser } };

const NOTE_MAX = 5000;
const DAY_MS = 86_400_000;

type ErrorCode =
  | "unauthenticated"
  | "not_found"
  | "bad_origin"
  | "malformed"
  | "setup_link_invalid"
  | "weak_password"
  | "bad_code"
  | "bad_status"
  | "bad_assignee"
  | "bad_filter";

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  unauthenticated: "Sign in to continue.",
  not_found: "There is no such lead, or it is not one your role works on.",
  bad_origin: "This request did not come from the staff inbox.",
  malformed: "The request could not be read.",
};

const fail = (c: Context, status: 400 | 401 | 403 | 404 | 410 | 422, error: ErrorCode, message?: string) =>
  c.json({ error, message: message ?? MESSAGES[error] ?? "The request was refused." }, status);

const STAFF_ERROR_STATUS: Record<StaffError["code"], 404 | 409 | 410 | 422> = {
  not_found: 404,
  exists: 409,
  bad_email: 422,
  bad_role: 422,
  setup_link_invalid: 410,
  weak_password: 422,
  bad_code: 422,
};

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "must be a date");
/** A campaign or referrer as stored (at most SOURCE_MAX characters); NO_SOURCE_VALUE asks for leads without one. */
const sourceFilter = z
  .string()
  .max(SOURCE_MAX)
  .transform((value) => (value === NO_SOURCE_VALUE ? null : value))
  .optional();
const filterSchema = z.object({
  form: z.enum(LEAD_FORM_IDS).optional(),
  status: z.enum(ALL_STATUSES).optional(),
  delivery: z.enum(DELIVERY_FILTERS).optional(),
  from: day.optional(),
  to: day.optional(),
  q: z.string().trim().max(200).optional(),
  campaign: sourceFilter,
  referrer: sourceFilter,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** The list filters from the query string (empty values ignored), or the first problem. */
function readFilters(c: Context): { filters: LeadFilters; page: number } | { problem: string } {
  const query = Object.fromEntries(Object.entries(c.req.query()).filter(([, value]) => value !== ""));
  const parsed = filterSchema.safeParse(query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { problem: `${issue?.path.join(".") ?? "filter"} ${issue?.message ?? "is not valid"}` };
  }
  const { form, status, delivery, from, to, q, campaign, referrer, page } = parsed.data;
  return {
    page,
    filters: {
      form,
      status,
      delivery,
      from: from ? Date.parse(`${from}T00:00:00Z`) : undefined,
      to: to ? Date.parse(`${to}T00:00:00Z`) + DAY_MS : undefined,
      q: q || undefined,
      campaign,
      referrer,
    },
  };
}

async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

/**
 * State changes must come from the site itself: the Origin header (or, where a browser sends none, its
 * Sec-Fetch-Site, or the Referer) must be SITE_URL's origin. SameSite=Lax already keeps the cookie off most
 * cross-site requests; this refuses the rest.
 */
function sameOriginOnly(siteOrigin: string): MiddlewareHandler {
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

/** The staff API under /api/staff (decision 015): the contract in docs/staff-guide.md. */
export async function createStaffApi(deps: StaffApiDeps) {
  const { config, logger, store, staffDb, auth, now = Date.now } = deps;
  const { db } = staffDb;
  const siteOrigin = new URL(config.site.url).origin;
  const accounts = createStaffAccounts({ staffDb, auth, siteUrl: config.site.url, now });
  const sessions = staffSessions({ auth, idleMs: config.STAFF_IDLE_MINUTES * 60_000, now });
  const inbox = createInbox({ staffDb, store, now });
  const eraser = createEraser({ staffDb, store });
  const clientAddress = clientAddressResolver(config.TRUST_PROXY);
  const limiter = await createRateLimiter({
    perMinute: SIGN_IN_ATTEMPTS_PER_WINDOW,
    durationSeconds: SIGN_IN_WINDOW_S,
    keyPrefix: "staff-sign-in",
    databaseUrl: config.DATABASE_URL,
  });
  const signIn = createSignIn({ auth, db, now });

  const app = new Hono<Env>();

  // Nothing here may be cached or indexed, errors included.
  app.use(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
  });
  app.use(sameOriginOnly(siteOrigin));

  const staffErrorAnswer = (c: Context, error: unknown) => {
    if (!(error instanceof StaffError)) throw error;
    return c.json({ error: error.code, message: error.message }, STAFF_ERROR_STATUS[error.code]);
  };

  // Set-up from the operator's link.
  app.get("/setup", async (c) => {
    try {
      return c.json(await accounts.inspectSetup(c.req.query("token") ?? ""));
    } catch (error) {
      return staffErrorAnswer(c, error);
    }
  });
  const setupPassword = z.object({ token: z.string().max(200), password: z.string().max(1000) });
  app.post("/setup/password", async (c) => {
    const body = setupPassword.safeParse(await readJson(c));
    if (!body.success) return fail(c, 400, "malformed");
    try {
      return c.json(await accounts.choosePassword(body.data.token, body.data.password));
    } catch (error) {
      return staffErrorAnswer(c, error);
    }
  });
  const setupConfirm = z.object({ token: z.string().max(200), code: z.string().max(20) });
  app.post("/setup/confirm", async (c) => {
    const body = setupConfirm.safeParse(await readJson(c));
    if (!body.success) return fail(c, 400, "malformed");
    try {
      await accounts.confirmSetup(body.data.token, body.data.code.replace(/\s/g, ""));
      return c.body(null, 204);
    } catch (error) {
      return staffErrorAnswer(c, error);
    }
  });

  const signInBody = z.object({
    email: z.string().max(254),
    password: z.string().max(1000),
    code: z.string().max(20),
  });
  app.post("/sign-in", async (c) => {
    const wait = await limiter.hit(rateLimitKey(clientAddress(c)));
    if (wait !== null) {
      c.header("Retry-After", String(wait));
      return c.json(
        { error: "rate_limited", message: "Too many sign-in attempts from here. Try again later." },
        429,
      );
    }
    const body = signInBody.safeParse(await readJson(c));
    if (!body.success) return fail(c, 400, "malformed");
    const outcome = await signIn(body.data.email, body.data.password, body.data.code.replace(/\s/g, ""));
    if (outcome.kind === "locked")
      return c.json(
        {
          error: "locked",
          message: "Too many wrong attempts: this account is locked for 15 minutes.",
        },
        423,
      );
    if (outcome.kind === "refused")
      return c.json({ error: "bad_credentials", message: "E-mail, password or code is wrong." }, 401);
    for (const cookie of outcome.cookies) c.header("Set-Cookie", cookie, { append: true });
    logger.info({ staffId: outcome.user.id }, "staff sign-in");
    return c.json({ user: outcome.user });
  });

  // Everything below needs a signed-in staff member.
  app.use(async (c, next) => {
    const found = await sessions.current(c.req.raw.headers);
    if (!found) return fail(c, 401, "unauthenticated");
    c.set("staff", found.user);
    return next();
  });
  const adminOnly: MiddlewareHandler<Env> = async (c, next) =>
    c.get("staff").role === "admin" ? next() : fail(c, 404, "not_found", "No such API endpoint.");

  app.post("/sign-out", async (c) => {
    const out = await auth.api.signOut({ headers: c.req.raw.headers, returnHeaders: true });
    for (const cookie of out.headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    await audit(db, { actorId: c.get("staff").id, action: "sign_out" });
    return c.body(null, 204);
  });

  app.get("/me", (c) => c.json({ user: c.get("staff") }));

  // better-auth's own routes under /api/staff/auth: only reading the session, behind the idle check above. Its
  // sign-in, sign-up and two-factor routes are not served: ours (above) add the lockout, rate limit and audit.
  app.get("/auth/get-session", (c) => auth.handler(c.req.raw));

  app.get("/leads", async (c) => {
    const read = readFilters(c);
    if ("problem" in read) return fail(c, 422, "bad_filter", `The filter ${read.problem}.`);
    return c.json(await inbox.list(c.get("staff").role, read.filters, read.page));
  });

  app.get("/export.csv", async (c) => {
    const read = readFilters(c);
    if ("problem" in read) return fail(c, 422, "bad_filter", `The filter ${read.problem}.`);
    const staff = c.get("staff");
    const rows = await inbox.exportRows(staff.role, read.filters);
    const fieldNames = [...new Set(rows.flatMap((row) => Object.keys(row.fields)))].sort();
    const csv = toCsv([
      [
        "id",
        "form",
        "created_at",
        "status",
        "assignee",
        "delivery",
        ...fieldNames.map((name) => fieldLabelOf("", name)),
        ...SOURCE_FIELDS.map((name) => SOURCE_LABELS[name]),
      ],
      ...rows.map((row) => [
        row.id,
        row.formLabel,
        row.createdAt,
        row.status,
        row.assignee?.email ?? "",
        row.delivery,
        ...fieldNames.map((name) => row.fields[name] ?? ""),
        ...SOURCE_FIELDS.map((name) => row.source[name] ?? ""),
      ]),
    ]);
    await audit(db, { actorId: staff.id, action: "export", detail: `${rows.length} lead(s)` });
    const day = new Date(now()).toISOString().slice(0, 10);
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${day}.csv"`,
    });
  });

  app.get("/leads/:id", async (c) => {
    const page = await inbox.open(c.get("staff"), c.req.param("id"));
    return page ? c.json(page) : fail(c, 404, "not_found");
  });

  app.get("/leads/:id/resume", async (c) => {
    const found = await inbox.resume(c.get("staff"), c.req.param("id"));
    if (!found) return fail(c, 404, "not_found");
    const inline = found.resume.kind === "pdf" && c.req.query("download") !== "1";
    const name = found.resume.name.replace(/[^\w.\- ]/g, "_") || `resume.${found.resume.kind}`;
    return c.body(found.blob.stream(), 200, {
      "Content-Type": found.blob.type,
      "Content-Length": String(found.blob.size),
      "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${name}"; filename*=UTF-8''${encodeURIComponent(found.resume.name)}`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'",
    });
  });

  const patchBody = z
    .object({ status: z.string().max(50).optional(), assigneeId: z.string().max(100).nullable().optional() })
    .strict();
  app.patch("/leads/:id", async (c) => {
    const body = patchBody.safeParse(await readJson(c));
    if (!body.success) return fail(c, 400, "malformed");
    const result = await inbox.update(c.get("staff"), c.req.param("id"), body.data);
    if (result === null) return fail(c, 404, "not_found");
    if (result === "bad_status")
      return fail(c, 422, "bad_status", "That status is not in this lead's workflow.");
    if (result === "bad_assignee")
      return fail(c, 422, "bad_assignee", "That person cannot be given this lead.");
    return c.json(result);
  });

  const noteBody = z.object({ text: z.string().trim().min(1).max(NOTE_MAX) });
  app.post("/leads/:id/notes", async (c) => {
    const body = noteBody.safeParse(await readJson(c));
    if (!body.success) return fail(c, 422, "malformed", `A note has 1 to ${NOTE_MAX} characters.`);
    const result = await inbox.addNote(c.get("staff"), c.req.param("id"), body.data.text);
    return result ? c.json(result, 201) : fail(c, 404, "not_found");
  });

  app.get("/people", async (c) => c.json({ people: await inbox.people(c.get("staff").role) }));

  const eraseBody = z.object({ email: z.email() });
  app.post("/erase/preview", adminOnly, async (c) => {
    const body = eraseBody.safeParse(await readJson(c));
    if (!body.success) return fail(c, 400, "malformed", "Give the person's e-mail address.");
    return c.json(await eraser.preview(body.data.email));
  });
  app.post("/erase", adminOnly, async (c) => {
    const body = eraseBody.safeParse(await readJson(c));
    if (!body.success) return fail(c, 400, "malformed", "Give the person's e-mail address.");
    const erased = await eraser.erase(body.data.email, c.get("staff").id);
    logger.info({ staffId: c.get("staff").id, ...erased }, "erasure");
    return c.json({ erased });
  });

  app.get("/audit", adminOnly, async (c) => {
    const page = z.coerce
      .number()
      .int()
      .min(1)
      .catch(1)
      .parse(c.req.query("page") ?? 1);
    return c.json(await listAudit(db, page));
  });

  app.all("*", (c) => fail(c, 404, "not_found", "No such API endpoint."));
  app.onError((error, c) => {
    logger.error({ err: errorKind(error), path: c.req.routePath }, "staff API error");
    return c.json({ error: "internal", message: "Something went wrong on our side. Please try again." }, 500);
  });

  return { app, accounts, close: () => limiter.close() };
}

/** Sign-in attempts per client address (IPv6: per /64) in SIGN_IN_WINDOW_S. */
export const SIGN_IN_ATTEMPTS_PER_WINDOW = 20;
export const SIGN_IN_WINDOW_S = 5 * 60;
