import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, test } from "@playwright/test";
import { landed, submitDemo } from "../../test-support/visitor.ts";

// Where a lead came from (decision 017), captured in the browser without cookies and stored by the real
// server. Every post here reaches our own API and store (no stubs); each lead is found again by its unique
// name.

// Pointer presses that follow a typed field, without smooth scrolling: see forms.spec.ts.
test.use({ reducedMotion: "reduce" });

const SOURCE_COLUMNS =
  "source_page, landing_page, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content";

/** The stored source of the chartassist-demo lead named `name`, read from the served SQLite store. */
function storedSource(name: string) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  const db = new DatabaseSync(path.join(dataDir, "leads.db"), { readOnly: true });
  try {
    return db
      .prepare(`SELECT ${SOURCE_COLUMNS} FROM leads WHERE json_extract(fields, '$.name') = ?`)
      .all(name);
  } finally {
    db.close();
  }
}

test.describe("lead source", () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 1024, "the wire is the same at every width");

  test("a visit from a campaign link stores both pages, the campaign, the source and the referring site only", async ({
    page,
  }) => {
    const name = `Source Campaign ${Date.now()}`;
    await page.goto("/?utm_source=newsletter&utm_campaign=fall&email=someone%40example.com", {
      referer: "https://news.example.org/issues/12?subscriber=dana%40example.com#top",
    });
    await landed(page);
    await page.goto("/chart-assist#demo");
    await submitDemo(page, name);

    expect(storedSource(name)).toEqual([
      {
        source_page: "/chart-assist",
        landing_page: "/",
        referrer: "https://news.example.org",
        utm_source: "newsletter",
        utm_medium: null,
        utm_campaign: "fall",
        utm_term: null,
        utm_content: null,
      },
    ]);
    // Nothing of the visit is kept in a cookie or in localStorage.
    expect(await page.context().cookies()).toEqual([]);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });

  test("a second tab starts clean", async ({ page, context }) => {
    await page.goto("/?utm_campaign=fall");
    await landed(page);
    const second = await context.newPage();
    await second.goto("/chart-assist#demo");
    const name = `Source Second Tab ${Date.now()}`;
    await submitDemo(second, name);
    expect(storedSource(name)).toEqual([
      expect.objectContaining({
        source_page: "/chart-assist",
        landing_page: "/chart-assist",
        referrer: null,
        utm_campaign: null,
      }),
    ]);
  });

  test("overlong and malformed values are cut or dropped, and the lead is still accepted", async ({
    page,
  }) => {
    const name = `Source Overlong ${Date.now()}`;
    await page.goto(`/chart-assist?utm_campaign=${"c".repeat(400)}&utm_source=%00%01news#demo`);
    await landed(page);
    await page.evaluate(() => {
      const stored = JSON.parse(sessionStorage.getItem("lead-source") ?? "{}") as Record<string, string>;
      // A tampered visit record: a URL where a path belongs, a referrer that is no URL.
      sessionStorage.setItem(
        "lead-source",
        JSON.stringify({ ...stored, landing_page: "https://evil.example/x", referrer: "not a url" }),
      );
    });
    await submitDemo(page, name);
    expect(storedSource(name)).toEqual([
      expect.objectContaining({
        source_page: "/chart-assist",
        landing_page: null,
        referrer: null,
        utm_campaign: "c".repeat(255),
        utm_source: "news",
      }),
    ]);
  });
});

test.describe("lead source without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 1024, "the wire is the same at every width");

  test("the native post records the form page from its Referer, and nothing else", async ({ page }) => {
    const name = `Source No Script ${Date.now()}`;
    await page.goto("/chart-assist?utm_campaign=fall#demo");
    await submitDemo(page, name, { script: false });
    expect(storedSource(name)).toEqual([
      {
        source_page: "/chart-assist",
        landing_page: null,
        referrer: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        utm_term: null,
        utm_content: null,
      },
    ]);
  });
});
