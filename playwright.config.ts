import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./test-support/browsers.ts";
import { TEST_DOCUMENTS_KEY } from "./test-support/nurse-link.ts";

const PORT = Number(process.env.E2E_PORT ?? 4173);
const buildOut = process.env.BUILD_OUT || "build";
// The served store's directory, fixed in the runner and inherited by its workers (source.spec.ts reads it).
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "e2e-leads-"));
const dataDir = process.env.E2E_DATA_DIR;
/**
 * A second server, whose store has openings published before it starts (test-support/public-openings.ts): the
 * openings' pages are tested there (openings.spec.ts), so the careers page every other spec reads stays the
 * same throughout the run.
 */
const OPENINGS_PORT = Number(process.env.E2E_OPENINGS_PORT ?? PORT + 20);
process.env.E2E_OPENINGS_URL = `http://127.0.0.1:${OPENINGS_PORT}`;
process.env.E2E_OPENINGS_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "e2e-openings-"));
const openingsDataDir = process.env.E2E_OPENINGS_DATA_DIR;

/** Debian's Chromium here; CHROMIUM_PATH elsewhere. Playwright's own browser download is not available. */
const launchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions };
/**
 * A phone, not a narrow desktop window: iPhone 13 metrics (390 px wide at a device scale factor of 3,
 * touch, `isMobile` so the meta viewport and overlay scrollbars apply) in Chromium, with Chromium's Android user
 * agent so the page is told the truth about the engine. 844 px tall: the phone's screen, as the axe scroll
 * positions and the bottom bar checks expect. Taps go through `press()` (tests/e2e/support/pages.ts).
 */
const mobile = {
  ...devices["iPhone 13"],
  defaultBrowserType: "chromium" as const,
  userAgent: devices["Pixel 7"].userAgent,
  viewport: { width: 390, height: 844 },
  launchOptions,
};
/** A server of the built site over the SQLite store in `storeDir`, as production runs it but for the relay. */
const siteServer = (port: number, storeDir: string) => ({
  url: `http://127.0.0.1:${port}/`,
  reuseExistingServer: false,
  timeout: 60_000,
  env: {
    PORT: String(port),
    HOST: "127.0.0.1",
    BUILD_DIR: path.join(buildOut, "client"),
    DATA_DIR: storeDir,
    SITE_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: "",
    RATE_LIMIT_PER_MINUTE: "0",
    // The e2e run never calls the outside form service.
    RELAY_ENABLED: "false",
    // The nurse's documents page (documents.spec.ts).
    DOCUMENTS_KEY: TEST_DOCUMENTS_KEY,
    LOG_LEVEL: "warn",
  },
});

/** The specs that measure time on the main thread. */
const TIMING = /islands\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // No retries: a test that passes only on its second try is a failure to fix.
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "off",
    launchOptions,
  },
  projects: [
    { name: "desktop", testIgnore: TIMING, use: desktop },
    { name: "mobile", testIgnore: TIMING, use: mobile },
    // Checks that time the main thread (islands live within 1 s of load) run after every other test, one
    // at a time: sharing the two cores with another worker's pages or the HTML checker's Java made them miss.
    {
      name: "desktop-timing",
      testMatch: TIMING,
      dependencies: ["desktop", "mobile"],
      fullyParallel: false,
      use: desktop,
    },
    {
      name: "mobile-timing",
      testMatch: TIMING,
      dependencies: ["desktop-timing"],
      fullyParallel: false,
      use: mobile,
    },
  ],
  webServer: [
    { ...siteServer(PORT, dataDir), command: "node server/index.ts" },
    {
      ...siteServer(OPENINGS_PORT, openingsDataDir),
      command: "node test-support/public-openings.ts && node server/index.ts",
    },
  ],
});
