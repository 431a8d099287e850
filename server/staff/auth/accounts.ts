import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import type { ErrorCode } from "../../../staff/api.ts";
import { isRole, type Role } from "../../../staff/roles.ts";
import { truthy } from "../../store/queries/staff-accounts.ts";
import type { Store } from "../../store/store.ts";
import type { StaffAuth } from "./auth.ts";
import { cookieHeaderOf } from "./cookies.ts";
import { passwordProblem } from "./password-policy.ts";

export const SETUP_LINK_TTL_MS = 24 * 60 * 60 * 1000;

export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  /** The person has chosen a password and enrolled an authenticator. */
  enrolled: boolean;
}

/** A mistake the operator or the person can fix: the message says how. */
export class StaffError extends Error {
  readonly code: StaffErrorCode;
  constructor(code: StaffErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export type StaffErrorCode = Extract<
  ErrorCode,
  "not_found" | "exists" | "bad_email" | "bad_role" | "setup_link_invalid" | "weak_password" | "bad_code"
>;

const emailSchema = z.email();
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Staff accounts, shared by the operator CLI and the staff API: the operator adds people and resets them with a
 * one-time set-up link; the person chooses a password and enrols a TOTP authenticator through it. Passwords are
 * hashed by better-auth and the TOTP secret made and checked by its two-factor plugin.
 */
export function createStaffAccounts(deps: {
  store: Pick<Store, "staffAccounts" | "audit">;
  auth: StaffAuth;
  siteUrl: string;
  now?: () => number;
}) {
  const { auth, now = Date.now } = deps;
  const { staffAccounts: rows, audit } = deps.store;
  const origin = new URL(deps.siteUrl).origin;
  const context = () => auth.$context;

  const issueLink = async (userId: string) => {
    const token = randomBytes(32).toString("base64url");
    const at = now();
    await rows.issueSetupToken(userId, hashOf(token), at, at + SETUP_LINK_TTL_MS);
    return `${origin}/staff/setup?token=${token}`;
  };

  const findByEmail = async (email: string) => {
    const found = await (await context()).internalAdapter.findUserByEmail(email.trim());
    if (!found) throw new StaffError("not_found", `No staff account with the e-mail ${email.trim()}.`);
    return found.user;
  };

  /** Ends every session, removes the password and the authenticator: only a new set-up lets the person in. */
  const revokeCredentials = async (userId: string) => {
    const ctx = await context();
    await ctx.internalAdapter.deleteUserSessions(userId);
    await rows.removeCredentials(userId);
    await ctx.internalAdapter.updateUser(userId, {
      twoFactorEnabled: false,
      failedSignIns: 0,
      lockedUntil: null,
    });
  };

  /** The user a live set-up link belongs to, or null (unknown, used or expired). */
  const userOfToken = async (token: string) => {
    if (!token) return null;
    const row = await rows.liveSetupToken(hashOf(token), now());
    return row && !truthy(row.disabled) ? row : null;
  };
  const requireToken = async (token: string) => {
    const row = await userOfToken(token);
    if (!row) throw new StaffError("setup_link_invalid", "This set-up link is unknown, used or expired.");
    return row;
  };

  return {
    async add(input: { email: string; role: string; name?: string; actorId?: string | null }) {
      const email = input.email.trim().toLowerCase();
      if (!emailSchema.safeParse(email).success)
        throw new StaffError("bad_email", `"${input.email}" is not an e-mail address.`);
      if (!isRole(input.role))
        throw new StaffError("bad_role", "The role must be admin, recruiting or sales.");
      const ctx = await context();
      if (await ctx.internalAdapter.findUserByEmail(email))
        throw new StaffError("exists", `A staff account with the e-mail ${email} exists already.`);
      const user = await ctx.internalAdapter.createUser(
        {
          email,
          name: input.name?.trim() || email.split("@")[0] || email,
          emailVerified: true,
          role: input.role,
          disabled: false,
          failedSignIns: 0,
        },
        { method: "admin" },
      );
      await audit.record({
        actorId: input.actorId ?? null,
        action: "staff_added",
        detail: `${user.id} ${input.role}`,
      });
      return { id: user.id, link: await issueLink(user.id) };
    },

    async list(): Promise<StaffMember[]> {
      return (await rows.members()).map((member) => ({ ...member, role: member.role as Role }));
    },

    async setRole(email: string, role: string, actorId: string | null = null) {
      if (!isRole(role)) throw new StaffError("bad_role", "The role must be admin, recruiting or sales.");
      const user = await findByEmail(email);
      await (await context()).internalAdapter.updateUser(user.id, { role });
      await audit.record({ actorId, action: "staff_role_changed", detail: `${user.id} ${role}` });
    },

    async disable(email: string, actorId: string | null = null) {
      const user = await findByEmail(email);
      await (await context()).internalAdapter.updateUser(user.id, { disabled: true });
      await revokeCredentials(user.id);
      await rows.endSetupTokens(user.id, now());
      await audit.record({ actorId, action: "staff_disabled", detail: user.id });
    },

    /** A new set-up link; the person's sessions end and the old password and authenticator stop working. */
    async reset(email: string, actorId: string | null = null) {
      const user = await findByEmail(email);
      await (await context()).internalAdapter.updateUser(user.id, { disabled: false });
      await revokeCredentials(user.id);
      await audit.record({ actorId, action: "staff_reset", detail: user.id });
      return issueLink(user.id);
    },

    async inspectSetup(token: string) {
      const row = await requireToken(token);
      return { email: row.email };
    },

    /**
     * Sets the password and starts TOTP enrolment through the two-factor plugin; the link stays valid until
     * a first code confirms it. Choosing again (a new key) replaces the first attempt.
     */
    async choosePassword(token: string, password: string) {
      const row = await requireToken(token);
      const problem = await passwordProblem(password);
      if (problem) throw new StaffError("weak_password", problem);
      const ctx = await context();
      await revokeCredentials(row.id);
      const hash = await ctx.password.hash(password);
      if (await ctx.internalAdapter.findCredentialAccount(row.id))
        await ctx.internalAdapter.updatePassword(row.id, hash);
      else
        await ctx.internalAdapter.linkAccount({
          userId: row.id,
          providerId: "credential",
          accountId: row.id,
          password: hash,
        });
      // Enrolment needs a session of its own; it never reaches the browser and ends at confirmation.
      const signedIn = await auth.api.signInEmail({
        body: { email: row.email, password },
        returnHeaders: true,
      });
      const cookie = cookieHeaderOf(signedIn.headers);
      const enabled = await auth.api.enableTwoFactor({
        body: { password },
        headers: new Headers({ cookie }),
      });
      await rows.setEnrolCookie(row.token_hash, cookie);
      const totpUri = "totpURI" in enabled ? enabled.totpURI : "";
      return { totpUri, secret: new URL(totpUri).searchParams.get("secret") ?? "" };
    },

    /** The first code: TOTP is enabled, the link is used, and no session is left (the person signs in). */
    async confirmSetup(token: string, code: string) {
      const row = await requireToken(token);
      if (!row.enrol_cookie) throw new StaffError("bad_code", "Choose a password first.");
      try {
        await auth.api.verifyTOTP({ body: { code }, headers: new Headers({ cookie: row.enrol_cookie }) });
      } catch {
        throw new StaffError("bad_code", "That code is not right. Enter the current code from your app.");
      }
      if (!(await rows.consumeSetupToken(row.token_hash, now())))
        throw new StaffError("setup_link_invalid", "This set-up link is unknown, used or expired.");
      await (await context()).internalAdapter.deleteUserSessions(row.id);
      await audit.record({ actorId: row.id, action: "setup_completed" });
    },
  };
}

export type StaffAccounts = ReturnType<typeof createStaffAccounts>;
