/** What the end-to-end suites and benchmarks share about browsers: where they are, their flags, how to see islands start. */

/** Debian's packages here; CHROMIUM_PATH, FIREFOX_PATH and WEBKIT_BROWSER_PATH elsewhere. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";
/** WebKitGTK's own browser, which Debian's webkit2gtk-driver (WebKitWebDriver) drives. */
export const WEBKIT_BROWSER_PATH =
  process.env.WEBKIT_BROWSER_PATH ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

/**
 * Headless Chromium flags that work in a container: no sandbox, no GPU, no background traffic. Every Chromium
 * launcher reads them from here: playwright.config.ts, the benchmarks, npm run perf (with --headless=new).
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** WebKitGTK's browser under automation (its only flag: the driver gives it the rest), on Xvfb's screen. */
export const WEBKIT_ARGS = ["--automation"];
export const XVFB_SCREEN = "1280x1024x24";

/** How soon after `load` a page's islands must be live (a tap on the menu or a carousel arrow works). */
export const ISLANDS_LIVE_AFTER_LOAD_MS = 1000;

/** The form anchors a "Request a demo" link opens a page at (Firefox records no paint entry for them). */
export const FORM_ANCHORS = [
  "/chart-assist#demo",
  "/health-admin#contact",
  "/carestaff#contact",
  "/carestaff/careers#application-form",
];

export interface IslandsTiming {
  /** ms from navigation start to the load event (0 until it fired), and to the islands being live (null until then). */
  load: number;
  live: number | null;
}

/**
 * Install before the page's own scripts (addInitScript, evaluateOnNewDocument): notes when the page's islands
 * are live (app/islands/start-islands.ts marks <html data-islands="live">), polling with timers so it also runs
 * in a tab that does not paint. A build from before decision 021 counts as live once React owns <main>, so the
 * benchmarks can measure an old build beside the new one. Read the result with {@link readIslandsTiming}.
 */
export function islandsProbe() {
  const seen: { live: number | null } = { live: null };
  Object.defineProperty(window, "__islandsProbe", { value: seen });
  const check = () => {
    const main = document.querySelector("main");
    const hydratedWhole = main && Object.keys(main).some((key) => key.startsWith("__reactFiber$"));
    if (document.documentElement?.dataset.islands === "live" || hydratedWhole) seen.live = performance.now();
    else setTimeout(check, 5);
  };
  check();
}

/**
 * In the page: the load event's and the islands' times, from the page's own `islands-live` mark, or from the
 * probe on a build from before decision 021. Needs no probe on a current build (WebDriver classic has none).
 */
export function readIslandsTiming(): IslandsTiming {
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  const mark = performance.getEntriesByName("islands-live")[0];
  const seen = (window as unknown as { __islandsProbe?: { live: number | null } }).__islandsProbe;
  return { load: navigation?.loadEventStart ?? 0, live: mark?.startTime ?? seen?.live ?? null };
}
