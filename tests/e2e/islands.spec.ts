import { expect, type Page, test } from "@playwright/test";
import puppeteer from "puppeteer-core";
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  FORM_ANCHORS,
  ISLANDS_LIVE_AFTER_LOAD_MS,
  islandsProbe,
  readIslandsTiming,
} from "../../test-support/browsers.ts";
import { press, publicPaths, ROUTES, waitForIslands } from "./support/pages.ts";

// Decision 021: a page's islands always start (with or without paint timing, at an anchor, in a background tab),
// soon after its load event, each on its own; the page navigates as documents. The same checks run in Firefox
// (tests/firefox/smoke.test.ts) and WebKit (tests/webkit/smoke.test.ts).

/** Opens `path` with the islands probe installed; resolves at the load event. */
async function openWithProbe(page: Page, path: string) {
  await page.addInitScript(islandsProbe);
  await page.goto(path, { waitUntil: "load" });
}

/** How long after its load event the page's islands were live (negative: before it). */
async function liveAfterLoad(page: Page) {
  await page.waitForFunction(() => {
    const probe = (window as unknown as { __islandsProbe: { live: number | null } }).__islandsProbe;
    return probe.live !== null;
  });
  const { load, live } = await page.evaluate(readIslandsTiming);
  return (live ?? Number.NaN) - load;
}

for (const path of [...publicPaths, ...FORM_ANCHORS]) {
  test(`${path}: its islands are live within ${ISLANDS_LIVE_AFTER_LOAD_MS} ms of its load event`, async ({
    page,
  }) => {
    await openWithProbe(page, path);
    expect(await liveAfterLoad(page)).toBeLessThan(ISLANDS_LIVE_AFTER_LOAD_MS);
    // Every island due with the page is live; a form far below starts as the visitor comes near it.
    await expect(
      page.locator('[data-island]:not([data-island-start="near"]):not([data-island-state="live"])'),
    ).toHaveCount(0);
  });
}

// Playwright cannot open a tab in the background (every page it drives counts as visible); puppeteer-core can.
test("a page opened in a background tab starts its islands within 1 s of its load event", async ({
  baseURL,
  viewport,
}) => {
  test.skip((viewport?.width ?? 0) < 1024, "viewport-independent: runs on desktop only");
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ background: true });
    await page.evaluateOnNewDocument(islandsProbe);
    await page.goto(`${baseURL}${ROUTES.chartAssist}`, { waitUntil: "load" });
    expect(await page.evaluate(() => document.visibilityState)).toBe("hidden");
    // Polled on a timer: puppeteer's default polls on animation frames, which a background tab never draws.
    await page.waitForFunction(
      () => (window as unknown as { __islandsProbe: { live: number | null } }).__islandsProbe.live,
      { polling: 100 },
    );
    const { load, live } = await page.evaluate(readIslandsTiming);
    expect((live ?? Number.NaN) - load).toBeLessThan(ISLANDS_LIVE_AFTER_LOAD_MS);
  } finally {
    await browser.close();
  }
});

test("a link clicked 300 ms after load opens the next page at its top, its islands live", async ({
  page,
}) => {
  await openWithProbe(page, ROUTES.about);
  const { load } = await page.evaluate(readIslandsTiming);
  await page.evaluate(
    (at) => new Promise((resolve) => setTimeout(resolve, at - performance.now())),
    load + 300,
  );
  await page.evaluate(() => window.scrollTo(0, 400));
  const historyBefore = await page.evaluate(() => history.length);
  await page.locator(`header a[href="${ROUTES.team}"]`).click();
  await expect(page).toHaveURL(ROUTES.team);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meet Our Team");
  await waitForIslands(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // One navigation, one history entry.
  expect(await page.evaluate(() => history.length)).toBe(historyBefore + 1);
});

test("a page whose one island's script fails to load keeps the rest: the others start, the form posts natively", async ({
  page,
}) => {
  // The ChartAssist page's form island never arrives (a stale deploy, a dropped request).
  await page.route(/\/assets\/lead-form-island-[^/]+\.js$/, (route) => route.abort());
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(`${ROUTES.chartAssist}#demo`);
  const form = page.locator('form[data-form="chartassist-demo"]');
  await expect(form.locator("xpath=ancestor::*[@data-island][1]")).toHaveAttribute(
    "data-island-state",
    "failed",
  );
  await waitForIslands(page);
  expect(errors.some((error) => error.includes("Island lead-form did not start"))).toBe(true);

  // The other islands started: a carousel moves.
  const carousel = page.getByRole("region", { name: "ChartAssist client testimonials" });
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel).toHaveAttribute("data-ready", "");
  await press(carousel.getByRole("button", { name: "Next testimonial" }));
  await expect(carousel.getByRole("button", { name: "Go to testimonial 2" })).toHaveAttribute(
    "aria-current",
    "true",
  );

  // The form is the pre-rendered one: the browser's own checks, then a native post that lands back on the page.
  await expect(form).not.toHaveAttribute("novalidate");
  await form.getByLabel("Name*", { exact: true }).fill("Dana Whitfield");
  await form.getByLabel("Work Email*", { exact: true }).fill("island-failed@example.com");
  await Promise.all([
    page.waitForURL(/\/chart-assist\?lead=ok#demo$/),
    form.getByRole("button", { name: "Schedule Demo" }).click(),
  ]);
  await expect(page.locator('form[data-form="chartassist-demo"] [data-lead-message="ok"]')).toBeVisible();
});
