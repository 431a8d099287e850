import { expect, test } from "@playwright/test";
import { publicPaths, waitForHydration } from "./support/pages.ts";

// Decision 012: a page paints from its HTML and stylesheet alone; its JavaScript is requested only after
// that first paint, and the page then hydrates soon after its load event.

for (const path of publicPaths) {
  test(`${path}: no script is requested before the first paint, then the page hydrates`, async ({ page }) => {
    await page.goto(path);
    await waitForHydration(page);
    // On a busy machine the paint entry can be reported after hydration: it waits for the frame to be presented,
    // and the bootstrap's fallback starts two frames and 200 ms after load (scripts/defer-hydration.ts). Wait for
    // it, then compare with the time its frame was drawn (`paintTime`); its `startTime` is the presentation.
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName("first-paint").length)).toBe(1);
    const timing = await page.evaluate(() => {
      const entry = performance.getEntriesByName("first-paint")[0] as PerformancePaintTiming | undefined;
      const paint = entry?.paintTime ?? entry?.startTime ?? Number.NaN;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((resource) => new URL(resource.name).pathname.endsWith(".js"))
        .map((resource) => resource.startTime);
      return { paint, scripts, preloadsInHtml: document.querySelectorAll("link[rel=modulepreload]").length };
    });

    expect(timing.paint).toBeGreaterThan(0);
    expect(timing.scripts.length).toBeGreaterThan(0);
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint);
    // The preloads the bootstrap added after paint, one per first-load chunk.
    expect(timing.preloadsInHtml).toBeGreaterThan(2);
  });
}

test("the pre-rendered HTML names no script that the parser would fetch before the first paint", async ({
  request,
  viewport,
}) => {
  test.skip((viewport?.width ?? 0) < 1024, "viewport-independent: runs on desktop only");
  for (const path of publicPaths) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toMatch(/<link[^>]+rel="modulepreload"/);
    expect(html, path).not.toMatch(/<script[^>]+\bsrc=/);
    expect(html, path).not.toMatch(/^\s*import\s+[^(]/m);
    // Links are followed natively until hydration: an in-page anchor must not point at "/page/#anchor",
    // another URL than the page's own.
    expect(html, path).not.toMatch(/href="\/[^"]*\/#/);
  }
});
