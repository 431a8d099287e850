import { expect, test } from "@playwright/test";
import { twMerge } from "tailwind-merge";
import { NOT_FOUND_PATH } from "../../config/route-paths.ts";
import { publicPaths, waitForIslands } from "./support/pages.ts";

// cn() joins classes without resolving conflicts (app/lib/cn.ts): two utilities for one property would
// leave the winner to stylesheet order. tailwind-merge, here only, finds any element that has such a pair.

test.skip(({ viewport }) => (viewport?.width ?? 0) < 1024, "viewport-independent: runs on desktop only");

/** The class lists on a page that tailwind-merge would shorten, with what it would drop. */
function conflicts(classLists: string[]) {
  const found: string[] = [];
  for (const list of new Set(classLists)) {
    const tokens = list.split(/\s+/).filter(Boolean);
    const kept = new Set(twMerge(tokens.join(" ")).split(" "));
    const dropped = tokens.filter((token) => !kept.has(token));
    if (dropped.length) found.push(`${dropped.join(" ")} in "${list}"`);
  }
  return found;
}

for (const path of [...publicPaths, NOT_FOUND_PATH]) {
  test(`${path}: no element carries two utilities for one property`, async ({ page }) => {
    await page.goto(path);
    await waitForIslands(page);
    const classLists = await page.evaluate(() =>
      [...document.querySelectorAll("[class]")].map((element) => element.getAttribute("class") ?? ""),
    );
    expect(classLists.length).toBeGreaterThan(50);
    expect(conflicts(classLists)).toEqual([]);
  });
}

test("the check itself finds a conflicting pair", () => {
  expect(conflicts(["flex px-4 px-6", "mt-0.5 size-5 mt-0", "text-sm text-ink"])).toEqual([
    'px-4 in "flex px-4 px-6"',
    'mt-0.5 in "mt-0.5 size-5 mt-0"',
  ]);
});
