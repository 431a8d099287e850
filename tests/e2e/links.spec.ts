import { expect, test } from "@playwright/test";
import { publicPaths } from "./support/pages.ts";

const NOT_FOUND_TEXT = "Oops! Page not found";

/** Links in the pre-rendered HTML: every page is static, so its HTML holds every link a visitor can follow. */
const linksIn = (html: string) =>
  [...html.matchAll(/<a\b[^>]*\shref="([^"]+)"/g)].map((match) => match[1] ?? "");

test("every internal link and anchor on every page resolves", async ({ request }) => {
  test.skip(test.info().project.name !== "desktop", "the same links at every width");
  const htmlByPath = new Map<string, string>();
  const fetchPage = async (path: string) => {
    const cached = htmlByPath.get(path);
    if (cached !== undefined) return cached;
    const response = await request.get(path);
    expect(response.status(), `${path} status`).toBe(200);
    const html = await response.text();
    expect(html, `${path} is not the 404 page`).not.toContain(NOT_FOUND_TEXT);
    htmlByPath.set(path, html);
    return html;
  };

  const targets = new Map<string, Set<string>>(); // path -> anchors it must have
  for (const page of publicPaths) {
    for (const href of linksIn(await fetchPage(page))) {
      if (!href.startsWith("/") && !href.startsWith("#")) continue;
      if (href.startsWith("//")) continue;
      const url = new URL(href, `http://site${page}`);
      const anchors = targets.get(url.pathname) ?? new Set<string>();
      if (url.hash) anchors.add(decodeURIComponent(url.hash.slice(1)));
      targets.set(url.pathname, anchors);
    }
  }

  expect(targets.size).toBeGreaterThan(10);
  for (const [path, anchors] of targets) {
    const html = await fetchPage(path);
    for (const anchor of anchors) expect(html, `${path}#${anchor}`).toContain(`id="${anchor}"`);
  }
});
