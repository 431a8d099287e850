import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import puppeteer, { type Browser, type ElementHandle, type Page } from "puppeteer-core";
import { publicPaths, ROUTES } from "../../app/route-paths.ts";
import { type ServerProcess, startServer } from "../../server/test/server-process.ts";
import {
  FIREFOX_PATH,
  FORM_ANCHORS,
  HYDRATION_AFTER_LOAD_MS,
  hydrationProbe,
  readHydrationTiming,
} from "../browsers.ts";

/**
 * Issue 12: the second engine. Debian's Firefox ESR, driven over WebDriver BiDi by puppeteer-core (Playwright
 * cannot drive a stock Firefox), against the same built site the Playwright suite serves, at 390 px.
 *   node --test tests/firefox/        (part of npm run test:e2e; FIREFOX_PATH overrides the binary)
 */

const buildDir = path.join(process.env.BUILD_OUT || "build", "client");
const TEST_TIMEOUT_MS = 30_000;
/** An address no page has: the server answers with the pre-rendered 404 page. */
const NOT_FOUND_ANSWER = "/no-such-page";
const NOT_FOUND_LOG = "404 Error: User attempted to access non-existent route:";

let server: ServerProcess;
let browser: Browser;

before(async () => {
  server = await startServer(
    {
      BUILD_DIR: buildDir,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "firefox-leads-")),
      DATABASE_URL: "",
      RATE_LIMIT_PER_MINUTE: "0",
      // The suite never calls the outside form service.
      RELAY_ENABLED: "false",
    },
    60_000,
  ); // as long as Playwright gives its web server: the suites share a small, busy machine
  browser = await puppeteer.launch({ browser: "firefox", executablePath: FIREFOX_PATH });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

interface Opened {
  page: Page;
  /** Script errors the page reported (uncaught exceptions and console errors), as text. */
  errors: string[];
}

/** A new tab at 390 px, watching for script errors and for hydration, opened at `pathname`. */
async function open(pathname: string, { background = false } = {}): Promise<Opened> {
  const page = await browser.newPage({ background });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.setViewport({ width: 390, height: 844 });
  await page.evaluateOnNewDocument(hydrationProbe);
  await page.goto(`${server.url}${pathname}`, { waitUntil: "load" });
  return { page, errors };
}

/** Waits for hydration and returns how long after the load event it came (negative: before it). */
async function hydratedAfterLoad(page: Page): Promise<number> {
  await page.waitForFunction(
    () => (window as unknown as { __hydrationProbe: { hydrated: number | null } }).__hydrationProbe.hydrated,
    { timeout: 10_000, polling: 20 },
  );
  const { load, hydrated } = await page.evaluate(readHydrationTiming);
  return (hydrated ?? Number.NaN) - load;
}

async function expectHydratedSoonAfterLoad(page: Page, label: string) {
  const after = await hydratedAfterLoad(page);
  assert.ok(after < HYDRATION_AFTER_LOAD_MS, `${label} hydrated ${Math.round(after)} ms after load`);
}

/** The button or link whose text (or accessible label) is `name`, inside `scope`. */
async function control(page: Page, scope: string, name: string): Promise<ElementHandle<HTMLElement>> {
  const handle = await page.waitForFunction(
    (scopeSelector: string, wanted: string) =>
      [...document.querySelectorAll<HTMLElement>(`${scopeSelector} :is(a, button)`)].find(
        (element) => (element.getAttribute("aria-label") ?? element.textContent ?? "").trim() === wanted,
      ),
    { timeout: 5_000 },
    scope,
    name,
  );
  return handle as ElementHandle<HTMLElement>;
}

/** Types into the field labelled `label` inside `scope`. */
async function fill(page: Page, scope: string, label: string, value: string) {
  const field = await page.evaluateHandle(
    (scopeSelector: string, wanted: string) =>
      [...document.querySelectorAll<HTMLLabelElement>(`${scopeSelector} label`)].find(
        (candidate) => candidate.textContent?.trim() === wanted,
      )?.control ?? null,
    scope,
    label,
  );
  const element = field.asElement() as ElementHandle<HTMLInputElement> | null;
  assert.ok(element, `a field labelled ${label}`);
  await element.type(value);
}

/**
 * Focus scrolls without easing from here on. While focus is in the page, app/styles.css scrolls smoothly
 * (`html:focus-within`), so typing into a field starts a scroll that can still be moving the form when the next
 * click is aimed: its press and release then land on different elements and nothing is clicked. The Playwright
 * specs that type and then press run with reduced motion for this (tests/e2e/forms.spec.ts); puppeteer's media
 * emulation needs CDP, so here the page's own declaration is overridden (an inline style wins over app/styles.css).
 */
const scrollInstantly = (page: Page) =>
  page.evaluate(() => {
    document.documentElement.style.scrollBehavior = "auto";
  });

const waitForText = (page: Page, text: string) =>
  page.waitForFunction(
    (wanted: string) => document.body.textContent?.includes(wanted),
    { timeout: 7_000 },
    text,
  );

describe("Firefox", { timeout: 10 * 60_000 }, () => {
  for (const pathname of [...publicPaths, NOT_FOUND_ANSWER]) {
    test(`${pathname} loads without a script error and hydrates`, { timeout: TEST_TIMEOUT_MS }, async () => {
      const { page, errors } = await open(pathname);
      try {
        await expectHydratedSoonAfterLoad(page, pathname);
        // The 404 page reports the missing path on the console by design (the spec's wording).
        assert.deepEqual(
          errors.filter((error) => !error.startsWith(NOT_FOUND_LOG)),
          [],
        );
      } finally {
        await page.close();
      }
    });
  }

  for (const pathname of FORM_ANCHORS) {
    test(`${pathname}: opened at the form's anchor, the page hydrates`, {
      timeout: TEST_TIMEOUT_MS,
    }, async () => {
      const { page, errors } = await open(pathname);
      try {
        await expectHydratedSoonAfterLoad(page, pathname);
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    });
  }

  test("a page opened in a background tab hydrates", { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = await open(ROUTES.chartAssist, { background: true });
    try {
      assert.equal(await page.evaluate(() => document.visibilityState), "hidden");
      await expectHydratedSoonAfterLoad(page, "the background tab");
    } finally {
      await page.close();
    }
  });

  test("an internal link clicked 300 ms after load navigates on the client", {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { page } = await open(ROUTES.about);
    try {
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
      const { load } = await page.evaluate(readHydrationTiming);
      await page.evaluate(
        (at: number) => new Promise((resolve) => setTimeout(resolve, at - performance.now())),
        load + 300,
      );
      const historyBefore = await page.evaluate(() => history.length);
      const link = await page.$(`header a[href="${ROUTES.team}"]`);
      assert.ok(link, "the top bar's link to the team page");
      await link.click();
      await page.waitForFunction(() => location.pathname === "/team" && document.title.includes("Team"));
      // The same document (no reload) and one history entry (no second navigation).
      assert.equal(await page.evaluate(() => "__sameDocument" in window), true);
      assert.equal(await page.evaluate(() => history.length), historyBefore + 1);
      assert.equal(await page.evaluate(() => performance.getEntriesByType("navigation").length), 1);
    } finally {
      await page.close();
    }
  });

  test("the home menu opens", { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = await open(ROUTES.home);
    try {
      await hydratedAfterLoad(page);
      const button = await control(page, "nav", "Open site menu");
      await button.click();
      await page.waitForFunction(() => document.querySelector("nav [popover]")?.matches(":popover-open"));
      assert.equal(await button.evaluate((element) => element.getAttribute("aria-expanded")), "true");
    } finally {
      await page.close();
    }
  });

  test("a carousel's next button shows the next slide", { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = await open(ROUTES.chartAssist);
    try {
      await hydratedAfterLoad(page);
      const carousel = '[aria-roledescription="carousel"]';
      await page.$eval(carousel, (element) => element.scrollIntoView({ block: "center" }));
      await (await control(page, carousel, "Next testimonial")).click();
      await page.waitForFunction(
        (selector: string) =>
          [...document.querySelectorAll(`${selector} button[aria-current="true"]`)].some(
            (dot) => dot.textContent?.trim() === "Go to testimonial 2",
          ),
        { timeout: 5_000 },
        carousel,
      );
    } finally {
      await page.close();
    }
  });

  test("the ChartAssist demo form: Missing Information, then Demo Request Submitted", {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { page, errors } = await open(`${ROUTES.chartAssist}#demo`);
    try {
      await hydratedAfterLoad(page);
      await scrollInstantly(page);
      await (await control(page, "#demo form", "Schedule Demo")).click();
      await waitForText(page, "Missing Information");
      await fill(page, "#demo form", "Name*", "Dana Whitfield");
      await fill(page, "#demo form", "Work Email*", "dana@sunrise-snf.example");
      await (await control(page, "#demo form", "Schedule Demo")).click();
      await waitForText(page, "Demo Request Submitted");
      assert.equal(new URL(page.url()).pathname, ROUTES.chartAssist, "no native post");
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });

  test("the nurse application without consent: Consent Required", { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = await open(`${ROUTES.careers}#application-form`);
    try {
      await hydratedAfterLoad(page);
      await scrollInstantly(page);
      const form = "#application-form form";
      await fill(page, form, "First Name*", "Maria");
      await fill(page, form, "Last Name*", "Lopez");
      await fill(page, form, "Email*", "maria.lopez@example.com");
      await (await control(page, form, "Submit Application")).click();
      await waitForText(page, "Consent Required");
    } finally {
      await page.close();
    }
  });
});
