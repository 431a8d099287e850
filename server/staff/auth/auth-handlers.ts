import type { Context } from "hono";
import type { RateLimiter } from "../../leads/rate-limit.ts";
import type { Logger } from "../../runtime/logger.ts";
import type { AuditLog } from "../../store/queries/audit-log.ts";
import type { EndpointHandlers } from "../api/endpoint-mount.ts";
import { type FailStatus, Refusal, refuse } from "../api/refusals.ts";
import { type StaffAccounts, StaffError } from "./accounts.ts";
import type { StaffAuth } from "./auth.ts";
import type { createSignIn } from "./sign-in.ts";

/** Sign-in attempts per client address (IPv6: per /64) in SIGN_IN_WINDOW_S. */
export const SIGN_IN_ATTEMPTS_PER_WINDOW = 20;
export const SIGN_IN_WINDOW_S = 5 * 60;

/** A code as people type it: spaces between its digits are theirs to add. */
const codeOf = (typed: string) => typed.replace(/\s/g, "");

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
async function orRefusal<T>(work: Promise<T>): Promise<T | Refusal> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof StaffError)) throw error;
    return new Refusal(STAFF_ERROR_STATUS[error.code], error.code, error.message);
  }
}

const setCookies = (c: Context, cookies: Iterable<string>) => {
  for (const cookie of cookies) c.header("Set-Cookie", cookie, { append: true });
};

/** Set-up from the operator's link, sign-in (rate-limited per client), and the session's own endpoints. */
export function authHandlers(deps: {
  accounts: StaffAccounts;
  signIn: ReturnType<typeof createSignIn>;
  limiter: RateLimiter;
  /** Whose attempts are counted together: the client address (IPv6: its /64). */
  clientKey: (c: Context) => string;
  auth: StaffAuth;
  audit: Pick<AuditLog, "record">;
  logger: Logger;
}): Pick<
  EndpointHandlers,
  "setup" | "setupPassword" | "setupConfirm" | "signIn" | "me" | "signOut" | "authSession"
> {
  const { accounts, signIn, limiter, auth, audit, logger } = deps;
  return {
    setup: ({ query }) => orRefusal(accounts.inspectSetup(query().token)),

    async setupPassword({ body }) {
      const { token, password } = await body();
      return orRefusal(accounts.choosePassword(token, password));
    },

    async setupConfirm({ body }) {
      const { token, code } = await body();
      const confirmed = await orRefusal(accounts.confirmSetup(token, codeOf(code)));
      return confirmed instanceof Refusal ? confirmed : undefined;
    },

    async signIn({ body }, c) {
      const wait = await limiter.hit(deps.clientKey(c));
      if (wait !== null) {
        c.header("Retry-After", String(wait));
        return refuse(429, "rate_limited", "Too many sign-in attempts from here. Try again later.");
      }
      const { email, password, code } = await body();
      const outcome = await signIn(email, password, codeOf(code));
      if (outcome.kind === "locked")
        return refuse(423, "locked", "Too many wrong attempts: this account is locked for 15 minutes.");
      if (outcome.kind === "refused")
        return refuse(401, "bad_credentials", "E-mail, password or code is wrong.");
      setCookies(c, outcome.cookies);
      logger.info({ staffId: outcome.user.id }, "staff sign-in");
      return { user: outcome.user };
    },

    me: async ({ staff }) => ({ user: staff }),

    async signOut({ staff }, c) {
      const out = await auth.api.signOut({ headers: c.req.raw.headers, returnHeaders: true });
      setCookies(c, out.headers.getSetCookie());
      await audit.record({ actorId: staff.id, action: "sign_out" });
      return undefined;
    },

    // better-auth's own session read, behind the same session check as everything else. Its sign-in, sign-up
    // and two-factor endpoints are not served: ours add the lockout, the rate limit and the audit.
    authSession: async (_, c) => auth.handler(c.req.raw),
  };
}
