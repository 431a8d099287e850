import path from "node:path";
import { expect, test } from "@playwright/test";
import { pageScripts, staticImports } from "../../scripts/check-budget.ts";
import { publicPaths, waitForIslands } from "./support/pages.ts";

// Decision 021: a page paints from its HTML and stylesheet alone. Its HTML names one script, the island entry
// (a module, fetched at low priority, run after parsing); the islands' own scripts are requested only after the
// first paint (a form's, once the visitor comes near it), and they are exactly what the JavaScript budget counts.

const clientDir = path.join(process.env.BUILD_OUT || "build", "client");
const pageFile = (route: string) => path.join(clientDir, route, "index.html");

for (const route of publicPaths) {
  test(`${route}: only the island entry before the first paint, then the page's islands, as budgeted`, async ({
    page,
  }) => {
    await page.goto(route);
    await waitForIslands(page);
    // Down to the end of the page, so the islands that start as the visitor comes near (the forms) start too.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.locator('[data-island]:not([data-island-state="live"])')).toHaveCount(0);
    // On a busy machine the paint entry can be reported late: it waits for the frame to be presented. Wait for it,
    // then compare with the time its frame was drawn (`paintTime`); its `startTime` is the presentation.
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName("first-paint").length)).toBe(1);
    const timing = await page.evaluate(() => {
      const entry = performance.getEntriesByName("first-paint")[0] as PerformancePaintTiming | undefined;
      const paint = entry?.paintTime ?? entry?.startTime ?? Number.NaN;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((resource) => new URL(resource.name).pathname.endsWith(".js"))
        .map((resource) => ({ path: new URL(resource.name).pathname, start: resource.startTime }));
      return { paint, scripts };
    });

    expect(timing.paint).toBeGreaterThan(0);
    const { entry, islands } = await pageScripts(clientDir, pageFile(route));
    for (const script of timing.scripts.filter((loaded) => !entry.has(loaded.path)))
      expect(script.start, script.path).toBeGreaterThanOrEqual(timing.paint);
    expect(timing.scripts.map((script) => script.path).sort()).toEqual([...entry, ...islands].sort());
  });
}

test("the pre-rendered HTML names one script, the island entry, which imports nothing, and nothing to preload", async ({
  request,
  viewport,
}) => {
  test.skip((viewport?.width ?? 0) < 1024, "viewport-independent: runs on desktop only");
  for (const route of publicPaths) {
    const html = await (await request.get(route)).text();
    const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)];
    expect(
      scripts.map((script) => script[1]),
      route,
    ).toEqual([expect.stringMatching(/^\/assets\/entry\.client-/)]);
    expect(scripts[0]?.[0], route).toMatch(/type="module"/);
    // Its imports would be found only once it has arrived: a second round trip before the islands (and one that
    // Lighthouse's simulated LCP counts), so what it shares with other chunks is in its own chunk (vite.config.ts).
    const entry = scripts[0]?.[1] ?? "";
    expect(staticImports(await (await request.get(entry)).text(), entry), route).toEqual([]);
    expect(html, route).not.toMatch(/<link[^>]+rel="modulepreload"/);
    // No React Router bootstrap: the page is not hydrated as a whole.
    expect(html, route).not.toContain("__reactRouterContext");
    // In-page anchors are plain "#anchor" links: "/page/#anchor" would be another URL than the page's own.
    expect(html, route).not.toMatch(/href="\/[^"]*\/#/);
  }
});
