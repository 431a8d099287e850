import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { after, before } from "node:test";
import { Builder, type WebDriver, type WebElement } from "selenium-webdriver";
import { WEBKIT_ARGS, WEBKIT_BROWSER_PATH, XVFB_SCREEN } from "../../test-support/browsers.ts";
import type { ServerProcess } from "../../test-support/server-process.ts";
import { findControl, findField, type SmokePage, smokeSuite, startSiteServer } from "../smoke/smoke-suite.ts";

/**
 * The third engine: WebKit, as most nurses with iPhones see the site. Debian's WebKitGTK browser driven
 * by its WebKitWebDriver (WebDriver classic, under Xvfb) through selenium-webdriver, against the same built site
 * the other suites serve, at its narrowest window (447 px, a phone's layout): the scenarios of
 * tests/smoke/smoke-suite.ts.
 *   node --test tests/webkit/        (part of npm run test:e2e; needs webkit2gtk-driver and xvfb, which .ci/run installs)
 */

let server: ServerProcess;
let webDriver: ChildProcess;
let driver: WebDriver;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Starts WebKitWebDriver on its own X display (xvfb-run -a), in a process group of its own to stop as one. */
async function startWebDriver(port: number): Promise<string> {
  webDriver = spawn(
    "xvfb-run",
    ["-a", "-s", `-screen 0 ${XVFB_SCREEN}`, "WebKitWebDriver", `--port=${port}`],
    {
      stdio: "ignore",
      detached: true,
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (webDriver.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${webDriver.exitCode}`);
    if (
      await fetch(`${url}/status`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return url;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("WebKitWebDriver did not answer within 30 s");
}

before(async () => {
  server = await startSiteServer("webkit");
  const url = await startWebDriver(await freePort());
  driver = await new Builder()
    .usingServer(url)
    .withCapabilities({
      browserName: "MiniBrowser",
      "webkitgtk:browserOptions": { binary: WEBKIT_BROWSER_PATH, args: WEBKIT_ARGS },
    })
    .build();
  await setViewport(VIEWPORT_WIDTH, 844);
});

after(async () => {
  await driver?.quit();
  if (webDriver?.pid) process.kill(-webDriver.pid, "SIGTERM");
  await server?.stop();
});

/**
 * The narrowest page WebKitGTK's browser opens: its window (with its toolbar) is never under 447 CSS px wide, where
 * Chromium and Firefox open 390. Both are below the first breakpoint (640 px), so the pages lay out alike.
 */
const VIEWPORT_WIDTH = 447;

/** Sizes the window so that the page's viewport is `width` x `height` CSS px (the window has a frame). */
async function setViewport(width: number, height: number) {
  await driver.manage().window().setRect({ width, height });
  const inner = (await driver.executeScript("return [innerWidth, innerHeight]")) as [number, number];
  await driver
    .manage()
    .window()
    .setRect({ width: 2 * width - inner[0], height: 2 * height - inner[1] });
}

/** Runs `fn` in the page: WebDriver classic takes a script body, so the function goes as its source. */
function run<Args extends unknown[], Result>(fn: (...args: Args) => Result, ...args: Args): Promise<Result> {
  return driver.executeScript(`return (${fn.toString()})(...arguments);`, ...args) as Promise<Result>;
}

/** The element, in the middle of the screen: WebDriver's own scrolling leaves it under the fixed bottom bar. */
async function element(find: typeof findControl, scope: string, name: string): Promise<WebElement> {
  await driver.wait(async () => (await run(find, scope, name)) !== null, 5_000, `${name} in ${scope}`);
  const found = (await run(find, scope, name)) as unknown as WebElement;
  await driver.executeScript("arguments[0].scrollIntoView({ block: 'center' });", found);
  return found;
}

/** One browser for the suite, one page at a time: WebKitWebDriver drives one window. */
async function open(pathname: string): Promise<SmokePage> {
  await driver.get(`${server.url}${pathname}`);
  return {
    evaluate: run,
    click: async (scope, name) => (await element(findControl, scope, name)).click(),
    type: async (scope, label, value) => (await element(findField, scope, label)).sendKeys(value),
    close: async () => {
      await driver.get("about:blank");
    },
  };
}

smokeSuite({ name: "WebKit", viewportWidth: VIEWPORT_WIDTH, open });
