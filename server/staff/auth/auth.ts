import { randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import { twoFactor } from "better-auth/plugins/two-factor";
import { STAFF_API } from "../../../staff/endpoints.ts";
import { ROLES } from "../../../staff/roles.ts";
import type { Store } from "../../store/store.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-policy.ts";

/** Sessions end 12 h after sign-in whatever the activity (the idle timeout is checked in session.ts). */
export const SESSION_ABSOLUTE_S = 12 * 60 * 60;
export const STAFF_AUTH_PATH = `${STAFF_API}/auth`;
const TOTP_ISSUER = "Staff inbox";

/** The name the key better-auth signs with is kept under (staff_secret). */
const AUTH_SECRET = "better-auth";

/**
 * better-auth on the store's connection, once the store is open: the key it signs cookies and encrypts TOTP
 * secrets with is 32 random bytes made by the first instance that starts, kept in the database so every instance
 * (and the CLI) uses the same one.
 */
export async function openStaffAuth(store: Pick<Store, "authDatabase" | "staffAccounts">, siteUrl: string) {
  const secret = await store.staffAccounts.secret(AUTH_SECRET, randomBytes(32).toString("base64url"));
  return createStaffAuth(store.authDatabase, siteUrl, secret);
}

/**
 * better-auth with our own table names (staff_*), e-mail and password sign-in without public sign-up, and the
 * two-factor plugin for TOTP. Accounts are made by the operator (`leads staff add`); the HTTP endpoints people
 * use are the contract's (auth-routes.ts), which add the lockout, the rate limit and the audit.
 */
function createStaffAuth(database: Store["authDatabase"], siteUrl: string, secret: string) {
  return betterAuth({
    appName: TOTP_ISSUER,
    baseURL: new URL(siteUrl).origin,
    basePath: STAFF_AUTH_PATH,
    secret,
    database,
    trustedOrigins: [new URL(siteUrl).origin],
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
    },
    session: {
      modelName: "staff_session",
      expiresIn: SESSION_ABSOLUTE_S,
      disableSessionRefresh: true,
    },
    user: {
      modelName: "staff_user",
      additionalFields: {
        role: { type: [...ROLES], required: true, input: false },
        disabled: { type: "boolean", required: false, defaultValue: false, input: false },
        failedSignIns: { type: "number", required: false, defaultValue: 0, input: false },
        lockedUntil: { type: "date", required: false, input: false },
      },
    },
    account: { modelName: "staff_account" },
    verification: { modelName: "staff_verification" },
    // Our sign-in endpoint limits per client address (rate-limit.ts); the library's own limiter is in memory.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "staff",
      useSecureCookies: siteUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    telemetry: { enabled: false },
    // Wrong passwords are ours to count and audit (sign-in.ts); the library reports only its own failures.
    logger: { level: "error" },
    plugins: [
      twoFactor({
        issuer: TOTP_ISSUER,
        schema: { twoFactor: { modelName: "staff_two_factor" } },
        // Our lockout (five wrong passwords or codes, 15 minutes) comes first; this one is the library's backstop.
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      }),
    ],
  });
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;
