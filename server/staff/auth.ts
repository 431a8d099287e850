import { betterAuth } from "better-auth";
import { twoFactor } from "better-auth/plugins/two-factor";
import type { Kysely } from "kysely";
import { ROLES } from "../../staff/roles.ts";
import type { StoreDialect } from "../store/lead-store.ts";

/** Sessions end 12 h after sign-in whatever the activity (the idle timeout is checked in session.ts). */
export const SESSION_ABSOLUTE_S = 12 * 60 * 60;
export const STAFF_AUTH_PATH = "/api/staff/auth";
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
const TOTP_ISSUER = "Staff inbox";

export interface StaffAuthOptions {
  db: Kysely<unknown>;
  dialect: StoreDialect;
  siteUrl: string;
  /** Signs cookies and encrypts the TOTP secrets at rest (staff_secret, see secret.ts). */
  secret: string;
}

/**
 * better-auth on our Kysely instance, with our own table names (staff_*), e-mail and password sign-in without
 * public sign-up, and the two-factor plugin for TOTP. Accounts are made by the operator (cli.ts); the HTTP
 * endpoints people use are the contract's (auth-api.ts), which add the lockout, the rate limit and the audit.
 */
export function createStaffAuth({ db, dialect, siteUrl, secret }: StaffAuthOptions) {
  return betterAuth({
    appName: TOTP_ISSUER,
    baseURL: new URL(siteUrl).origin,
    basePath: STAFF_AUTH_PATH,
    secret,
    database: { db, type: dialect },
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
