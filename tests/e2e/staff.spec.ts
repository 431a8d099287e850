import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";

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

async function signIn(page: Page, email: string, authenticator: TOTP, next = "/staff") {
  await page.goto(`/staff/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByLabel("Code from your authenticator app").fill(authenticator.generate());
  await page.getByRole("button", { name: "Sign in" }).click();
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

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return results.violations.map((violation) => violation.id);
}
