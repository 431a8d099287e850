/** What the end-to-end suites and benchmarks share about browsers: where they are, and how to see hydration. */

/** Debian's packages here; CHROMIUM_PATH and FIREFOX_PATH elsewhere. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";

/** Headless Chromium flags that work in a container: no sandbox, no GPU, no background traffic. */
export const BROWSER_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Issue 12: every page hydrates within this long after its `load` event. */
export const HYDRATION_AFTER_LOAD_MS = 1500;

/** The form anchors a "Request a demo" link opens a page at (Firefox records no paint entry for them). */
export const FORM_ANCHORS = [
  "/chart-assist#demo",
  "/health-admin#contact",
  "/carestaff#contact",
  "/carestaff/careers#application-form",
];

export interface HydrationTiming {
  /** ms from navigation start to the load event (0 until it fired), and to hydration (null until then). */
  load: number;
  hydrated: number | null;
}

/**
 * Install before the page's own scripts (addInitScript, evaluateOnNewDocument): notes when React first owns
 * <main> (its fiber is attached), polling with timers so it also runs in a tab that does not paint.
 * Read the result with {@link readHydrationTiming}.
 */
export function hydrationProbe() {
  const seen: { hydrated: number | null } = { hydrated: null };
  Object.defineProperty(window, "__hydrationProbe", { value: seen });
  const check = () => {
    const main = document.querySelector("main");
    if (main && Object.keys(main).some((key) => key.startsWith("__reactFiber$")))
      seen.hydrated = performance.now();
    else setTimeout(check, 5);
  };
  check();
}

/** In the page: the load event's and hydration's times, from the probe. */
export function readHydrationTiming(): HydrationTiming {
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  const seen = (window as unknown as { __hydrationProbe?: { hydrated: number | null } }).__hydrationProbe;
  return { load: navigation?.loadEventStart ?? 0, hydrated: seen?.hydrated ?? null };
}
