import { expect, type Page, test } from "@playwright/test";
import puppeteer from "puppeteer-core";
import {
  BROWSER_ARGS,
  CHROMIUM_PATH,
  FORM_ANCHORS,
  HYDRATION_AFTER_LOAD_MS,
  hydrationProbe,
  readHydrationTiming,
} from "../browsers.ts";
import { publicPaths, ROUTES } from "./support/pages.ts";

// Issue 12: hydration always starts (with or without paint timing, at an anchor, in a background tab) and
// starts early enough that a link clicked soon after load is followed on the client. The same checks run in
// Firefox (tests/firefox/smoke.test.ts).

/** Opens `path` with the hydration probe installed; resolves at the load event. */
async function openWithProbe(page: Page, path: string) {
  await page.addInitScript(hydrationProbe);
  await page.goto(path, { waitUntil: "load" });
}

/** How long after its load event the page hydrated (negative: before it). */
async function hydratedAfterLoad(page: Page) {
  await page.waitForFunction(() => {
    const probe = (window as unknown as { __hydrationProbe: { hydrated: number | null } }).__hydrationProbe;
    return probe.hydrated !== null;
  });
  const { load, hydrated } = await page.evaluate(readHydrationTiming);
  return (hydrated ?? Number.NaN) - load;
}

for (const path of [...publicPaths, ...FORM_ANCHORS]) {
  test(`${path}: hydrates within ${HYDRATION_AFTER_LOAD_MS} ms of its load event`, async ({ page }) => {
    await openWithProbe(page, path);
    expect(await hydratedAfterLoad(page)).toBeLessThan(HYDRATION_AFTER_LOAD_MS);
  });
}

// Playwright cannot open a tab in the background (every page it drives counts as visible); puppeteer-core can.
test("a page opened in a background tab hydrates within 1.5 s of its load event", async ({
  baseURL,
  viewport,
}) => {
  test.skip((viewport?.width ?? 0) < 1024, "viewport-independent: runs on desktop only");
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: BROWSER_ARGS });
  try {
    const page = await browser.newPage({ background: true });
    await page.evaluateOnNewDocument(hydrationProbe);
    await page.goto(`${baseURL}${ROUTES.chartAssist}`, { waitUntil: "load" });
    expect(await page.evaluate(() => document.visibilityState)).toBe("hidden");
    // Polled on a timer: puppeteer's default polls on animation frames, which a background tab never draws.
    await page.waitForFunction(
      () =>
        (window as unknown as { __hydrationProbe: { hydrated: number | null } }).__hydrationProbe.hydrated,
      { polling: 100 },
    );
    const { load, hydrated } = await page.evaluate(readHydrationTiming);
    expect((hydrated ?? Number.NaN) - load).toBeLessThan(HYDRATION_AFTER_LOAD_MS);
  } finally {
    await browser.close();
  }
});

test("an internal link clicked 300 ms after load navigates on the client, once", async ({ page }) => {
  await openWithProbe(page, ROUTES.about);
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  const { load } = await page.evaluate(readHydrationTiming);
  await page.evaluate(
    (at) => new Promise((resolve) => setTimeout(resolve, at - performance.now())),
    load + 300,
  );
  const historyBefore = await page.evaluate(() => history.length);
  await page.locator(`header a[href="${ROUTES.team}"]`).click();
  await expect(page).toHaveURL(ROUTES.team);
  await expect(page).toHaveTitle(/Team/);
  // The same document (no reload) and one new history entry (no second navigation).
  expect(await page.evaluate(() => "__sameDocument" in window)).toBe(true);
  expect(await page.evaluate(() => history.length)).toBe(historyBefore + 1);
  expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
});
