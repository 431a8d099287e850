import { afterEach, describe, expect, it } from "vitest";
import {
  openStaffHarness,
  PASSWORD,
  type StaffHarness,
  totpNow,
} from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import { SIGN_IN_ATTEMPTS_PER_WINDOW } from "./auth-handlers.ts";
import { LOCK_AFTER_FAILURES, LOCK_MS } from "./sign-in.ts";

const MINUTE = 60_000;
if (!DIALECTS.includes("postgres"))
  describe.skip("postgres (set DATABASE_URL to run)", () => it("skipped", () => undefined));

const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";

describe.each(DIALECTS)("staff sign-in and sessions on %s", (dialect) => {
  let h: StaffHarness;
  const open = async (env: Record<string, string> = {}) => {
    h = await openStaffHarness(dialect, env);
    return h;
  };
  afterEach(async () => {
    await h?.close();
  });

  it("sets up from the operator's link: a strong password, then a first TOTP code, once", async () => {
    await open();
    const { link } = await h.accounts.add({ email: "Nurse.Lead@Staff.example", role: "recruiting" });
    expect(link).toMatch(/^https:\/\/inbox\.northwind\.example\/staff\/setup\?token=[\w-]{43}$/);
    const token = tokenOf(link);
    const seen = await h.request(`/setup?token=${token}`);
    expect(seen.status).toBe(200);
    expect(await seen.json()).toEqual({ email: "nurse.lead@staff.example" });

    const short = await h.request("/setup/password", {
      method: "POST",
      json: { token, password: "short pass" },
    });
    expect(short.status).toBe(422);
    expect(await short.json()).toEqual({ error: "weak_password", message: "Use at least 12 characters." });
    const common = await h.request("/setup/password", {
      method: "POST",
      json: { token, password: "Qwerty123456" },
    });
    expect(common.status).toBe(422);
    expect(((await common.json()) as { message: string }).message).toMatch(/most common passwords/);

    const chosen = await h.request("/setup/password", {
      method: "POST",
      json: { token, password: PASSWORD },
    });
    expect(chosen.status).toBe(200);
    const { totpUri, secret } = (await chosen.json()) as { totpUri: string; secret: string };
    expect(totpUri).toMatch(/^otpauth:\/\/totp\//);
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    // Password alone opens nothing before the authenticator is confirmed.
    const early = await h.request("/sign-in", {
      method: "POST",
      json: { email: "nurse.lead@staff.example", password: PASSWORD, code: totpNow(totpUri) },
    });
    expect(early.status).toBe(401);

    const wrong = await h.request("/setup/confirm", { method: "POST", json: { token, code: "000000" } });
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as { error: string }).error).toBe("bad_code");
    const confirmed = await h.request("/setup/confirm", {
      method: "POST",
      json: { token, code: totpNow(totpUri) },
    });
    expect(confirmed.status).toBe(204);
    expect(confirmed.headers.getSetCookie()).toEqual([]);

    // Single use: the link is spent.
    expect((await h.request(`/setup?token=${token}`)).status).toBe(410);
    const again = await h.request("/setup/password", { method: "POST", json: { token, password: PASSWORD } });
    expect(again.status).toBe(410);
    expect(((await again.json()) as { error: string }).error).toBe("setup_link_invalid");

    const signedIn = await h.signIn("nurse.lead@staff.example", totpUri);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toEqual({
      user: {
        id: expect.any(String),
        email: "nurse.lead@staff.example",
        name: "nurse.lead",
        role: "recruiting",
      },
    });
  });

  it("refuses a set-up link after 24 hours, and an unknown one", async () => {
    await open();
    const { link } = await h.accounts.add({ email: "late@staff.example", role: "sales" });
    h.advance(24 * 60 * MINUTE + 1000);
    const late = await h.request(`/setup?token=${tokenOf(link)}`);
    expect(late.status).toBe(410);
    expect(((await late.json()) as { error: string }).error).toBe("setup_link_invalid");
    expect((await h.request("/setup?token=made-up")).status).toBe(410);
  });

  it("signs in with password and code into an HttpOnly, SameSite=Lax, Secure cookie; one answer for every mistake", async () => {
    await open();
    const admin = await h.addStaff("admin", "admin@staff.example");
    const response = await h.signIn(admin.email, admin.totpUri);
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((value) => value.includes("session_token="));
    expect(cookie).toMatch(/^__Secure-staff\.session_token=/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Secure/i);

    const answers = await Promise.all([
      h.request("/sign-in", {
        method: "POST",
        json: { email: admin.email, password: "not the password at all", code: totpNow(admin.totpUri) },
      }),
      h.request("/sign-in", {
        method: "POST",
        json: { email: admin.email, password: PASSWORD, code: "123456" },
      }),
      h.request("/sign-in", {
        method: "POST",
        json: { email: "nobody@staff.example", password: PASSWORD, code: totpNow(admin.totpUri) },
      }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual({
        error: "bad_credentials",
        message: "E-mail, password or code is wrong.",
      });
      expect(answer.headers.getSetCookie().some((value) => /session_token=[^;]/.test(value))).toBe(false);
    }
  });

  it(`locks an account for 15 minutes after ${LOCK_AFTER_FAILURES} wrong attempts`, async () => {
    await open();
    const person = await h.addStaff("sales", "seller@staff.example");
    const wrong = () =>
      h.request("/sign-in", {
        method: "POST",
        json: { email: person.email, password: PASSWORD, code: "000000" },
      });
    for (let attempt = 1; attempt < LOCK_AFTER_FAILURES; attempt++) expect((await wrong()).status).toBe(401);
    const locking = await wrong();
    expect(locking.status).toBe(423);
    expect(await locking.json()).toEqual({
      error: "locked",
      message: "Too many wrong attempts: this account is locked for 15 minutes.",
    });
    // The right password and code do not help while it is locked.
    expect((await h.signIn(person.email, person.totpUri)).status).toBe(423);
    h.advance(LOCK_MS - MINUTE);
    expect((await h.signIn(person.email, person.totpUri)).status).toBe(423);
    h.advance(2 * MINUTE);
    expect((await h.signIn(person.email, person.totpUri)).status).toBe(200);

    const actions = (await h.db.selectFrom("staff_audit").select("action").execute()).map(
      (row) => row.action,
    );
    expect(actions).toContain("locked");
    expect(actions.filter((action) => action === "sign_in_failed").length).toBeGreaterThanOrEqual(
      LOCK_AFTER_FAILURES - 1,
    );
  });

  it("rate limits sign-in per client address", async () => {
    await open();
    const attempt = () =>
      h.request("/sign-in", { method: "POST", json: { email: "x@staff.example", password: "p", code: "1" } });
    for (let count = 0; count < SIGN_IN_ATTEMPTS_PER_WINDOW; count++)
      expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: string }).error).toBe("rate_limited");
  });

  it("ends a session after STAFF_IDLE_MINUTES without a request, and keeps a busy one", async () => {
    await open({ STAFF_IDLE_MINUTES: "30" });
    const person = await h.addStaff("admin");
    h.advance(20 * MINUTE);
    expect((await h.request("/me", { cookie: person.cookie })).status).toBe(200);
    h.advance(20 * MINUTE);
    expect((await h.request("/me", { cookie: person.cookie })).status).toBe(200);
    h.advance(31 * MINUTE);
    const expired = await h.request("/me", { cookie: person.cookie });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ error: "unauthenticated", message: "Sign in to continue." });
    // Ended on the server: no session row is left for it.
    const sessions = await h.db
      .selectFrom("staff_session")
      .select("id")
      .where("userId", "=", person.id)
      .execute();
    expect(sessions).toEqual([]);
  });

  it("ends every session 12 hours after sign-in, however busy", async () => {
    await open({ STAFF_IDLE_MINUTES: "720" });
    const person = await h.addStaff("admin");
    h.advance(11 * 60 * MINUTE);
    expect((await h.request("/me", { cookie: person.cookie })).status).toBe(200);
    h.advance(61 * MINUTE);
    expect((await h.request("/me", { cookie: person.cookie })).status).toBe(401);
  });

  it("signs out on the server: the old cookie opens nothing afterwards", async () => {
    await open();
    const person = await h.addStaff("recruiting");
    expect((await h.request("/me", { cookie: person.cookie })).status).toBe(200);
    const out = await h.request("/sign-out", { method: "POST", cookie: person.cookie });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().join("\n")).toMatch(/session_token=;.*Max-Age=0/i);
    expect((await h.request("/me", { cookie: person.cookie })).status).toBe(401);
  });

  it("refuses a state change from another origin, or with no sign of its origin", async () => {
    await open();
    const person = await h.addStaff("admin");
    const evil = await h.request("/sign-out", {
      method: "POST",
      cookie: person.cookie,
      headers: { Origin: "https://evil.example" },
    });
    expect(evil.status).toBe(403);
    expect(await evil.json()).toEqual({
      error: "bad_origin",
      message: "This request did not come from the staff inbox.",
    });
    const crossSite = await h.request("/sign-out", {
      method: "POST",
      cookie: person.cookie,
      headers: { "X-No-Origin": "1", "Sec-Fetch-Site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    const bare = await h.request("/sign-out", {
      method: "POST",
      cookie: person.cookie,
      headers: { "X-No-Origin": "1" },
    });
    expect(bare.status).toBe(403);
    const sameSite = await h.request("/sign-out", {
      method: "POST",
      cookie: person.cookie,
      headers: { "X-No-Origin": "1", "Sec-Fetch-Site": "same-site" },
    });
    expect(sameSite.status).toBe(403);
    // None of them ended the session.
    expect((await h.request("/me", { cookie: person.cookie })).status).toBe(200);
    const sameOrigin = await h.request("/sign-out", {
      method: "POST",
      cookie: person.cookie,
      headers: { "X-No-Origin": "1", "Sec-Fetch-Site": "same-origin" },
    });
    expect(sameOrigin.status).toBe(204);
  });

  it("reset and disable end a person's sessions; the old password no longer signs in", async () => {
    await open();
    const person = await h.addStaff("sales", "reset-me@staff.example");
    const link = await h.accounts.reset(person.email);
    expect(link).toMatch(/\/staff\/setup\?token=/);
    expect((await h.request("/me", { cookie: person.cookie })).status).toBe(401);
    expect((await h.signIn(person.email, person.totpUri)).status).toBe(401);

    const other = await h.addStaff("sales", "leaver@staff.example");
    await h.accounts.disable(other.email);
    expect((await h.request("/me", { cookie: other.cookie })).status).toBe(401);
    expect((await h.signIn(other.email, other.totpUri)).status).toBe(401);
  });

  it("serves none of better-auth's own sign-in, sign-up or two-factor routes, so nothing bypasses the lockout", async () => {
    await open();
    const person = await h.addStaff("admin", "direct@staff.example");
    for (const [pathname, body] of [
      ["/auth/sign-in/email", { email: person.email, password: PASSWORD }],
      ["/auth/sign-up/email", { email: "new@staff.example", password: PASSWORD, name: "New" }],
      ["/auth/two-factor/verify-totp", { code: totpNow(person.totpUri) }],
    ] as const) {
      const response = await h.request(pathname, { method: "POST", cookie: person.cookie, json: body });
      expect(response.status).toBe(404);
    }
    const session = await h.request("/auth/get-session", { cookie: person.cookie });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(person.email);
    expect((await h.request("/auth/get-session")).status).toBe(401);
  });

  it("answers no-store and noindex everywhere, errors included", async () => {
    await open();
    for (const response of [
      await h.request("/me"),
      await h.request("/leads"),
      await h.request("/setup?token=x"),
      await h.request("/sign-in", { method: "POST", json: {} }),
      await h.request("/sign-in", { method: "POST", headers: { Origin: "https://evil.example" } }),
    ]) {
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    }
  });
});
