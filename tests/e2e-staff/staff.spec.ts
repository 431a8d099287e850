import { existsSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { GOOD_OPENING } from "../../test-support/openings.ts";
import {
  arrive,
  codeOf,
  createAccount,
  expect,
  onServedStore,
  PASSWORD,
  type Seed,
  type StaffServer,
  signIn,
  staffAdd,
  staffNavLink,
  submitCode,
  test,
  unique,
  withFreshCode,
} from "./fixtures.ts";
import { axeViolations, screenshot } from "./look.ts";

/**
 * The staff pages in Chromium at 1280 px (desktop projects) and 390 px (mobile projects), against the real
 * server and its store on each database (playwright.staff.config.ts): the leads and accounts that seed.setup.ts
 * made, accounts from the CLI, leads from the public intake API.
 */

/** The served files are the same whichever database the server uses: checked once, against SQLite's. */
const servedFilesOnly = (server: StaffServer) =>
  test.skip(server.database !== "sqlite", "the served files do not depend on the database");

test.use({ reducedMotion: "reduce" });

test("every /staff path is the SPA shell: no-store, noindex, client-rendered", async ({
  request,
  server,
}) => {
  servedFilesOnly(server);
  for (const path of [
    "/staff",
    "/staff/sign-in",
    "/staff/leads/0199b2c4-1e00-7000-8000-000000000001",
    "/staff/audit",
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toBe("no-store");
    expect(response.headers()["x-robots-tag"], path).toBe("noindex");
    expect(await response.text(), "nothing pre-rendered").not.toContain("<main");
  }
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/^Disallow: \/staff$/m);
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain("/staff");
});

test("a public page loads no staff code; a staff page does", async ({ page, request, server }) => {
  servedFilesOnly(server);
  // The URLs the pages load, read afterwards: a response's body is gone once its page navigated away.
  let urls = new Set<string>();
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") urls.add(response.url());
  });
  const bodiesOf = (loaded: Set<string>) =>
    Promise.all([...loaded].map(async (url) => (await request.get(url)).text()));
  for (const path of ["/", "/login", "/carestaff/careers"]) {
    await page.goto(path);
    // Each page's islands have loaded their scripts once they are live; then nothing else is on its way.
    await expect(page.locator("html")).toHaveAttribute("data-islands", "live");
    await page.waitForLoadState("networkidle");
  }
  const publicScripts = await bodiesOf(urls);
  expect(publicScripts.length).toBeGreaterThan(5);
  expect(publicScripts.filter((source) => source.includes("/api/staff"))).toEqual([]);
  // Not even a route of it: React Router's manifest on a public page names no module of app/staff (decision 020).
  const staffModule = /staff\/(shell|inbox|lead|conversation|reports|account|admin|ui|lib)\//;
  expect(publicScripts.filter((source) => staffModule.test(source))).toEqual([]);
  expect([...urls].filter((url) => new URL(url).pathname.startsWith("/staff-app/"))).toEqual([]);
  urls = new Set();
  await page.goto("/staff/sign-in");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect((await bodiesOf(urls)).some((source) => source.includes("/api/staff"))).toBe(true);
});

test("not signed in, a staff page goes to sign-in and comes back after", async ({ page, seed }) => {
  const lead = seed.leads.marisol;
  await page.goto(`/staff/leads/${lead}?from=bookmark`);
  await expect(page).toHaveURL(
    `/staff/sign-in?next=${encodeURIComponent(`/staff/leads/${lead}?from=bookmark`)}`,
  );
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await page.getByLabel("E-mail").fill(seed.accounts.admin.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await withFreshCode(seed.accounts.admin, (code) => submitCode(page, code));
  await expect(page).toHaveURL(`/staff/leads/${lead}?from=bookmark`);
  await expect(page.getByRole("heading", { level: 1, name: "Marisol Vega" })).toBeVisible();
  await expect(page.getByTestId("staff-email")).toHaveText("admin@example.com");
});

test("sign-in shows the API's errors, the lockout and the rate limit", async ({ page, request, server }) => {
  const account = await createAccount(request, server, {
    email: `locked-${unique()}@example.com`,
    name: "Lee Locked",
    role: "sales",
  });
  const alert = page.getByRole("alert");
  // An address that has no account, then the account's own: wrong passwords count, and the fifth locks it.
  await signIn(
    page,
    { ...account, email: `nobody-${unique()}@example.com` },
    { password: "wrong password!" },
  );
  await expect(alert).toHaveText("E-mail, password or code is wrong.");
  for (let attempt = 0; attempt < 4; attempt += 1) {
    await signIn(page, account, { password: "wrong password!" });
    await expect(alert).toHaveText("E-mail, password or code is wrong.");
  }
  await signIn(page, account, { password: "wrong password!" });
  await expect(alert).toContainText("locked for 15 minutes");
  await expect(alert).toContainText("Ask an admin if you need in sooner.");

  // This address has made 6 of its 20 attempts in 5 minutes: 14 more, then the page names the wait.
  for (let attempt = 0; attempt < 14; attempt += 1) {
    const refused = await page.request.post("/api/staff/sign-in", {
      data: { email: account.email, password: "wrong password!", code: "000000" },
      headers: { Origin: server.origin },
    });
    expect(refused.status()).toBe(423);
  }
  await signIn(page, account);
  await expect(alert).toContainText("Too many sign-in attempts from here.");
  await expect(alert).toContainText("Wait 5 minutes before trying again.");
});

test("keyboard: j/k move through the inbox, Enter opens a lead, Escape returns with the filter kept", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("admin");
  await page.goto("/staff?delivery=delivered");
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  const links = page.locator("a[data-lead-link]");
  await expect(links.first()).toBeVisible();
  await page.locator("body").press("j");
  await expect(links.nth(0)).toBeFocused();
  await page.keyboard.press("j");
  await expect(links.nth(1)).toBeFocused();
  await page.keyboard.press("k");
  await expect(links.nth(0)).toBeFocused();
  const name = (await links.nth(0).textContent()) ?? "";
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/staff\?delivery=delivered$/);
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
});

test("a new lead appears in the open inbox without a reload", async ({ page, signedInAs }) => {
  await page.clock.install();
  await signedInAs("admin");
  await page.goto("/staff");
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  const name = `Newcomer ${unique()}`;
  await arrive(page.request, "careworks-demo", {
    name,
    email: `${unique()}@example.com`,
    company: "Bay Clinic",
  });
  await expect(page.getByRole("link", { name })).toHaveCount(0);
  await page.clock.runFor(30_000);
  await expect(page.getByRole("link", { name })).toBeVisible();
  await expect(page.getByText(/new leads? arrived/)).toBeVisible();
});

test("status, assignee and a note: each says what it did and shows in the history; a status undoes", async ({
  page,
  signedInAs,
}) => {
  const name = `Status ${unique()}`;
  const id = await arrive(page.request, "staffing-request", {
    name,
    email: `${unique()}@example.com`,
    facility: "Elm",
  });
  await signedInAs("admin");
  await page.goto(`/staff/leads/${id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  await page.getByLabel("Current status").selectOption("Contacted");
  await expect(page.getByText("Status set to Contacted.")).toBeVisible();
  await expect(page.getByText("changed the status from New to Contacted")).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("changed the status from Contacted to New")).toBeVisible();
  await expect(page.getByLabel("Current status")).toHaveValue("New");

  await page.getByLabel("Assigned to").selectOption({ label: "Sam Sales (sam@example.com)" });
  await expect(page.getByText("Assigned to Sam Sales.")).toBeVisible();
  await expect(page.getByText("assigned it to Sam Sales")).toBeVisible();

  const noteFrom = Date.now();
  await page.getByLabel("Add a note").fill("Called, left a voicemail.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Called, left a voicemail.")).toBeVisible();
  await expect(page.getByText("added a note")).toBeVisible();
  await expect(page.getByLabel("Add a note")).toHaveValue("");
  // The note with who wrote it and when.
  const note = page
    .getByRole("region", { name: "Notes" })
    .getByRole("listitem")
    .filter({ hasText: "Called, left a voicemail." });
  await expect(note).toContainText("Ada Admin");
  const noteAt = Date.parse((await note.locator("time").getAttribute("datetime")) ?? "");
  expect(noteAt).toBeGreaterThanOrEqual(noteFrom - 1000);
  expect(noteAt).toBeLessThanOrEqual(Date.now());
  await expect(note.locator("time")).toHaveText(/\d/);

  // Oldest first, each with its author: what the store gives back, read again from the server.
  await page.reload();
  await expect(page.getByRole("region", { name: "History" }).getByRole("listitem")).toHaveText([
    /^Ada Admin\s*opened it/,
    /^Ada Admin\s*changed the status from New to Contacted/,
    /^Ada Admin\s*changed the status from Contacted to New/,
    /^Ada Admin\s*assigned it to Sam Sales/,
    /^Ada Admin\s*added a note/,
  ]);
  await expect(note).toContainText("Ada Admin");
});

test("a recruiter sees applications only; a demo lead is not found", async ({ page, seed, signedInAs }) => {
  await signedInAs("recruiter");
  await page.goto("/staff");
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Marisol Vega" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Dana Whitfield" })).toHaveCount(0);
  await expect(
    page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Audit log" }),
  ).toHaveCount(0);
  await page.goto(`/staff/leads/${seed.leads.dana}`);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  // Nor through the API, its resume or the export.
  for (const url of [`/api/staff/leads/${seed.leads.dana}`, `/api/staff/leads/${seed.leads.dana}/resume`]) {
    expect((await page.request.get(url)).status(), url).toBe(404);
  }
  const csv = await (await page.request.get("/api/staff/export.csv")).text();
  expect(csv).toContain("Marisol");
  expect(csv).not.toContain(seed.leads.dana);
  expect(csv).not.toContain("Dana Whitfield");
});

test("other requests from the same person: an admin sees the demo request, a recruiter never learns of it", async ({
  page,
  signedInAs,
}) => {
  const email = `both-${unique()}@example.com`;
  const application = await arrive(page.request, "nurse-application", {
    firstName: "Bo",
    lastName: `Both ${unique()}`,
    email,
    consent: "on",
  });
  const demo = await arrive(page.request, "chartassist-demo", {
    name: "Bo Both",
    email,
    company: "Both Clinic",
  });
  await signedInAs("admin");
  await page.goto(`/staff/leads/${application}`);
  const others = page.getByRole("region", { name: "Other requests from this person" });
  await expect(others.getByRole("link", { name: "ChartAssist demo request" })).toHaveAttribute(
    "href",
    `/staff/leads/${demo}`,
  );

  await page.context().clearCookies();
  await signedInAs("recruiter");
  await page.goto(`/staff/leads/${application}`);
  await expect(page.getByRole("heading", { level: 1, name: /Bo Both/ })).toBeVisible();
  await expect(others).toContainText("No other requests from this person.");
  await expect(others.getByRole("link")).toHaveCount(0);
});

test("Mine: the leads assigned to me, kept in the URL", async ({ page, viewport, signedInAs }) => {
  const mine = `Mine ${unique()}`;
  const theirs = `Theirs ${unique()}`;
  const id = await arrive(page.request, "payroll-info", { name: mine, email: `${unique()}@example.com` });
  await arrive(page.request, "payroll-info", { name: theirs, email: `${unique()}@example.com` });
  await signedInAs("admin");
  await page.goto(`/staff/leads/${id}`);
  await page.getByLabel("Assigned to").selectOption({ label: "Ada Admin (admin@example.com)" });
  await expect(page.getByText("Assigned to Ada Admin.")).toBeVisible();

  await page.goto("/staff");
  if (viewport && viewport.width < 768)
    await page.getByRole("button", { name: /Filters and search/ }).click();
  await page.getByRole("checkbox", { name: /^Mine/ }).check();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]mine=1(&|$)/);
  await expect(page.getByRole("link", { name: mine })).toBeVisible();
  await expect(page.getByRole("link", { name: theirs })).toHaveCount(0);
});

test("My settings: assignment e-mails turn off and on, kept by the server", async ({
  page,
  request,
  server,
}) => {
  const account = await createAccount(request, server, {
    email: `settings-${unique()}@example.com`,
    name: "Sol Settings",
    role: "sales",
  });
  await signIn(page, account);
  await (await staffNavLink(page, "My settings")).click();
  const box = page.getByRole("checkbox", { name: "E-mail me when a lead is assigned to me" });
  await expect(box).toBeChecked();
  await box.uncheck();
  await expect(
    page.getByText("You will no longer be e-mailed when a lead is assigned to you."),
  ).toBeVisible();
  await page.reload();
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(page.getByText("You will be e-mailed when a lead is assigned to you.")).toBeVisible();
  await page.reload();
  await expect(box).toBeChecked();
});

test("reports: a recruiter sees the applications' numbers only; an admin every form, over the range asked", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("recruiter");
  await page.goto("/staff");
  await (await staffNavLink(page, "Reports")).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  const leads = page.getByRole("figure", { name: "Leads per week" });
  await expect(leads.locator("svg").first()).toBeVisible();
  await leads.getByRole("button", { name: "Show table" }).click();
  await expect(leads.getByRole("table").getByRole("columnheader")).toHaveText([
    "Week of",
    "Nurse application",
  ]);
  const steps = page.getByRole("figure", { name: "Pipeline" });
  await steps.getByRole("button", { name: "Show table" }).click();
  const kinds = await steps.getByRole("table").locator("tbody tr td:first-child").allTextContents();
  expect(new Set(kinds)).toEqual(new Set(["Applications"]));
  await expect(page.getByText(/ChartAssist|CareWorks|Staffing request|Payroll/)).toHaveCount(0);

  await page.context().clearCookies();
  await signedInAs("admin");
  await page.goto("/staff/reports");
  await expect(page.getByRole("figure", { name: "Leads per week" }).locator("svg").first()).toBeVisible();
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("From", { exact: true }).fill(from);
  await page.getByLabel("To", { exact: true }).fill(to);
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/reports\\?from=${from}&to=${to}$`));
  const figure = page.getByRole("figure", { name: "Leads per week" });
  await figure.getByRole("button", { name: "Show table" }).click();
  await expect(figure.getByRole("table").getByRole("columnheader")).toHaveCount(6);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    figure.getByRole("button", { name: /Download CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`leads-per-week-${from}-to-${to}.csv`);
  const csv = await readFile(await download.path(), "utf8");
  expect(csv.split("\r\n")[0]).toMatch(/^Week of,.*Nurse application/);

  // A range the contract refuses is named at its field, and nothing is asked of the server.
  await page.goto(`/staff/reports?from=${to}&to=${from}`);
  await expect(page.getByLabel("To", { exact: true })).toHaveAccessibleDescription(
    "To must not be before from.",
  );
  await expect(page.getByRole("figure")).toHaveCount(0);
});

test("openings: an application's row links its opening, the Opening filter narrows to it, Reports count it", async ({
  page,
  server,
  isMobile,
  signedInAs,
}) => {
  const title = `Night Shift RN, Med-Surg ${unique()}`;
  const lastName = `Opening${unique()}`;
  await signedInAs("recruiter");
  await page.goto("/staff");
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  const created = await page.request.post("/api/staff/openings", {
    data: { ...GOOD_OPENING, title },
    headers: { Origin: server.origin },
  });
  expect(created.status()).toBe(201);
  const opening = ((await created.json()) as { opening: { id: string } }).opening;
  const leadId = await arrive(page.request, "nurse-application", {
    firstName: "Nia",
    lastName,
    email: `${lastName.toLowerCase()}@example.com`,
    credential: "RN",
    experience: "5+",
    consent: "on",
  });
  // The intake stores the opening of an application sent from its page; here the store is told directly.
  const tied = await onServedStore(server, "update leads set opening_id = ? where id = ?", [
    opening.id,
    leadId,
  ]);
  expect(tied.changes).toBe(1);

  await page.reload();
  const name = `Nia ${lastName}`;
  const row = page.locator(isMobile ? "li" : "tr").filter({ has: page.getByRole("link", { name }) });
  const openingLink = row.getByRole("link", { name: `Opening: ${title}` });
  await expect(openingLink).toHaveAttribute("href", `/staff/openings/${opening.id}`);
  await expect(row).toContainText("RN");
  await expect(row).toContainText("5+ years");

  if (isMobile) await page.getByRole("button", { name: /^Filters and search/ }).click();
  const filter = page.getByRole("search", { name: "Filter leads" });
  await filter.getByLabel("Opening").selectOption({ label: `${title} (1)` });
  await filter.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]opening=${opening.id}`));
  await expect(page.getByText("1 lead match")).toBeVisible();
  await expect(page.locator("a[data-lead-link]")).toHaveText([name]);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, server, "inbox-opening");

  await (await staffNavLink(page, "Reports")).click();
  const byOpening = page.getByRole("figure", { name: "By opening" });
  await byOpening.getByRole("button", { name: "Show table" }).click();
  await expect(byOpening.getByRole("table").getByRole("row").filter({ hasText: title })).toHaveText(
    `${title}100–0`,
  );
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, server, "reports-by-opening");
});

test("erase: e-mail, then what will go, then the confirmation, then what went", async ({
  page,
  server,
  signedInAs,
}) => {
  const email = `erase-${unique()}@example.com`;
  const id = await arrive(page.request, "payroll-info", {
    name: "Erin Erase",
    email,
    organization: "Gone Co",
  });
  await signedInAs("admin");
  await page.goto("/staff/erase");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Show what will be erased" }).click();
  await expect(page.getByRole("heading", { name: `This will erase, for ${email}:` })).toBeVisible();
  await expect(page.getByText(/1 lead, 0 files and 0 notes/)).toBeVisible();
  await page.getByRole("button", { name: "Erase 1 lead for good" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Erased 1 lead" })).toContainText(email);
  expect(await axeViolations(page)).toEqual([]);

  // Gone from the store, and the audit says an erase happened without naming the address.
  expect((await page.request.get(`/api/staff/leads/${id}`)).status()).toBe(404);
  const audit = await (await page.request.get("/api/staff/audit")).text();
  expect(audit).toContain("erase");
  expect(audit).not.toContain(email);
  const resumes = path.join(server.dataDir, "resumes");
  if (existsSync(resumes)) expect(readdirSync(resumes).filter((file) => file.startsWith(id))).toEqual([]);
});

test("set-up: the 12-character rule, the QR code and key, a first code, then a sign-in with the key", async ({
  page,
  server,
}) => {
  const account = { email: `new-${unique()}@example.com`, name: "Nia New", role: "sales" } as const;
  await page.goto(await staffAdd(server, account));
  await expect(page.getByRole("heading", { level: 1, name: "Set up your account" })).toBeVisible();
  await expect(page.getByText("At least 12 characters.", { exact: false })).toBeVisible();
  await page.getByLabel("New password").fill("password1234");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "This is one of the most common passwords. Choose one that is not.",
  );
  const password = "a calm clinical inbox";
  await page.getByLabel("New password").fill(password);
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/staff/setup/password"));
  await page.getByRole("button", { name: "Continue" }).click();
  const { secret } = (await (await answer).json()) as { secret: string };
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await expect(page.getByText("Can't scan? Enter this key")).toBeVisible();
  // The server's key, in groups of four to read aloud and type.
  await expect(page.getByTestId("totp-key")).toHaveText(secret.replace(/(.{4})(?=.)/g, "$1 "));
  // Rendered here as SVG: no request leaves for a QR service.
  await expect(page.locator("svg[role=img]")).toHaveCount(1);
  await screenshot(page, server, "setup-enrol");
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel("Code from your authenticator app").fill(codeOf(secret));
  await page.getByRole("button", { name: "Confirm and finish" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your account is ready" })).toBeVisible();

  // The key the page showed is the account's: a code computed from it signs in.
  await signIn(page, { ...account, secret }, { password });
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
});

/** Every staff page in its main states: axe clean, no sideways scrolling, a screenshot to look at. */
const staffPages: {
  name: string;
  signedIn: boolean;
  open: (page: Page, context: { phone: boolean; seed: Seed; server: StaffServer }) => Promise<void>;
}[] = [
  {
    name: "sign-in",
    signedIn: false,
    open: async (page) => {
      await page.goto("/staff/sign-in");
      await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    },
  },
  {
    name: "setup-password",
    signedIn: false,
    open: async (page, { server }) => {
      await page.goto(
        await staffAdd(server, { email: `new-${unique()}@example.com`, name: "Nia New", role: "sales" }),
      );
      await expect(page.getByRole("heading", { level: 1, name: "Set up your account" })).toBeVisible();
    },
  },
  {
    name: "setup-invalid",
    signedIn: false,
    open: async (page) => {
      await page.goto("/staff/setup?token=nope");
      await expect(
        page.getByRole("heading", { level: 1, name: "This set-up link does not work" }),
      ).toBeVisible();
    },
  },
  {
    name: "inbox",
    signedIn: true,
    open: async (page) => {
      await page.goto("/staff");
      await expect(page.locator("a[data-lead-link]").first()).toBeVisible();
    },
  },
  {
    name: "inbox-filters",
    signedIn: true,
    open: async (page, { phone }) => {
      await page.goto("/staff?status=New");
      if (!phone) return;
      await page.getByRole("button", { name: /Filters and search/ }).click();
      await expect(page.getByRole("dialog", { name: "Filters and search" })).toBeVisible();
    },
  },
  {
    name: "inbox-empty",
    signedIn: true,
    open: async (page) => {
      await page.goto("/staff?q=zzz-nothing");
      await expect(page.getByText("No leads match these filters")).toBeVisible();
    },
  },
  {
    name: "lead",
    signedIn: true,
    open: async (page, { seed }) => {
      await page.goto(`/staff/leads/${seed.leads.marisol}`);
      await expect(page.getByRole("heading", { level: 1, name: "Marisol Vega" })).toBeVisible();
      await expect(page.locator("iframe[sandbox='']")).toHaveAttribute(
        "src",
        `/api/staff/leads/${seed.leads.marisol}/resume`,
      );
    },
  },
  {
    name: "inbox-views",
    signedIn: true,
    open: async (page, { phone }) => {
      await page.goto("/staff?overdue=1&sort=due");
      // The seeded leads arrived days ago, and those still New were never answered.
      await expect(page.getByText(/\d+ d overdue/).first()).toBeVisible();
      if (!phone) return;
      await page.getByRole("button", { name: /Filters and search/ }).click();
      await expect(page.getByRole("checkbox", { name: /Overdue/ })).toBeChecked();
    },
  },
  {
    name: "unmatched-empty",
    signedIn: true,
    open: async (page) => {
      await page.goto("/staff/unmatched");
      await expect(page.getByText("No unmatched mail")).toBeVisible();
    },
  },
  {
    name: "settings",
    signedIn: true,
    open: async (page) => {
      await page.goto("/staff/settings");
      await expect(
        page.getByRole("checkbox", { name: "E-mail me when a lead is assigned to me" }),
      ).toBeChecked();
    },
  },
  {
    name: "audit",
    signedIn: true,
    open: async (page) => {
      await page.goto("/staff/audit");
      await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    },
  },
  {
    name: "reports",
    signedIn: true,
    open: async (page) => {
      await page.goto("/staff/reports");
      await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
      await expect(page.getByRole("figure", { name: "Leads per week" }).locator("svg").first()).toBeVisible();
      const steps = page.getByRole("figure", { name: "Pipeline" });
      await steps.getByRole("button", { name: "Show table" }).click();
      await expect(steps.getByRole("table")).toBeVisible();
    },
  },
  {
    name: "erase-preview",
    signedIn: true,
    open: async (page) => {
      await page.goto("/staff/erase");
      await page.getByLabel("E-mail address").fill("marisol.vega@example.com");
      await page.getByRole("button", { name: "Show what will be erased" }).click();
      await expect(page.getByRole("button", { name: "Erase 1 lead for good" })).toBeVisible();
    },
  },
];

for (const { name, signedIn, open } of staffPages) {
  test(`axe and layout: ${name}`, async ({ page, viewport, seed, server, signedInAs }) => {
    test.skip(server.database !== "sqlite", "the pages' markup does not depend on the database");
    if (signedIn) await signedInAs("admin");
    await open(page, { phone: (viewport?.width ?? 0) < 768, seed, server });
    await page.waitForLoadState("networkidle");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "no sideways scrolling").toBeLessThanOrEqual(0);
    await screenshot(page, server, name);
    // The resume frame is sandboxed (no scripts): axe checks it from the page, not from inside.
    expect(await axeViolations(page, { iframes: false })).toEqual([]);
  });
}

test("the public log-in page links quietly to the staff sign-in", async ({ page, server }) => {
  servedFilesOnly(server);
  await page.goto("/login");
  await page.getByRole("link", { name: "Staff sign-in" }).click();
  await expect(page).toHaveURL(/\/staff\/sign-in$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
});
