/** What the end-to-end suites and benchmarks share about browsers: where they are, their flags, how to see islands start. */

/** Debian's packages here; CHROMIUM_PATH and FIREFOX_PATH elsewhere. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";

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

/** Issue 29: a page's islands are live (a tap on the menu or a carousel arrow works) this soon after `load`. */
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

/** In the page: the load event's and the islands' times, from the probe. */
export function readIslandsTiming(): IslandsTiming {
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  const seen = (window as unknown as { __islandsProbe?: { live: number | null } }).__islandsProbe;
  return { load: navigation?.loadEventStart ?? 0, live: seen?.live ?? null };
}
