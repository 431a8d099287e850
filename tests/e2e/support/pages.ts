import { type Locator, type Page, test } from "@playwright/test";
import { indexablePaths, publicPaths, ROUTES } from "../../../config/route-paths.ts";
import { readSiteConfig } from "../../../config/site.ts";

/** The same settings the build read (the test run shares its environment), for expected absolute URLs. */
export const site = readSiteConfig(process.env);

export { indexablePaths, publicPaths, ROUTES };

/** The solution landing pages: they carry the switcher (pills on wide screens, a dropdown on phones). */
export const solutionPaths = [ROUTES.chartAssist, ROUTES.careStaff, ROUTES.careWorks] as const;

/** Resolves once every island of the page has started (decision 021), so their handlers are live. */
export async function waitForIslands(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.islands === "live");
}

/** Opens a page, waits for its islands and a quiet network. */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForIslands(page);
  await page.waitForLoadState("networkidle");
  return response;
}

/** True in the phone project: a touch screen, where a finger taps rather than a mouse clicking. */
export function isTouch() {
  return test.info().project.use.hasTouch === true;
}

/** Presses a control the way the device would: a tap on the phone project, a click on the desktop one. */
export async function press(locator: Locator, options: { position?: { x: number; y: number } } = {}) {
  if (isTouch()) await locator.tap(options);
  else await locator.click(options);
}

/** Presses at a point of the viewport, as `press` does: an outside tap or click, for light dismiss. */
export async function pressAt(page: Page, x: number, y: number) {
  if (isTouch()) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}
