import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { type APIRequestContext, test as base, type Cookie, expect, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import pg from "pg";
import type { Role } from "../../staff/roles.ts";
import type { SampleName } from "../staff/sample-leads.ts";

/**
 * What the staff UI suite's tests share: the real server they run against (one per database, started by
 * playwright.staff.config.ts), what the seed project put in its store (seed.setup.ts), and the ways in that a
 * person has: the CLI's set-up link, the set-up and sign-in pages with a code computed from the shown key.
 */

const run = promisify(execFile);

/** The password of every account the suite sets up. */
export const PASSWORD = "a calm clinical inbox at night";

export interface StaffServer {
  database: "sqlite" | "postgres";
  origin: string;
  dataDir: string;
  /** PostgreSQL: DATABASE_URL with the run's own schema on the search path. */
  databaseUrl?: string;
  /** Where the seed project writes what it made (Seed). */
  seedFile: string;
}

export interface Account {
  email: string;
  name: string;
  role: Role;
  /** The authenticator's key, as the set-up page shows it (base32). */
  secret: string;
}

export interface Seed {
  accounts: Record<"admin" | "recruiter" | "sales", Account>;
  /** The seeded leads' ids, by the person's first name. */
  leads: Record<SampleName, string>;
}

let clients = 0;

type SeededRole = keyof Seed["accounts"];

export const test = base.extend<
  { signedInAs: (role: SeededRole) => Promise<void> },
  { server: StaffServer; seed: Seed; sessionOf: (role: SeededRole) => Promise<Cookie[]> }
>({
  server: [undefined as unknown as StaffServer, { option: true, scope: "worker" }],
  seed: [
    async ({ server }, use) => use(JSON.parse(readFileSync(server.seedFile, "utf8")) as Seed),
    { scope: "worker" },
  ],
  // One session per seeded account and worker, signed in through the API the first time a test asks for it. Each
  // sign-in of an account spends one 30-second authenticator step (withFreshCode), so tests about a page rather
  // than about signing in reuse these instead of each taking its turn at the sign-in page.
  sessionOf: [
    async ({ playwright, server, seed }, use, workerInfo) => {
      const sessions = new Map<SeededRole, Promise<Cookie[]>>();
      const signInAs = async (role: SeededRole) => {
        const account = seed.accounts[role];
        const session = await playwright.request.newContext({
          baseURL: server.origin,
          extraHTTPHeaders: { "X-Forwarded-For": `10.255.${workerInfo.workerIndex % 256}.1` },
        });
        try {
          const signedIn = await withFreshCode(account, (code) =>
            session.post("/api/staff/sign-in", {
              data: { email: account.email, password: PASSWORD, code },
              headers: { Origin: server.origin },
            }),
          );
          expect(signedIn.status(), `signing in as ${role}`).toBe(200);
          return (await session.storageState()).cookies;
        } finally {
          await session.dispose();
        }
      };
      await use((role) => {
        let cookies = sessions.get(role);
        if (!cookies) {
          cookies = signInAs(role);
          sessions.set(role, cookies);
        }
        return cookies;
      });
    },
    { scope: "worker" },
  ],
  signedInAs: async ({ context, sessionOf }, use) => {
    await use(async (role) => context.addCookies(await sessionOf(role)));
  },
  // Each test is a client of its own address: the server trusts X-Forwarded-For from loopback (TRUST_PROXY) and
  // counts sign-in attempts per address (20 in 5 minutes), so no test spends another's.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    clients += 1;
    await use({
      ...extraHTTPHeaders,
      "X-Forwarded-For": `10.${testInfo.workerIndex % 256}.${Math.floor(clients / 256) % 256}.${clients % 256}`,
    });
  },
});

export { expect };

/** The authenticator's current code, or the code of the 30-second step at `at`. */
export const codeOf = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

const TOTP_STEP_MS = 30_000;
/** A lock older than this was left by a worker that died holding it. */
const STALE_LOCK_MS = 120_000;

/** Takes the lock file `lock`, waiting while another process holds it. */
async function acquire(lock: string) {
  for (;;) {
    try {
      await writeFile(lock, String(process.pid), { flag: "wx" });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const since = await stat(lock).then(
      (held) => Date.now() - held.mtimeMs,
      () => 0,
    );
    if (since > STALE_LOCK_MS) await rm(lock, { force: true });
    await sleep(100);
  }
}

/**
 * Runs one sign-in of `account` with a code it has not signed in with: the server accepts each code once per
 * account, and the tests of every worker sign in with the seeded accounts. Their sign-ins take turns (a lock file
 * in the run's directory), each with a later step than the last: the current step's code, else the next one's,
 * else it waits for the step after. `attempt` must resolve once the server has answered.
 */
export async function withFreshCode<T>(account: Account, attempt: (code: string) => Promise<T>): Promise<T> {
  const runDir = process.env.E2E_STAFF_RUN_DIR;
  if (!runDir) throw new Error("E2E_STAFF_RUN_DIR is not set (playwright.staff.config.ts sets it)");
  const name = createHash("sha256").update(account.secret).digest("hex").slice(0, 16);
  const lock = path.join(runDir, `totp-${name}.lock`);
  const used = path.join(runDir, `totp-${name}.step`);
  await acquire(lock);
  try {
    const last = Number(await readFile(used, "utf8").catch(() => "-1"));
    const current = Math.floor(Date.now() / TOTP_STEP_MS);
    const step = Math.max(current, last + 1);
    if (step > current + 1) await sleep((step - 1) * TOTP_STEP_MS - Date.now() + 50);
    await writeFile(used, String(step));
    return await attempt(codeOf(account.secret, step * TOTP_STEP_MS + 1));
  } finally {
    await rm(lock, { force: true });
  }
}

/** A well-formed code the authenticator does not accept now (nor two periods either side). */
export function wrongCodeOf(secret: string): string {
  const authenticator = new TOTP({ secret: Secret.fromBase32(secret) });
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, "0");
    if (authenticator.validate({ token: code, window: 2 }) === null) return code;
  }
}

/**
 * One statement on the store the server serves, from beside it (`?` for each value), on SQLite or PostgreSQL:
 * the rows it read, or how many rows it changed. For what no page or endpoint shows (a lock's end, a session's
 * last activity).
 */
export async function onServedStore(
  server: StaffServer,
  statement: string,
  values: string[] = [],
): Promise<{ rows: Record<string, unknown>[]; changes: number }> {
  if (server.databaseUrl) {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      let placeholder = 0;
      const result = await client.query(
        statement.replaceAll("?", () => `$${++placeholder}`),
        values,
      );
      return { rows: result.rows, changes: result.rowCount ?? 0 };
    } finally {
      await client.end();
    }
  }
  // Opened beside the server, which has it open too: it waits while the server writes.
  const store = new DatabaseSync(path.join(server.dataDir, "leads.db"), { timeout: 5000 });
  try {
    const prepared = store.prepare(statement);
    if (/^\s*select/i.test(statement)) return { rows: prepared.all(...values), changes: 0 };
    return { rows: [], changes: Number(prepared.run(...values).changes) };
  } finally {
    store.close();
  }
}

/** A time the store gave back (an ISO string from SQLite, a Date from PostgreSQL) in milliseconds. */
export const timeOf = (value: unknown) => new Date(value as string | Date).getTime();

/** `npm run leads -- staff add` on the served store; returns the set-up link's path and query. */
export async function staffAdd(server: StaffServer, account: Omit<Account, "secret">): Promise<string> {
  const { stdout } = await run(
    "npm",
    [
      "run",
      "--silent",
      "leads",
      "--",
      "staff",
      "add",
      "--email",
      account.email,
      "--role",
      account.role,
      "--name",
      account.name,
    ],
    {
      env: {
        ...process.env,
        DATA_DIR: server.dataDir,
        DATABASE_URL: server.databaseUrl ?? "",
        SITE_URL: server.origin,
        LOG_LEVEL: "warn",
      },
    },
  );
  const link = new URL(stdout.trim().split("\n").at(-1) ?? "");
  expect(link.origin).toBe(server.origin);
  expect(link.pathname).toBe("/staff/setup");
  return `${link.pathname}${link.search}`;
}

/** An account from the CLI, set up through the API as the set-up page does it: a password, then a first code. */
export async function createAccount(
  request: APIRequestContext,
  server: StaffServer,
  account: Omit<Account, "secret">,
): Promise<Account> {
  const token = new URL(await staffAdd(server, account), server.origin).searchParams.get("token") ?? "";
  const headers = { Origin: server.origin };
  const chosen = await request.post("/api/staff/setup/password", {
    data: { token, password: PASSWORD },
    headers,
  });
  expect(chosen.status()).toBe(200);
  const { secret } = (await chosen.json()) as { secret: string };
  const confirmed = await request.post("/api/staff/setup/confirm", {
    data: { token, code: codeOf(secret) },
    headers,
  });
  expect(confirmed.status()).toBe(204);
  return { ...account, secret };
}

/**
 * The sign-in page, with the account's password and a code it has not used (withFreshCode) unless an attempt
 * gives others.
 */
export async function signIn(
  page: Page,
  account: Account,
  { next = "/staff", password = PASSWORD, code }: { next?: string; password?: string; code?: string } = {},
) {
  await page.goto(`/staff/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(password);
  // A wrong password or a code of the test's own uses up none of the account's codes.
  if (code !== undefined || password !== PASSWORD) {
    await page.getByLabel("Code from your authenticator app").fill(code ?? codeOf(account.secret));
    await page.getByRole("button", { name: "Sign in" }).click();
    return;
  }
  await withFreshCode(account, (fresh) => submitCode(page, fresh));
}

/** Types the code and sends the sign-in form, resolving once the server has answered it. */
export async function submitCode(page: Page, code: string) {
  await page.getByLabel("Code from your authenticator app").fill(code);
  const answered = page.waitForResponse(
    (response) => response.url().endsWith("/api/staff/sign-in") && response.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Sign in" }).click();
  await answered;
}

/** A lead through the public intake API, as a visitor's browser sends it; returns its id. */
export async function arrive(request: APIRequestContext, formId: string, fields: Record<string, string>) {
  const response = await request.post(`/api/leads/${formId}`, {
    form: fields,
    headers: { Accept: "application/json" },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A link of the staff navigation, its phone menu opened first when it is folded (narrow screens). */
export async function staffNavLink(page: Page, name: string) {
  const nav = page.getByRole("navigation", { name: "Staff" });
  await nav.waitFor();
  const menu = nav.getByRole("button", { name: /^Menu/ });
  if (await menu.isVisible()) {
    if ((await menu.getAttribute("aria-expanded")) !== "true") await menu.click();
  }
  return nav.getByRole("link", { name, exact: true });
}
