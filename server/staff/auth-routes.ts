import type { Context, Hono } from "hono";
import type { z } from "zod";
import {
  type meAnswer,
  setupConfirmRequest,
  type setupInspectAnswer,
  type setupPasswordAnswer,
  setupPasswordRequest,
  signInRequest,
} from "../../staff/api.ts";
import type { RateLimiter } from "../leads/rate-limit.ts";
import type { Logger } from "../logger.ts";
import type { AuditLog } from "../store/queries/audit-log.ts";
import type { StaffAccounts } from "./accounts.ts";
import type { StaffAuth } from "./auth.ts";
import { bodyOf, fail, type StaffEnv, staffErrorAnswer } from "./http.ts";
import type { StaffSessions } from "./session.ts";
import type { createSignIn } from "./sign-in.ts";

/** Sign-in attempts per client address (IPv6: per /64) in SIGN_IN_WINDOW_S. */
export const SIGN_IN_ATTEMPTS_PER_WINDOW = 20;
export const SIGN_IN_WINDOW_S = 5 * 60;

/** A code as people type it: spaces between its digits are theirs to add. */
const codeOf = (typed: string) => typed.replace(/\s/g, "");

/** The routes anyone may call: set-up from the operator's link, and sign-in (rate-limited per client). */
export function mountSignIn(
  app: Hono<StaffEnv>,
  deps: {
    accounts: StaffAccounts;
    signIn: ReturnType<typeof createSignIn>;
    limiter: RateLimiter;
    /** Whose attempts are counted together: the client address (IPv6: its /64). */
    clientKey: (c: Context) => string;
    logger: Logger;
  },
) {
  const { accounts, signIn, limiter, logger } = deps;

  app.get("/setup", async (c) => {
    try {
      const answer = await accounts.inspectSetup(c.req.query("token") ?? "");
      return c.json(answer satisfies z.input<typeof setupInspectAnswer>);
    } catch (error) {
      return staffErrorAnswer(c, error);
    }
  });

  app.post("/setup/password", async (c) => {
    const body = await bodyOf(c, setupPasswordRequest);
    if (!body) return fail(c, 400, "malformed");
    try {
      const answer = await accounts.choosePassword(body.token, body.password);
      return c.json(answer satisfies z.input<typeof setupPasswordAnswer>);
    } catch (error) {
      return staffErrorAnswer(c, error);
    }
  });

  app.post("/setup/confirm", async (c) => {
    const body = await bodyOf(c, setupConfirmRequest);
    if (!body) return fail(c, 400, "malformed");
    try {
      await accounts.confirmSetup(body.token, codeOf(body.code));
      return c.body(null, 204);
    } catch (error) {
      return staffErrorAnswer(c, error);
    }
  });

  app.post("/sign-in", async (c) => {
    const wait = await limiter.hit(deps.clientKey(c));
    if (wait !== null) {
      c.header("Retry-After", String(wait));
      return fail(c, 429, "rate_limited", "Too many sign-in attempts from here. Try again later.");
    }
    const body = await bodyOf(c, signInRequest);
    if (!body) return fail(c, 400, "malformed");
    const outcome = await signIn(body.email, body.password, codeOf(body.code));
    if (outcome.kind === "locked")
      return fail(c, 423, "locked", "Too many wrong attempts: this account is locked for 15 minutes.");
    if (outcome.kind === "refused")
      return fail(c, 401, "bad_credentials", "E-mail, password or code is wrong.");
    for (const cookie of outcome.cookies) c.header("Set-Cookie", cookie, { append: true });
    logger.info({ staffId: outcome.user.id }, "staff sign-in");
    return c.json({ user: outcome.user } satisfies z.input<typeof meAnswer>);
  });
}

/**
 * The session check every later route is behind (the idle and absolute timeouts, a disabled account), and the
 * routes of the session itself.
 */
export function mountSession(
  app: Hono<StaffEnv>,
  deps: { auth: StaffAuth; sessions: StaffSessions; audit: Pick<AuditLog, "record"> },
) {
  const { auth, sessions, audit } = deps;

  app.use(async (c, next) => {
    const found = await sessions.current(c.req.raw.headers);
    if (!found) return fail(c, 401, "unauthenticated");
    c.set("staff", found.user);
    return next();
  });

  app.post("/sign-out", async (c) => {
    const out = await auth.api.signOut({ headers: c.req.raw.headers, returnHeaders: true });
    for (const cookie of out.headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    await audit.record({ actorId: c.get("staff").id, action: "sign_out" });
    return c.body(null, 204);
  });

  app.get("/me", (c) => c.json({ user: c.get("staff") } satisfies z.input<typeof meAnswer>));

  // better-auth's own routes under /api/staff/auth: only reading the session, behind the idle check above. Its
  // sign-in, sign-up and two-factor routes are not served: ours (above) add the lockout, rate limit and audit.
  app.get("/auth/get-session", (c) => auth.handler(c.req.raw));
}
