import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { NOT_FOUND_PATH } from "../../config/route-paths.ts";
import { openPage, publicPaths, ROUTES, solutionPaths } from "./support/pages.ts";

/**
 * WCAG 2.2 AA by axe on every route, at 1280 px (desktop project) and 390 px (mobile project),
 * with the home menu and the solution switcher's dropdown also checked open.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa", "best-practice"];

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  // One line per failing node: rule, impact, target and axe's own summary, so a failure says what to fix.
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}) ${node.target.join(" ")}: ${node.failureSummary?.split("\n")[1]?.trim() ?? violation.help}`,
    ),
  );
}

// Final states at once (reveals, counters, typing): axe judges what a reader settles on, not a frame mid-fade.
test.use({ reducedMotion: "reduce" });

for (const path of [...publicPaths, NOT_FOUND_PATH]) {
  test(`axe: ${path}`, async ({ page }) => {
    await openPage(page, path === NOT_FOUND_PATH ? "/no-such-page" : path);
    expect(await axeViolations(page)).toEqual([]);
  });
}

test("axe: the home menu, open", async ({ page }) => {
  await openPage(page, ROUTES.home);
  await page.getByRole("button", { name: /menu/i }).click();
  await expect(page.getByRole("navigation", { name: "Site" }).locator("[popover]")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

for (const path of solutionPaths) {
  test(`axe: the solution switcher on ${path}, open on phones`, async ({ page, viewport }) => {
    test.skip((viewport?.width ?? 0) >= 768, "the dropdown is the phone layout; wide screens show pills");
    await openPage(page, path);
    await page.getByRole("button", { name: "Our Solutions" }).click();
    await expect(page.getByRole("navigation", { name: "Our solutions" }).locator("[popover]")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}

test("motion: reveals and counters show their final state under prefers-reduced-motion", async ({ page }) => {
  await openPage(page, ROUTES.home);
  // Nothing on the page is still hidden by a reveal, or animating, once loaded and without any scrolling.
  const moving = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("main *")]
      .filter((element) => {
        if (element.closest(":disabled")) return false; // dimmed on purpose, not in motion
        const hidden = Number(getComputedStyle(element).opacity) < 0.1;
        const running = element.getAnimations().some((animation) => animation.playState === "running");
        return hidden || running;
      })
      .map((element) => element.outerHTML.slice(0, 120)),
  );
  expect(moving).toEqual([]);
});

/**
 * The top bar is translucent, so its text's contrast depends on what scrolls under it. Scroll
 * through each page 16 px at a time, note what is painted under nine points of the bar at each stop, and
 * run axe's contrast check on the bar once over each backdrop, where it covers most of the bar: a run of axe
 * is too slow to repeat at every stop (docs/testing.md).
 */
for (const path of [...publicPaths, NOT_FOUND_PATH]) {
  test(`axe: the top bar's contrast over every part of ${path}`, async ({ page }) => {
    await openPage(page, path === NOT_FOUND_PATH ? "/no-such-page" : path);
    // Evaluated rather than added as a script tag: the site's CSP allows no inline script but its own.
    await page.evaluate(axeSource);
    const bar = path === ROUTES.home ? 'nav[aria-label="Site"]' : "header";
    const { backdrops, failures } = await page.evaluate(async (barSelector) => {
      const barElement = document.querySelector(barSelector);
      if (!barElement) throw new Error(`no ${barSelector}`);
      const box = barElement.getBoundingClientRect();
      /** The first painted background under a point of the bar, outside the bar. */
      const backdropAt = (x: number, y: number) => {
        for (const element of document.elementsFromPoint(x, y)) {
          if (barElement.contains(element)) continue;
          const style = getComputedStyle(element);
          if (style.backgroundImage !== "none") return `image ${style.backgroundImage.slice(0, 60)}`;
          if (!/, 0\)$|transparent/.test(style.backgroundColor)) return style.backgroundColor;
        }
        return "canvas";
      };
      const xs = [box.left + 8, (box.left + box.right) / 2, box.right - 8];
      const ys = [box.top + 4, (box.top + box.bottom) / 2, box.bottom - 4];
      const maxScroll = document.documentElement.scrollHeight - innerHeight;
      // For each backdrop, the stop where it lies under most of the bar.
      const seen = new Map<string, { top: number; cover: number }>();
      for (let top = 0; ; top = Math.min(top + 16, maxScroll)) {
        window.scrollTo({ top, behavior: "instant" });
        const under = xs.flatMap((x) => ys.map((y) => backdropAt(x, y)));
        for (const backdrop of new Set(under)) {
          const cover = under.filter((candidate) => candidate === backdrop).length;
          if (cover > (seen.get(backdrop)?.cover ?? 0)) seen.set(backdrop, { top, cover });
        }
        if (top >= maxScroll) break;
      }
      const failures: string[] = [];
      const { axe } = window as unknown as { axe: typeof import("axe-core") };
      for (const [backdrop, { top }] of seen) {
        window.scrollTo({ top, behavior: "instant" });
        await new Promise(requestAnimationFrame);
        const { violations } = await axe.run({ include: [barSelector] } as never, {
          runOnly: ["color-contrast"],
        });
        for (const violation of violations)
          for (const node of violation.nodes)
            failures.push(`at ${top}px over ${backdrop}: ${node.target.join(" ")}: ${node.failureSummary}`);
      }
      return { backdrops: seen.size, failures };
    }, bar);
    expect(backdrops).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });
}
