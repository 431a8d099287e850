import { APIError } from "better-auth/api";
import type { StaffUser } from "../../../staff/api.ts";
import { isRole } from "../../../staff/roles.ts";
import type { Store } from "../../store/store.ts";
import type { StaffAuth } from "./auth.ts";
import { cookieHeaderOf } from "./cookies.ts";
import { stepOfCode, totpKeyOf } from "./totp-steps.ts";

export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MS = 15 * 60 * 1000;

export type SignInOutcome =
  | { kind: "signed-in"; user: StaffUser; cookies: string[] }
  | { kind: "refused" }
  | { kind: "locked" };

const refusedByLibrary = (error: unknown) => error instanceof APIError;

/**
 * Password and TOTP code in one step, by better-auth: its e-mail sign-in checks the password and (the account
 * having two-factor) hands back the plugin's challenge cookie, which its TOTP check turns into a session. Around
 * it: a code is accepted once per account (a used one is refused as a wrong one is), five wrong attempts in a
 * row (password or code) lock the account for 15 minutes, and every outcome is audited by account id.
 */
export function createSignIn(deps: {
  auth: StaffAuth;
  store: Pick<Store, "staffAccounts" | "audit">;
  now: () => number;
}) {
  const { auth, now } = deps;
  const { staffAccounts, audit } = deps.store;

  const recordFailure = async (userId: string): Promise<SignInOutcome> => {
    if ((await staffAccounts.countFailedSignIn(userId)) < LOCK_AFTER_FAILURES) {
      await audit.record({ actorId: userId, action: "sign_in_failed" });
      return { kind: "refused" };
    }
    const ctx = await auth.$context;
    await ctx.internalAdapter.updateUser(userId, {
      failedSignIns: 0,
      lockedUntil: new Date(now() + LOCK_MS),
    });
    await audit.record({
      actorId: userId,
      action: "locked",
      detail: `${LOCK_AFTER_FAILURES} failed attempts`,
    });
    return { kind: "locked" };
  };

  return async function signIn(email: string, password: string, code: string): Promise<SignInOutcome> {
    const ctx = await auth.$context;
    const user = (await ctx.internalAdapter.findUserByEmail(email.trim()))?.user as
      | (Record<string, unknown> & { id: string; email: string; name: string })
      | undefined;
    if (user?.lockedUntil && new Date(user.lockedUntil as string | Date).getTime() > now()) {
      await audit.record({ actorId: user.id, action: "sign_in_failed", detail: "locked" });
      return { kind: "locked" };
    }
    if (!user || user.disabled || !user.twoFactorEnabled || !isRole(user.role)) {
      // As long as a real check, so the answer's time does not tell which accounts exist.
      await ctx.password.hash(password);
      if (user) return recordFailure(user.id);
      await audit.record({ actorId: null, action: "sign_in_failed" });
      return { kind: "refused" };
    }

    let challenge: string;
    try {
      const first = await auth.api.signInEmail({
        body: { email: user.email, password },
        returnHeaders: true,
      });
      challenge = cookieHeaderOf(first.headers);
      const answer = first.response as { twoFactorRedirect?: boolean; token?: string | null };
      if (!answer.twoFactorRedirect) {
        // Never a session without the second factor.
        if (answer.token) await ctx.internalAdapter.deleteSession(answer.token);
        return recordFailure(user.id);
      }
    } catch (error) {
      if (refusedByLibrary(error)) return recordFailure(user.id);
      throw error;
    }
    // Before the plugin checks the code: its step must be later than the last one the account signed in with,
    // claimed in the store, so of two sign-ins with one code (on any instances) one goes on. The plugin checks
    // codes against the real clock, so this does too.
    const key = await totpKeyOf(auth, user.id);
    const step = key ? stepOfCode(key, code, Date.now()) : null;
    if (step !== null && !(await staffAccounts.claimTotpStep(user.id, step))) return recordFailure(user.id);
    let cookies: string[];
    try {
      const second = await auth.api.verifyTOTP({
        body: { code },
        headers: new Headers({ cookie: challenge }),
        returnHeaders: true,
      });
      cookies = second.headers.getSetCookie();
    } catch (error) {
      if (refusedByLibrary(error)) return recordFailure(user.id);
      throw error;
    }
    await ctx.internalAdapter.updateUser(user.id, { failedSignIns: 0, lockedUntil: null });
    await audit.record({ actorId: user.id, action: "sign_in" });
    return {
      kind: "signed-in",
      user: { id: user.id, email: user.email, name: user.name, role: user.role },
      cookies,
    };
  };
}
