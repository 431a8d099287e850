import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MINIMAL_BUILD_DIR, type ServerProcess, startServer } from "../../../test-support/server-process.ts";
import { PASSWORD, totpNow } from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import { databaseFixture } from "../../../test-support/vitest-fixtures.ts";
import { runCli } from "../../cli.ts";

const SITE_URL = "http://localhost:3000";
const STAFF_EMAIL = "first.admin@staff.example";
const LEAD_EMAIL = "grace@example.com";

/** The real server process: the staff API is mounted, speaks HTTP, and logs ids only. */
describe.each(DIALECTS)("staff API in the real server on %s", (dialect) => {
  const database = databaseFixture(dialect, "staff-server");
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer({
      ...database.env,
      BUILD_DIR: MINIMAL_BUILD_DIR,
      SITE_URL,
      RELAY_ENABLED: "false",
      RATE_LIMIT_PER_MINUTE: "0",
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const call = (
    pathname: string,
    init: { method?: string; json?: unknown; cookie?: string; origin?: string } = {},
  ) =>
    fetch(`${server.url}${pathname}`, {
      method: init.method ?? "GET",
      headers: {
        Origin: init.origin ?? SITE_URL,
        ...(init.json !== undefined && { "Content-Type": "application/json" }),
        ...(init.cookie && { Cookie: init.cookie }),
      },
      ...(init.json !== undefined && { body: JSON.stringify(init.json) }),
    });

  it("sets up from the CLI's link, signs in over HTTP, serves the inbox and signs out", async () => {
    const out: string[] = [];
    const added = await runCli(["staff", "add", "--email", STAFF_EMAIL, "--role", "admin"], {
      out: (line) => out.push(line),
      err: () => undefined,
      env: { ...database.env, SITE_URL, LOG_LEVEL: "silent" },
    });
    expect(added).toBe(0);
    const token = new URL(out.at(-1) ?? "").searchParams.get("token") ?? "";

    const chosen = await call("/api/staff/setup/password", {
      method: "POST",
      json: { token, password: PASSWORD },
    });
    expect(chosen.status).toBe(200);
    const { totpUri } = (await chosen.json()) as { totpUri: string };
    const confirmed = await call("/api/staff/setup/confirm", {
      method: "POST",
      json: { token, code: totpNow(totpUri) },
    });
    expect(confirmed.status).toBe(204);

    const signIn = await call("/api/staff/sign-in", {
      method: "POST",
      json: { email: STAFF_EMAIL, password: PASSWORD, code: totpNow(totpUri) },
    });
    expect(signIn.status).toBe(200);
    const setCookie = signIn.headers.getSetCookie().find((value) => value.includes("session_token=")) ?? "";
    // Over http (SITE_URL), the cookie is not Secure and has no __Secure- prefix.
    expect(setCookie).toMatch(/^staff\.session_token=[^;]+; /);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
    const cookie = setCookie.split(";")[0] ?? "";

    const lead = await fetch(`${server.url}/api/leads/chartassist-demo`, {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams({ name: "Grace Hopper", email: LEAD_EMAIL, company: "Navy" }),
    });
    expect(lead.status).toBe(201);
    const { id } = (await lead.json()) as { id: string };

    const list = await call("/api/staff/leads", { cookie });
    expect(list.status).toBe(200);
    expect(list.headers.get("Cache-Control")).toBe("no-store");
    expect(list.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(((await list.json()) as { leads: { id: string }[] }).leads.map((row) => row.id)).toEqual([id]);
    expect((await call(`/api/staff/leads/${id}`, { cookie })).status).toBe(200);

    const forged = await call("/api/staff/sign-out", {
      method: "POST",
      cookie,
      origin: "https://evil.example",
    });
    expect(forged.status).toBe(403);
    expect((await call("/api/staff/me", { cookie })).status).toBe(200);
    expect((await call("/api/staff/sign-out", { method: "POST", cookie })).status).toBe(204);
    expect((await call("/api/staff/me", { cookie })).status).toBe(401);

    // Logs carry ids, never the lead's or the staff member's address.
    const logs = server.logs();
    expect(logs).toContain('"msg":"staff upkeep"');
    expect(logs).toContain(id);
    expect(logs).not.toContain(LEAD_EMAIL);
    expect(logs).not.toContain(STAFF_EMAIL);
  });
});
