import path from "node:path";
import { expect, test } from "@playwright/test";
import { pageScripts, staticImports } from "../../scripts/check-budget.ts";
import { publicPaths, waitForIslands } from "./support/pages.ts";

// Decision 021: a page paints from its HTML and stylesheet alone. Its one script is an inline bootstrap that,
// once the page has painted, loads the island entry, which starts the page's islands (a form's once the visitor
// comes near it): no script is requested before the first paint, and what is requested is exactly what the
// JavaScript budget counts.

const clientDir = path.join(process.env.BUILD_OUT || "build", "client");
const pageFile = (route: string) => path.join(clientDir, route, "index.html");

for (const route of publicPaths) {
  test(`${route}: no script before the first paint, then the island entry and the page's islands, as budgeted`, async ({
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
    expect(entry.size, "the island entry").toBeGreaterThan(0);
    for (const script of timing.scripts)
      expect(script.start, script.path).toBeGreaterThanOrEqual(timing.paint);
    expect(timing.scripts.map((script) => script.path).sort()).toEqual([...entry, ...islands].sort());
  });
}

test("the pre-rendered HTML has one script, the inline bootstrap naming the island entry, which imports nothing", async ({
  request,
  viewport,
}) => {
  test.skip((viewport?.width ?? 0) < 1024, "viewport-independent: runs on desktop only");
  for (const route of publicPaths) {
    const html = await (await request.get(route)).text();
    expect(html, route).not.toMatch(/<script\b[^>]*\bsrc=/);
    const bootstraps = [...html.matchAll(/<script\b[^>]*\bdata-entry="([^"]+)"[^>]*>/g)];
    expect(bootstraps, route).toHaveLength(1);
    expect(bootstraps[0]?.[0], route).toMatch(/type="module"/);
    const entry = bootstraps[0]?.[1] ?? "";
    expect(entry, route).toMatch(/^\/assets\/entry\.client-[\w-]+\.js$/);
    // An import of the entry's would be found only once it has arrived: a second round trip before the islands,
    // so what it shares with other chunks is kept in its own chunk (vite.config.ts).
    expect(staticImports(await (await request.get(entry)).text(), entry), route).toEqual([]);
    expect(html, route).not.toMatch(/<link[^>]+rel="modulepreload"/);
    // No React Router bootstrap: the page is not hydrated as a whole.
    expect(html, route).not.toContain("__reactRouterContext");
    // In-page anchors are plain "#anchor" links: "/page/#anchor" would be another URL than the page's own.
    expect(html, route).not.toMatch(/href="\/[^"]*\/#/);
  }
});
