/**
 * Runs `start` once the page has painted (decision 012's policy, kept by decision 021): at the first contentful
 * paint; where no paint entry comes (Firefox opened at an anchor, a browser without paint timing), two drawn
 * frames and 200 ms after `load`; in a background tab, which draws no frame, at `load`; in a page prerendered
 * for a likely next navigation, once it is shown. The page's scripts then never share the network or the main
 * thread with the first paint.
 *
 * Inlined into every page as source text (`Function.prototype.toString`, islands-script.tsx): it may use only
 * globals and its own name, never a module binding.
 */
export function afterFirstPaint(start: () => void): void {
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    document.addEventListener("prerenderingchange", () => afterFirstPaint(start), { once: true });
    return;
  }
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  if (globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint")) {
    new PerformanceObserver((entries) => {
      if (entries.getEntriesByName("first-contentful-paint").length) once();
    }).observe({ type: "paint", buffered: true });
  }
  const loaded = () => {
    if (document.visibilityState === "hidden") once();
    else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(once, 200)));
  };
  if (document.readyState === "complete") loaded();
  else addEventListener("load", loaded, { once: true });
}
