import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import puppeteer, { type Browser, type ElementHandle } from "puppeteer-core";
import { ROUTES } from "../../config/route-paths.ts";
import {
  FIREFOX_PATH,
  ISLANDS_LIVE_AFTER_LOAD_MS,
  islandsProbe,
  readIslandsTiming,
} from "../../test-support/browsers.ts";
import type { ServerProcess } from "../../test-support/server-process.ts";
import { findControl, findField, type SmokePage, smokeSuite, startSiteServer } from "../smoke/smoke-suite.ts";

/**
 * The second engine: Debian's Firefox ESR, driven over WebDriver BiDi by puppeteer-core (Playwright
 * cannot drive a stock Firefox), against the same built site the Playwright suite serves, at 390 px.
 *   node --test tests/firefox/        (part of npm run test:e2e; FIREFOX_PATH overrides the binary)
 */

let server: ServerProcess;
let browser: Browser;

before(async () => {
  server = await startSiteServer("firefox");
  browser = await puppeteer.launch({ browser: "firefox", executablePath: FIREFOX_PATH });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A new tab at 390 px, watching for script errors, opened at `pathname`. */
async function open(pathname: string, { background = false } = {}): Promise<SmokePage> {
  const page = await browser.newPage({ background });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.setViewport({ width: 390, height: 844 });
  await page.evaluateOnNewDocument(islandsProbe);
  await page.goto(`${server.url}${pathname}`, { waitUntil: "load" });
  const element = async (find: typeof findControl, scope: string, name: string) => {
    const handle = await page.waitForFunction(find, { timeout: 5_000 }, scope, name);
    return handle as ElementHandle<HTMLElement>;
  };
  return {
    // Arguments and results are JSON (SmokePage's contract), which puppeteer's handle-aware types cannot see.
    evaluate: <Args extends unknown[], Result>(fn: (...args: Args) => Result, ...args: Args) =>
      page.evaluate(fn as (...args: unknown[]) => Result, ...args) as Promise<
        Awaited<Result>
      > as Promise<Result>,
    click: async (scope, name) => (await element(findControl, scope, name)).click(),
    type: async (scope, label, value) => (await element(findField, scope, label)).type(value),
    errors: () => errors,
    close: () => page.close(),
  };
}

smokeSuite({ name: "Firefox", viewportWidth: 390, open });

test("Firefox: a page opened in a background tab starts its islands", { timeout: 60_000 }, async () => {
  const page = await open(ROUTES.chartAssist, { background: true });
  try {
    assert.equal(await page.evaluate(() => document.visibilityState), "hidden");
    const deadline = Date.now() + 10_000;
    let timing = await page.evaluate(readIslandsTiming);
    while (timing.live === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      timing = await page.evaluate(readIslandsTiming);
    }
    assert.ok((timing.live ?? Number.NaN) - timing.load < ISLANDS_LIVE_AFTER_LOAD_MS, "live soon after load");
  } finally {
    await page.close();
  }
});
