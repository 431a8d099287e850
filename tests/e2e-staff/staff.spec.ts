import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { FAKE_CODE, FAKE_PASSWORD, SETUP_TOKEN } from "../staff/fake-api.ts";

/**
 * The staff pages in Chromium at 1280 px (desktop project) and 390 px (mobile project), against the
 * contract's fake staff API (tests/staff/serve-fake.ts; playwright.staff.config.ts).
 * SWITCH TO THE REAL SERVER when branch i13api is merged: sign-in then needs a TOTP code computed from the
 * set-up key, the accounts come from `npm run leads -- staff add`, and leads from the intake API; the
 * assertions on what a person sees stay as they are.
 */

const TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa", "best-practice"];

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}) ${node.target.join(" ")}: ${node.failureSummary?.split("\n")[1]?.trim() ?? violation.help}`,
    ),
  );
}

/** A PNG of the page for a person to look at (test-results/staff-screens). */
async function screenshot(page: Page, name: string) {
  mkdirSync("test-results/staff-screens", { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `test-results/staff-screens/${name}-${width}.png`, fullPage: true });
}

async function signIn(page: Page, email: string, next = "/staff") {
  await page.goto(`/staff/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(FAKE_PASSWORD);
  await page.getByLabel("Code from your authenticator app").fill(FAKE_CODE);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** A lead of one's own for a test that changes it (the fake is shared by every test of the run). */
async function arrive(page: Page, formId: string, fields: Record<string, string>): Promise<number> {
  const response = await page.request.post("/__fake/arrive", { data: { formId, fields } });
  return ((await response.json()) as { id: number }).id;
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.use({ reducedMotion: "reduce" });

test("every /staff path is the SPA shell: no-store, noindex, client-rendered", async ({ request }) => {
  for (const path of ["/staff", "/staff/sign-in", "/staff/leads/1", "/staff/audit"]) {
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

test("a public page loads no staff code; a staff page does", async ({ page, request }) => {
  // The URLs the pages load, read afterwards: a response's body is gone once its page navigated away.
  let urls = new Set<string>();
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") urls.add(response.url());
  });
  const bodiesOf = (loaded: Set<string>) =>
    Promise.all([...loaded].map(async (url) => (await request.get(url)).text()));
  for (const path of ["/", "/login", "/carestaff/careers"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  const publicScripts = await bodiesOf(urls);
  expect(publicScripts.length).toBeGreaterThan(5);
  expect(publicScripts.filter((source) => source.includes("/api/staff"))).toEqual([]);
  // Not even a route of it: React Router's manifest on a public page lists no staff route (decision 020).
  expect(publicScripts.filter((source) => source.includes("routes/staff"))).toEqual([]);
  expect([...urls].filter((url) => new URL(url).pathname.startsWith("/staff-app/"))).toEqual([]);
  urls = new Set();
  await page.goto("/staff/sign-in");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect((await bodiesOf(urls)).some((source) => source.includes("/api/staff"))).toBe(true);
});

test("not signed in, a staff page goes to sign-in and comes back after", async ({ page }) => {
  await page.goto("/staff/leads/2?from=bookmark");
  await expect(page).toHaveURL(/\/staff\/sign-in\?next=%2Fstaff%2Fleads%2F2%3Ffrom%3Dbookmark$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await page.getByLabel("E-mail").fill("admin@example.com");
  await page.getByLabel("Password").fill(FAKE_PASSWORD);
  await page.getByLabel("Code from your authenticator app").fill(FAKE_CODE);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/staff\/leads\/2\?from=bookmark$/);
  await expect(page.getByRole("heading", { level: 1, name: "Marisol Vega" })).toBeVisible();
  await expect(page.getByTestId("staff-email")).toHaveText("admin@example.com");
});

test("sign-in shows the API's errors, the lockout and the rate limit", async ({ page }) => {
  const email = `nobody-${unique()}@example.com`;
  await page.goto("/staff/sign-in");
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill("wrong password!");
    await page.getByLabel("Code from your authenticator app").fill("000000");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("E-mail, password or code is wrong.");
  }
  await page.getByLabel("Password").fill("wrong password!");
  await page.getByLabel("Code from your authenticator app").fill("000000");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("locked for 15 minutes");
  await page.getByLabel("E-mail").fill("busy@example.com");
  await page.getByLabel("Password").fill("whatever it is");
  await page.getByLabel("Code from your authenticator app").fill("000000");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("Wait 60 seconds before trying again.");
});

test("keyboard: j/k move through the inbox, Enter opens a lead, Escape returns with the filter kept", async ({
  page,
}) => {
  await signIn(page, "admin@example.com", "/staff?delivery=delivered");
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

test("a new lead appears in the open inbox without a reload", async ({ page }) => {
  await page.clock.install();
  await signIn(page, "admin@example.com");
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  const name = `Newcomer ${unique()}`;
  await arrive(page, "careworks-demo", { name, email: `${unique()}@example.com`, company: "Bay Clinic" });
  await expect(page.getByRole("link", { name })).toHaveCount(0);
  await page.clock.runFor(30_000);
  await expect(page.getByRole("link", { name })).toBeVisible();
  await expect(page.getByText(/new leads? arrived/)).toBeVisible();
});

test("status, assignee and a note: each says what it did and shows in the history; a status undoes", async ({
  page,
}) => {
  const name = `Status ${unique()}`;
  await signIn(page, "admin@example.com");
  const id = await arrive(page, "staffing-request", {
    name,
    email: `${unique()}@example.com`,
    facility: "Elm",
  });
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

  await page.getByLabel("Add a note").fill("Called, left a voicemail.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Called, left a voicemail.")).toBeVisible();
  await expect(page.getByText("added a note")).toBeVisible();
  await expect(page.getByLabel("Add a note")).toHaveValue("");
});

test("a recruiter sees applications only; a demo lead is not found", async ({ page }) => {
  await signIn(page, "rita@example.com");
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Marisol Vega" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Dana Whitfield" })).toHaveCount(0);
  await expect(
    page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Audit log" }),
  ).toHaveCount(0);
  await page.goto("/staff/leads/1");
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
});

test("erase: e-mail, then what will go, then the confirmation, then what went", async ({ page }) => {
  const email = `erase-${unique()}@example.com`;
  await signIn(page, "admin@example.com");
  await arrive(page, "payroll-info", { name: "Erin Erase", email, organization: "Gone Co" });
  await page.goto("/staff/erase");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Show what will be erased" }).click();
  await expect(page.getByRole("heading", { name: `This will erase, for ${email}:` })).toBeVisible();
  await expect(page.getByText(/1 lead, 0 files and 0 notes/)).toBeVisible();
  await page.getByRole("button", { name: "Erase 1 lead for good" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Erased 1 lead" })).toContainText(email);
});

test("set-up: the 12-character rule, the QR code and key, a first code", async ({ page }) => {
  await page.goto(`/staff/setup?token=${SETUP_TOKEN}`);
  await expect(page.getByRole("heading", { level: 1, name: "Set up your account" })).toBeVisible();
  await expect(page.getByText("At least 12 characters.", { exact: false })).toBeVisible();
  await page.getByLabel("New password").fill("password1234");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toHaveText("That password is on the list of common passwords.");
  await page.getByLabel("New password").fill("a calm clinical inbox");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await expect(page.getByText("Can't scan? Enter this key")).toBeVisible();
  await expect(page.getByTestId("totp-key")).toHaveText("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP");
  // Rendered here as SVG: no request leaves for a QR service.
  await expect(page.locator("svg[role=img]")).toHaveCount(1);
  await screenshot(page, "setup-enrol");
  expect(await axeViolations(page)).toEqual([]);
});

/** Every staff page in its main states: axe clean, no sideways scrolling, a screenshot to look at. */
const staffPages: { name: string; signedIn: boolean; open: (page: Page, phone: boolean) => Promise<void> }[] =
  [
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
      open: async (page) => {
        await page.goto(`/staff/setup?token=${SETUP_TOKEN}`);
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
      open: async (page, phone) => {
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
      open: async (page) => {
        await page.goto("/staff/leads/2");
        await expect(page.getByRole("heading", { level: 1, name: "Marisol Vega" })).toBeVisible();
        await expect(page.locator("iframe[sandbox='']")).toHaveAttribute("src", "/api/staff/leads/2/resume");
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
  test(`axe and layout: ${name}`, async ({ page, viewport }) => {
    if (signedIn) {
      await signIn(page, "admin@example.com");
      await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
    }
    await open(page, (viewport?.width ?? 0) < 768);
    await page.waitForLoadState("networkidle");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "no sideways scrolling").toBeLessThanOrEqual(0);
    await screenshot(page, name);
    // The resume frame is sandboxed (no scripts): axe checks it from the page, not from inside.
    const results = await new AxeBuilder({ page }).withTags(TAGS).options({ iframes: false }).analyze();
    expect(
      results.violations.flatMap((violation) =>
        violation.nodes.map((node) => `${violation.id} ${node.target.join(" ")}: ${violation.help}`),
      ),
    ).toEqual([]);
  });
}

test("the public log-in page links quietly to the staff sign-in", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "Staff sign-in" }).click();
  await expect(page).toHaveURL(/\/staff\/sign-in$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
});
