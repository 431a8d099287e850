import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, type Page, test } from "@playwright/test";
import { ROUTES } from "../../config/route-paths.ts";
import {
  PAUSED_OPENING,
  PUBLISHED_OPENINGS,
  type SeededOpening,
} from "../../test-support/public-openings.ts";
import { application, type Entry, expectToast, field, fill, formOf, requiredEntries } from "./lead-forms.ts";
import { press } from "./support/pages.ts";

// The openings' public pages on the server whose store has openings published before it started
// (playwright.config.ts, test-support/public-openings.ts): the list and its search, with and without JavaScript,
// an opening's page, applying from it both ways, and a paused opening's 410. At 1280 and 390 px.

const openingsUrl = () => {
  const url = process.env.E2E_OPENINGS_URL;
  if (!url) throw new Error("E2E_OPENINGS_URL is not set (playwright.config.ts sets it)");
  return url;
};
test.use({ baseURL: openingsUrl(), reducedMotion: "reduce" });

/** The served store, read-only: what the server stored of the openings and the leads. */
function servedStore() {
  const dir = process.env.E2E_OPENINGS_DATA_DIR;
  if (!dir) throw new Error("E2E_OPENINGS_DATA_DIR is not set (playwright.config.ts sets it)");
  return new DatabaseSync(path.join(dir, "leads.db"), { readOnly: true });
}

/** An opening's id and public address, by its title. */
function stored(title: string) {
  const db = servedStore();
  try {
    const row = db.prepare("SELECT id, slug, short_id FROM openings WHERE title = ?").get(title);
    if (!row) throw new Error(`no opening "${title}"`);
    return { id: String(row.id), address: `${ROUTES.careers}/jobs/${row.slug}-${row.short_id}` };
  } finally {
    db.close();
  }
}

/** The opening a lead sent with `email` is kept with, or null; undefined when there is no such lead. */
function openingOfLead(email: string) {
  const db = servedStore();
  try {
    const rows = db
      .prepare("SELECT opening_id FROM leads WHERE json_extract(fields, '$.email') = ?")
      .all(email);
    expect(rows.length).toBeLessThanOrEqual(1);
    return rows[0]?.opening_id;
  } finally {
    db.close();
  }
}

const section = (page: Page) => page.locator("#open-positions");
const cardTitles = (page: Page) => section(page).getByRole("listitem").getByRole("heading", { level: 3 });
const titlesOf = (openings: SeededOpening[]) => openings.map((opening) => opening.title);

async function expectNoSidewaysScroll(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function screenshot(page: Page, name: string) {
  if (process.env.SHOTS_DIR)
    await page.screenshot({
      path: `${process.env.SHOTS_DIR}/${name}-${test.info().project.name}.png`,
      fullPage: true,
    });
}

test("the careers page lists the published openings, newest first, a page at a time", async ({ page }) => {
  const answer = await page.goto(ROUTES.careers);
  expect(answer?.status()).toBe(200);
  // What the specification gives the page stays.
  await expect(page.getByRole("heading", { level: 1, name: "Join Our Nursing Team" })).toBeVisible();
  await expect(section(page).getByRole("heading", { level: 2, name: "Open positions" })).toBeVisible();
  await expect(page.getByRole("search", { name: "Search openings" })).toBeVisible();
  await expect(section(page)).toContainText(`${PUBLISHED_OPENINGS.length} openings, newest first.`);
  await expect(cardTitles(page)).toHaveText(titlesOf(PUBLISHED_OPENINGS.slice(0, 20)));
  // The paused one is not listed.
  await expect(section(page)).not.toContainText(PAUSED_OPENING.title);
  const [newest] = PUBLISHED_OPENINGS;
  const first = section(page).getByRole("listitem").first();
  await expect(first.getByRole("link", { name: newest?.title })).toHaveAttribute(
    "href",
    stored(newest?.title ?? "").address,
  );
  for (const fact of [
    newest?.credential,
    `${newest?.city}, ${newest?.state}`,
    "Per diem",
    "$48.50–$62 an hour",
  ])
    await expect(first).toContainText(fact ?? "");
  // Each section in the order the issue gives: the hero, the openings, then the application form.
  const order = await page.evaluate(() =>
    ["h1", "#open-positions", "#application-form"].map(
      (selector) => document.querySelector(selector)?.getBoundingClientRect().top ?? -1,
    ),
  );
  expect(order).toEqual([...order].sort((a, b) => a - b));
  await expectNoSidewaysScroll(page);
  await screenshot(page, "openings-list");

  await press(section(page).getByRole("link", { name: "Older openings" }));
  await expect(page).toHaveURL(/\?page=2#open-positions$/);
  await expect(cardTitles(page)).toHaveText(titlesOf(PUBLISHED_OPENINGS.slice(20)));
  await expect(section(page)).toContainText("Page 2 of 2");
  await expect(section(page).getByRole("link", { name: "Newer openings" })).toBeVisible();
});

for (const javaScript of [false, true]) {
  test.describe(javaScript ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: javaScript });

    test("the search narrows the list by credential, shift and place, at an address that can be shared", async ({
      page,
    }) => {
      await page.goto(ROUTES.careers);
      const search = page.getByRole("search", { name: "Search openings" });
      await search.getByLabel("Credential").selectOption("LPN");
      await search.getByLabel("Place").fill("NY");
      await press(search.getByRole("button", { name: "Search" }));
      await expect(page).toHaveURL(/\/carestaff\/careers\?credential=LPN&shift=&place=NY#open-positions$/);
      const lpnInNewYork = PUBLISHED_OPENINGS.filter((o) => o.credential === "LPN" && o.state === "NY");
      expect(lpnInNewYork.length).toBeGreaterThan(1);
      await expect(cardTitles(page)).toHaveText(titlesOf(lpnInNewYork));
      await expect(section(page)).toContainText(`${lpnInNewYork.length} openings match your search.`);
      // The form shows what was asked for.
      await expect(search.getByLabel("Credential")).toHaveValue("LPN");
      await expect(search.getByLabel("Place")).toHaveValue("NY");

      await search.getByLabel("Shift").selectOption({ label: "Nights" });
      await search.getByLabel("Place").fill("Albany");
      await press(search.getByRole("button", { name: "Search" }));
      const one = PUBLISHED_OPENINGS.filter(
        (o) => o.credential === "LPN" && o.shift === "nights" && o.city === "Albany",
      );
      expect(one).toHaveLength(1);
      await expect(cardTitles(page)).toHaveText(titlesOf(one));
      await expect(section(page)).toContainText("1 opening match your search.");

      // The same address opened afresh (shared, or crawled) shows the same.
      await page.goto(page.url());
      await expect(cardTitles(page)).toHaveText(titlesOf(one));

      await page.goto(`${ROUTES.careers}?credential=NP&place=Nowhere#open-positions`);
      await expect(section(page)).toContainText("No openings match your search.");
      await expect(cardTitles(page)).toHaveCount(0);
      await expectNoSidewaysScroll(page);
    });

    test("applying from an opening stores the lead with it and comes back to its page", async ({ page }) => {
      const opening = PUBLISHED_OPENINGS[1] as SeededOpening;
      const { id, address } = stored(opening.title);
      await page.goto(address);
      await press(page.getByRole("link", { name: "Apply for this position" }));
      await expect(page).toHaveURL(/#application-form$/);
      // The application section comes into view (on a phone its heading and copy come before the form).
      await expect(page.locator("#application-form")).toBeInViewport();
      const form = formOf(page, application);
      if (javaScript) await expect(form).toHaveAttribute("novalidate", "");
      const email = `opening-${javaScript ? "js" : "nojs"}-${test.info().project.name}-${Date.now()}@example.com`;
      const entries = requiredEntries(application).map(
        (entry): Entry => (entry.name === "email" ? { ...entry, kind: "text", value: email } : entry),
      );
      await fill(form, entries);
      await field(form, "Credential").selectOption({ label: opening.credential });
      await press(form.getByRole("button", { name: application.submit }));
      if (javaScript) await expectToast(page, "status", application.success);
      else {
        // The native post comes back to the opening's page, which says it arrived.
        await expect(page).toHaveURL(`${address}?lead=ok#application-form`);
        await expect(form.locator('[data-lead-message="ok"]')).toContainText(application.success.title);
      }
      await expect.poll(() => openingOfLead(email)).toBe(id);
    });
  });
}

test("an opening's page: its facts and description, one JobPosting, and its application form", async ({
  page,
}) => {
  const [newest] = PUBLISHED_OPENINGS;
  await page.goto(ROUTES.careers);
  await press(section(page).getByRole("link", { name: newest?.title }));
  const { address } = stored(newest?.title ?? "");
  await expect(page).toHaveURL(address);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(newest?.title ?? "");
  await expect(page.locator("main")).toContainText("$48.50–$62 an hour");
  await expect(page.getByRole("heading", { level: 2, name: "About this position" })).toBeVisible();
  // The description's bullets are a list.
  await expect(page.locator("article").getByRole("listitem")).toHaveText([
    "Three shifts a week",
    "Weekend differential",
  ]);
  const postings = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? "null")));
  const jobPostings = postings.filter((data) => data?.["@type"] === "JobPosting");
  expect(jobPostings).toHaveLength(1);
  expect(jobPostings[0]).toMatchObject({
    title: newest?.title,
    employmentType: "PER_DIEM",
    directApply: true,
  });
  // The form is the nurse application, with the opening attached.
  const form = formOf(page, application);
  await expect(form.locator('input[type="hidden"][name="opening"]')).toHaveValue(
    address.split("-").at(-1) ?? "",
  );
  await expectNoSidewaysScroll(page);
  await screenshot(page, "opening-page");
});

test("a paused opening's page answers 410 and lists the openings open now", async ({ page }) => {
  const answer = await page.goto(stored(PAUSED_OPENING.title).address);
  expect(answer?.status()).toBe(410);
  await expect(
    page.getByRole("heading", { level: 1, name: "This position is no longer open" }),
  ).toBeVisible();
  await expect(page.getByRole("listitem").getByRole("heading", { level: 3 }).first()).toHaveText(
    PUBLISHED_OPENINGS[0]?.title ?? "",
  );
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
});
