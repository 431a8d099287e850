import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, staffNavLink, test, unique } from "./fixtures.ts";

/** No sideways scrolling: the page is no wider than the screen. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** The Openings pages' screenshots, for a person to look at against DESIGN.md. */
async function shot(page: Page, database: string, name: string) {
  const dir = process.env.OPENINGS_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({
    path: `${dir}/${database}-${name}-${page.viewportSize()?.width}.png`,
    fullPage: true,
  });
}

test("a recruiter writes an opening, saves a draft, publishes, pauses, reopens and closes it; sales never sees it", async ({
  page,
  server,
  signedInAs,
}) => {
  await signedInAs("recruiter");
  await page.goto("/staff");
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  expect(await fitsWidth(page)).toBe(true);
  await (await staffNavLink(page, "Openings")).click();
  await expect(page.getByRole("heading", { level: 1, name: "Openings" })).toBeVisible();
  expect(await fitsWidth(page)).toBe(true);

  const title = `Night Shift RN ${unique()}`;
  await page.getByRole("button", { name: "New opening" }).click();
  const form = page.getByRole("dialog", { name: "New opening" });
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Title is required.")).toBeVisible();
  await form.getByLabel("Title", { exact: true }).fill(title);
  await form.getByLabel("Credential", { exact: true }).selectOption("RN");
  await form.getByLabel("Specialty", { exact: true }).fill("Med-Surg");
  await form.getByLabel("Setting", { exact: true }).selectOption("hospital");
  await form.getByLabel("City", { exact: true }).fill("Albany");
  await form.getByLabel("State", { exact: true }).selectOption("NY");
  await form.getByLabel("Postal code", { exact: true }).fill("12207");
  await form.getByLabel("Employment type", { exact: true }).selectOption("per-diem");
  await form.getByLabel("Shift", { exact: true }).selectOption("nights");
  await form.getByLabel("Pay from", { exact: true }).fill("62");
  await form.getByLabel("Pay to", { exact: true }).fill("48.5");
  await form.getByLabel("Start date", { exact: true }).fill("2027-01-04");
  await form.getByLabel("Description", { exact: true }).fill("Twelve-hour nights.\n\n- Three a week");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Pay to must be at least Pay from.")).toBeVisible();
  await form.getByLabel("Pay from", { exact: true }).fill("48.5");
  await form.getByLabel("Pay to", { exact: true }).fill("62");
  await form.getByRole("button", { name: "Save" }).click();

  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();
  for (const [button, status] of [
    ["Publish", "Published"],
    ["Pause", "Paused"],
    ["Reopen", "Published"],
    ["Close opening", "Closed"],
  ] as const) {
    await page.getByRole("button", { name: button }).click();
    await expect(page.getByText(status, { exact: true }).first()).toBeVisible();
    if (button === "Publish") await shot(page, server.database, "opening");
  }
  await expect(page.getByRole("button", { name: "Reopen" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Pause" })).toHaveCount(0);
  expect(await fitsWidth(page)).toBe(true);

  await page.getByRole("link", { name: "Openings", exact: true }).first().click();
  const row = page
    .getByRole(page.viewportSize()?.width === 390 ? "listitem" : "row")
    .filter({ hasText: title });
  await expect(row).toContainText("Closed");
  await expect(row).toContainText("$48.50–$62.00 an hour");
  expect(await fitsWidth(page)).toBe(true);
  await shot(page, server.database, "openings");

  await page.context().clearCookies();
  await signedInAs("sales");
  await page.goto("/staff");
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Staff" });
  await staffNavLink(page, "Inbox");
  await expect(nav.getByRole("link", { name: "Inbox", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Openings" })).toHaveCount(0);
  expect(await fitsWidth(page)).toBe(true);
  await page.goto("/staff/openings");
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
});
