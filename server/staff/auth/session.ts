import type { StaffUser } from "../../../staff/api.ts";
import { isRole } from "../../../staff/roles.ts";
import type { StaffAuth } from "./auth.ts";
import { SESSION_ABSOLUTE_S } from "./auth.ts";

/** How often a busy session's last activity is written (so every request is not a write). */
const TOUCH_EVERY_MS = 60_000;

/**
 * The signed-in staff member behind a request, or null. better-auth finds the session from its cookie; here
 * the idle timeout (no request for `idleMs`) and the absolute one (12 h after sign-in) end it on the server,
 * and a disabled or not yet enrolled account has none.
 */
export function staffSessions(options: { auth: StaffAuth; idleMs: number; now: () => number }) {
  const { auth, idleMs, now } = options;
  return {
    async current(headers: Headers): Promise<{ user: StaffUser; token: string } | null> {
      const found = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
      if (!found) return null;
      const { session, user } = found;
      const at = now();
      const lastActive = new Date(session.updatedAt).getTime();
      const expired =
        at - lastActive > idleMs || at - new Date(session.createdAt).getTime() > SESSION_ABSOLUTE_S * 1000;
      if (expired || user.disabled || !user.twoFactorEnabled || !isRole(user.role)) {
        const ctx = await auth.$context;
        await ctx.internalAdapter.deleteSession(session.token);
        return null;
      }
      if (at - lastActive > TOUCH_EVERY_MS)
        await (await auth.$context).internalAdapter.updateSession(session.token, { updatedAt: new Date(at) });
      return {
        user: { id: user.id, email: user.email, name: user.name, role: user.role },
        token: session.token,
      };
    },
  };
}

export type StaffSessions = ReturnType<typeof staffSessions>;
