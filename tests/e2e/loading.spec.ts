import { expect, test } from "@playwright/test";
import { publicPaths, waitForHydration } from "./support/pages.ts";

// Decision 008: a page paints from its HTML and stylesheet alone; its JavaScript is requested only after
// that first paint, and the page then hydrates as before.

for (const path of publicPaths) {
  test(`${path}: no script is requested before the first paint, then the page hydrates`, async ({ page }) => {
    await page.goto(path);
    await waitForHydration(page);
    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-paint")[0]?.startTime ?? Number.NaN;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => entry.startTime);
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

test("React's CommonJS modules are shipped as function expressions V8 compiles with the script (decision 009)", async ({
  request,
  viewport,
}) => {
  test.skip((viewport?.width ?? 0) < 1024, "viewport-independent: runs on desktop only");
  const html = await (await request.get("/")).text();
  const react = html.match(/"(\/assets\/react-[\w-]+\.js)"/)?.[1];
  expect(react, "the bootstrap preloads React's chunk").toBeTruthy();
  const code = await (await request.get(react ?? "")).text();
  // Minified: `x=e((function(e,t){...}))` rather than `x=e(((e,t)=>{...}))`, which V8 compiles on first call.
  const eager = code.match(/=[\w$]+\(\(function\([\w$,]*\)\{/g) ?? [];
  const lazy = code.match(/=[\w$]+\(\(\(?[\w$,]*\)?=>\{/g) ?? [];
  expect(eager.length).toBeGreaterThanOrEqual(5); // react, react-dom, react-dom/client, scheduler, jsx-runtime
  expect(lazy).toEqual([]);
});
