import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { NOT_FOUND_PATH } from "../../app/route-paths.ts";
import { openPage, publicPaths, ROUTES, solutionPaths } from "./support/pages.ts";

/**
 * WCAG 2.2 AA by axe on every route, at 1280 px (desktop project) and 390 px (mobile project),
 * with the home menu and the solution switcher's dropdown also checked open.
 */

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
