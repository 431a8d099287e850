import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { landed, submitDemo } from "./visitor.ts";

// Issue 13 against the real built server and its store: accounts from the operator CLI, set-up and TOTP
// enrolment in the browser (codes computed here from the key the page shows), sign-in, work on a lead that
// came in through the public intake API, role separation in the UI and the API, and sign-out.

const run = promisify(execFile);
const PASSWORD = "a calm clinical inbox at night";
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.skip(
  ({ viewport }) => (viewport?.width ?? 0) < 1024,
  "the flows are the same at 390 px (axe runs at both)",
);

// Pointer presses that follow a typed field, without smooth scrolling: see forms.spec.ts.
test.use({ reducedMotion: "reduce" });

// Each test is a whole working session: an account from the CLI, set-up, sign-in (password hashing on both),
// then the work. One at a time, with the time such a session takes on a 2-core machine.
test.describe.configure({ mode: "serial", timeout: 90_000 });

/** `npm run leads -- staff add` in the served store; returns the set-up link's path (its last line). */
async function staffAdd(baseURL: string, email: string, role: "admin" | "recruiting" | "sales") {
  const { stdout } = await run(
    process.execPath,
    ["server/cli.ts", "staff", "add", "--email", email, "--role", role],
    { env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, SITE_URL: baseURL, DATABASE_URL: "" } },
  );
  const link = new URL(stdout.trim().split("\n").at(-1) ?? "");
  expect(link.origin).toBe(baseURL);
  expect(link.pathname).toBe("/staff/setup");
  return `${link.pathname}${link.search}`;
}

/** Sets up the account from its link; returns its authenticator, made from the key the page shows. */
async function setUp(page: Page, setupPath: string) {
  await page.goto(setupPath);
  await page.getByLabel("New password").fill(PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Can't scan? Enter this key")).toBeVisible();
  const key = (await page.getByTestId("totp-key").textContent())?.replaceAll(/\s/g, "") ?? "";
  const authenticator = new TOTP({ secret: Secret.fromBase32(key) });
  await page.getByLabel("Code from your authenticator app").fill(authenticator.generate());
  await page.getByRole("button", { name: "Confirm and finish" }).click();
  await expect(page.getByText("Your account is ready")).toBeVisible();
  return authenticator;
}

/** The sign-in form, with the account's password and current code unless an attempt gives others. */
async function signIn(
  page: Page,
  email: string,
  authenticator: TOTP,
  { next = "/staff", password = PASSWORD, code = authenticator.generate() } = {},
) {
  await page.goto(`/staff/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Code from your authenticator app").fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** A well-formed code the authenticator does not accept now (nor two periods either side). */
function wrongCode(authenticator: TOTP) {
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, "0");
    if (authenticator.validate({ token: code, window: 2 }) === null) return code;
  }
}

/** The served SQLite store, opened beside the server (it waits while the server writes). */
function servedStore() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  return new DatabaseSync(path.join(dataDir, "leads.db"), { timeout: 5000 });
}

/** A lead through the public intake API, as a visitor's browser sends it. */
async function postLead(request: APIRequestContext, formId: string, form: Record<string, string>) {
  const response = await request.post(`/api/leads/${formId}`, {
    form,
    headers: { Accept: "application/json" },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test("an admin set up from the CLI link works a lead from the intake and signs out", async ({
  page,
  baseURL,
}) => {
  const email = `admin-${unique()}@example.com`;
  const authenticator = await setUp(page, await staffAdd(baseURL ?? "", email, "admin"));
  const name = `Dana ${unique()}`;
  const id = await postLead(page.request, "chartassist-demo", {
    name,
    email: `${unique()}@example.com`,
    company: "Sunrise SNF",
  });

  await signIn(page, email, authenticator);
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await page.getByRole("link", { name }).click();
  await expect(page).toHaveURL(`/staff/leads/${id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Sunrise SNF")).toBeVisible();

  await page.getByLabel("Current status").selectOption("Contacted");
  await expect(page.getByText("changed the status from New to Contacted")).toBeVisible();

  // Stored, not only shown: the API reads it back from the store.
  const lead = await page.request.get(`/api/staff/leads/${id}`);
  expect(lead.headers()["cache-control"]).toBe("no-store");
  const body = (await lead.json()) as { lead: { status: string } };
  expect(body.lead.status).toBe("Contacted");

  // A forged cross-origin change is refused, whatever the cookie.
  const forged = await page.request.patch(`/api/staff/leads/${id}`, {
    data: { status: "Won" },
    headers: { Origin: "https://evil.example" },
  });
  expect(forged.status()).toBe(403);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/staff\/sign-in/);
  expect((await page.request.get("/api/staff/me")).status()).toBe(401);
});

test("a recruiter sees applications only: a demo lead is not found, in the page and the API", async ({
  page,
  baseURL,
}) => {
  const email = `recruiter-${unique()}@example.com`;
  const authenticator = await setUp(page, await staffAdd(baseURL ?? "", email, "recruiting"));
  const demo = await postLead(page.request, "careworks-demo", {
    name: `Demo ${unique()}`,
    email: `${unique()}@example.com`,
  });
  const applicant = `Marisol ${unique()}`;
  await postLead(page.request, "nurse-application", {
    firstName: applicant,
    lastName: "Vega",
    email: `${unique()}@example.com`,
    consent: "on",
  });

  await signIn(page, email, authenticator);
  await expect(page.getByRole("link", { name: new RegExp(applicant) })).toBeVisible();
  await page.goto(`/staff/leads/${demo}`);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  for (const url of [`/api/staff/leads/${demo}`, `/api/staff/leads/${demo}/resume`]) {
    expect((await page.request.get(url)).status(), url).toBe(404);
  }
  const csv = await (await page.request.get("/api/staff/export.csv")).text();
  expect(csv).toContain(applicant);
  expect(csv).not.toContain(demo);
});

test("erase removes the person's leads and leaves an audit entry without the address", async ({
  page,
  baseURL,
}) => {
  const email = `admin-${unique()}@example.com`;
  const authenticator = await setUp(page, await staffAdd(baseURL ?? "", email, "admin"));
  const person = `erase-${unique()}@example.com`;
  const id = await postLead(page.request, "payroll-info", { name: "Erin Erase", email: person });
  await signIn(page, email, authenticator);
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await page.goto("/staff/erase");
  await page.getByLabel("E-mail address").fill(person);
  await page.getByRole("button", { name: "Show what will be erased" }).click();
  await page.getByRole("button", { name: "Erase 1 lead for good" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Erased 1 lead" })).toBeVisible();

  expect((await page.request.get(`/api/staff/leads/${id}`)).status()).toBe(404);
  const audit = await (await page.request.get("/api/staff/audit")).text();
  expect(audit).toContain("erase");
  expect(audit).not.toContain(person);
  const resumes = path.join(process.env.E2E_DATA_DIR ?? "", "resumes");
  if (existsSync(resumes)) expect(readdirSync(resumes).filter((file) => file.startsWith(id))).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
});

// The sign-in endpoint also limits each client address to 20 attempts in 5 minutes (staff-api.ts), counted in
// the server's memory for the whole run: this file makes about a dozen, and the assertions below name the
// lockout's own message, never the rate limit's ("Too many sign-in attempts from here").
test("five wrong attempts lock the account for 15 minutes, even against the right code; others still sign in", async ({
  page,
  baseURL,
}) => {
  const email = `locked-${unique()}@example.com`;
  const colleague = `colleague-${unique()}@example.com`;
  const authenticator = await setUp(page, await staffAdd(baseURL ?? "", email, "sales"));
  const colleagueAuthenticator = await setUp(page, await staffAdd(baseURL ?? "", colleague, "sales"));
  const alert = page.getByRole("alert");
  const refused = "E-mail, password or code is wrong.";
  const locked =
    "Too many wrong attempts: this account is locked for 15 minutes. Ask an admin if you need in sooner.";

  // Wrong passwords and wrong codes both count: four are refused, the fifth locks.
  const attempts = [
    { password: `${PASSWORD} but wrong` },
    { password: `${PASSWORD} but wrong` },
    { code: wrongCode(authenticator) },
    { password: `${PASSWORD} but wrong` },
  ];
  for (const attempt of attempts) {
    await signIn(page, email, authenticator, attempt);
    await expect(alert).toHaveText(refused);
  }
  const lockedAt = Date.now();
  await signIn(page, email, authenticator, { code: wrongCode(authenticator) });
  await expect(alert).toHaveText(locked);

  // Now the right password and the current code are refused too, and no session was made.
  await signIn(page, email, authenticator);
  await expect(alert).toHaveText(locked);
  await expect(page).toHaveURL(/\/staff\/sign-in\?/);
  expect((await page.request.get("/api/staff/me")).status()).toBe(401);

  // For 15 minutes from the fifth attempt, as stored.
  const store = servedStore();
  const row = store.prepare('SELECT "lockedUntil" FROM staff_user WHERE email = ?').get(email);
  store.close();
  const until = Date.parse(String(row?.lockedUntil));
  expect(until - lockedAt).toBeGreaterThan(14 * 60_000);
  expect(until - Date.now()).toBeLessThanOrEqual(15 * 60_000);

  // The lock is the account's: another account signs in from the same browser.
  await signIn(page, colleague, colleagueAuthenticator);
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
});

test("a session with no request for STAFF_IDLE_MINUTES (30) ends on the server", async ({
  page,
  baseURL,
}) => {
  const email = `idle-${unique()}@example.com`;
  const authenticator = await setUp(page, await staffAdd(baseURL ?? "", email, "sales"));
  const name = `Ida ${unique()}`;
  const id = await postLead(page.request, "chartassist-demo", {
    name,
    email: `${unique()}@example.com`,
    company: "Lakeside Rehab",
  });
  // The lead page does not poll, so nothing but this test's requests touches the session.
  await signIn(page, email, authenticator, { next: `/staff/leads/${id}` });
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // The session's last activity is its row's updatedAt (session.ts); moved back as if nothing came for a while.
  const lastActivity = () => {
    const store = servedStore();
    const rows = store
      .prepare(
        'SELECT s."updatedAt" AS at FROM staff_session s JOIN staff_user u ON u.id = s."userId" WHERE u.email = ?',
      )
      .all(email);
    store.close();
    return rows.map((row) => Date.parse(String(row.at)));
  };
  const idleFor = (minutes: number) => {
    const store = servedStore();
    const moved = store
      .prepare(
        'UPDATE staff_session SET "updatedAt" = ? WHERE "userId" = (SELECT id FROM staff_user WHERE email = ?)',
      )
      .run(new Date(Date.now() - minutes * 60_000).toISOString(), email);
    store.close();
    expect(moved.changes).toBe(1);
  };

  // 29 minutes idle: still signed in, and that request is activity again.
  idleFor(29);
  const before = Date.now();
  expect((await page.request.get("/api/staff/me")).status()).toBe(200);
  expect(lastActivity()[0]).toBeGreaterThanOrEqual(before - 1000);

  // 31 minutes idle: the next navigation goes to sign-in, with this page as where to return.
  idleFor(31);
  await page.goto(`/staff/leads/${id}`);
  await expect(page).toHaveURL(`/staff/sign-in?next=${encodeURIComponent(`/staff/leads/${id}`)}`);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();

  // The browser still sends its cookie; the server has deleted the session behind it.
  const cookies = await page.context().cookies();
  expect(cookies.map((cookie) => cookie.name)).toContain("staff.session_token");
  expect((await page.request.get("/api/staff/me")).status()).toBe(401);
  expect((await page.request.get(`/api/staff/leads/${id}`)).status()).toBe(401);
  expect(lastActivity()).toEqual([]);
});

test("on a lead's page, status, assignee and a note show in its history with who and when", async ({
  page,
  baseURL,
}) => {
  const stamp = unique();
  const email = `admin-${stamp}@example.com`;
  const colleague = `sales-${stamp}@example.com`;
  // Accounts made by the CLI are named after their address.
  const [adminName, colleagueName] = [`admin-${stamp}`, `sales-${stamp}`];
  const authenticator = await setUp(page, await staffAdd(baseURL ?? "", email, "admin"));
  await setUp(page, await staffAdd(baseURL ?? "", colleague, "sales"));
  const name = `Noor ${unique()}`;
  const id = await postLead(page.request, "careworks-demo", { name, email: `${unique()}@example.com` });

  await signIn(page, email, authenticator, { next: `/staff/leads/${id}` });
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const history = page.getByRole("region", { name: "History" }).getByRole("listitem");
  const notes = page.getByRole("region", { name: "Notes" });

  await page.getByLabel("Current status").selectOption("Contacted");
  await expect(history.filter({ hasText: "changed the status from New to Contacted" })).toHaveCount(1);

  await page.getByLabel("Assigned to").selectOption({ label: `${colleagueName} (${colleague})` });
  await expect(history.filter({ hasText: `assigned it to ${colleagueName}` })).toHaveCount(1);
  await expect(page.getByLabel("Assigned to").locator("option:checked")).toHaveText(
    `${colleagueName} (${colleague})`,
  );

  const text = `Called back, wants a quote by Friday (${unique()})`;
  const noteFrom = Date.now();
  await notes.getByLabel("Add a note").fill(text);
  await notes.getByRole("button", { name: "Add note" }).click();
  const note = notes.getByRole("listitem").filter({ hasText: text });
  await expect(note).toContainText(adminName);
  const noteAt = Date.parse((await note.locator("time").getAttribute("datetime")) ?? "");
  expect(noteAt).toBeGreaterThanOrEqual(noteFrom - 1000);
  expect(noteAt).toBeLessThanOrEqual(Date.now());
  await expect(note.locator("time")).toHaveText(/\d/);
  await expect(notes.getByLabel("Add a note")).toHaveValue("");
  await expect(history.filter({ hasText: "added a note" })).toHaveCount(1);

  // Oldest first, each with its author: what the store gives back, read again from the server.
  await page.reload();
  await expect(history).toHaveText([
    new RegExp(`^${adminName}\\s*opened it`),
    new RegExp(`^${adminName}\\s*changed the status from New to Contacted`),
    new RegExp(`^${adminName}\\s*assigned it to ${colleagueName}`),
    new RegExp(`^${adminName}\\s*added a note`),
  ]);
  await expect(note).toContainText(adminName);
});

test("a lead from a campaign link shows its source, and the inbox filters, counts and exports by campaign", async ({
  page,
  baseURL,
}) => {
  // Issue 16 from the visit to the export: land from a newsletter with a campaign, send the demo form on another
  // page, then find the lead by its campaign in the inbox.
  const campaign = `winter-${unique()}`;
  const name = `Sourced ${unique()}`;
  await page.goto(`/?utm_source=newsletter&utm_campaign=${campaign}`, {
    referer: "https://news.example.org/issue/7?reader=someone",
  });
  await landed(page);
  await page.goto("/chart-assist#demo");
  await submitDemo(page, name);

  const email = `admin-${unique()}@example.com`;
  const authenticator = await setUp(page, await staffAdd(baseURL ?? "", email, "admin"));
  await signIn(page, email, authenticator);
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();

  const filter = page.getByRole("search", { name: "Filter leads" });
  await expect(filter.getByLabel("Campaign").locator(`option[value="${campaign}"]`)).toHaveText(
    `${campaign} (1)`,
  );
  await filter.getByLabel("Campaign").selectOption(campaign);
  await filter.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`campaign=${campaign}`));
  await expect(page.getByText("1 lead match")).toBeVisible();
  await expect(page.locator("a[data-lead-link]")).toHaveText([name]);
  await expect(filter.getByLabel("Referring site").locator("option:checked")).toHaveText("Any referrer");
  await expect(filter.getByLabel("Referring site")).toContainText("news.example.org (1)");

  // The export of this view: the one lead, with its campaign and the referring site's origin only.
  const exportLink = page.getByRole("link", { name: "Export CSV" });
  expect(await exportLink.getAttribute("href")).toBe(`/api/staff/export.csv?campaign=${campaign}`);
  const csv = await (await page.request.get((await exportLink.getAttribute("href")) ?? "")).text();
  const [header = "", ...rows] = csv.trim().split(/\r?\n/);
  expect(rows).toHaveLength(1);
  const columns = header.split(",").map((cell) => cell.replaceAll('"', ""));
  const cells = (rows[0] ?? "").split(",").map((cell) => cell.replaceAll('"', ""));
  const cell = (label: string) => cells[columns.indexOf(label)];
  expect(cell("Campaign")).toBe(campaign);
  expect(cell("UTM source")).toBe("newsletter");
  expect(cell("Referring site")).toBe("https://news.example.org");
  expect(cell("Landing page")).toBe("/");
  expect(cell("Form page")).toBe("/chart-assist");
  expect(csv).not.toContain("reader=someone");

  // The lead page's Source panel, whose campaign leads back to the filtered inbox.
  await page.getByRole("link", { name }).click();
  const source = page.getByRole("region", { name: "Source" });
  await expect(source.getByRole("term")).toHaveText([
    "Form page",
    "Landing page",
    "Referring site",
    "UTM source",
    "Campaign",
  ]);
  await source.getByRole("link", { name: campaign }).click();
  await expect(page.locator("a[data-lead-link]")).toHaveText([name]);
  expect(await axeViolations(page)).toEqual([]);
});

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return results.violations.map((violation) => violation.id);
}
