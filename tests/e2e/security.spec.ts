import { createHash } from "node:crypto";
import { type APIResponse, expect, test } from "@playwright/test";
import { NOT_FOUND_PATH } from "../../config/route-paths.ts";
import { firstLoadScripts } from "../../scripts/check-budget.ts";
import { cspDirectives } from "../../test-support/csp.ts";
import { openPage, publicPaths, site } from "./support/pages.ts";

/** The security headers on every kind of answer, and no Content-Security-Policy violation on any page. */

test.skip(
  ({ viewport }) => (viewport?.width ?? 0) < 1024,
  "headers do not depend on the viewport: desktop only",
);

const https = site.url.startsWith("https://");

function expectBaseHeaders(response: APIResponse) {
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toMatch(/camera=\(\)/);
  if (https) expect(headers["strict-transport-security"]).toMatch(/max-age=\d{8,}/);
  else expect(headers["strict-transport-security"], "HSTS only when SITE_URL is https").toBeUndefined();
  const csp = cspDirectives(response.headers()["content-security-policy"] ?? "");
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  expect(csp.get("default-src")).toEqual(["'self'"]);
  expect(csp.get("object-src")).toEqual(["'none'"]);
  const scriptSources = csp.get("script-src") ?? [];
  expect(scriptSources).not.toContain("'unsafe-inline'");
  expect(scriptSources).not.toContain("'unsafe-eval'");
}

test("an HTML page: the headers, and a CSP that hashes exactly its inline scripts", async ({ request }) => {
  const response = await request.get("/about");
  expect(response.status()).toBe(200);
  expectBaseHeaders(response);
  const html = await response.text();
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((match) => match[1] ?? "")
    .filter((body) => body.trim() !== "");
  expect(inline.length).toBeGreaterThan(0);
  const scriptSources =
    cspDirectives(response.headers()["content-security-policy"] ?? "").get("script-src") ?? [];
  for (const body of inline) {
    expect(scriptSources).toContain(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
});

test("a static asset carries the headers", async ({ request }) => {
  const html = await (await request.get("/")).text();
  // The page's bootstrap names its island entry (decision 021).
  const asset = firstLoadScripts(html)[0];
  expect(asset, "a script asset linked from the home page").toBeTruthy();
  const response = await request.get(asset ?? "/");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/javascript/);
  expectBaseHeaders(response);
});

test("the sitemap, robots.txt and share image carry the headers", async ({ request }) => {
  for (const file of ["/sitemap.xml", "/robots.txt", "/og-image.png"]) {
    const response = await request.get(file);
    expect(response.status(), file).toBe(200);
    expectBaseHeaders(response);
  }
});

test("API answers carry the headers", async ({ request }) => {
  const missing = await request.get("/api/no-such-endpoint");
  expect(missing.status()).toBe(404);
  expect(missing.headers()["content-type"]).toMatch(/application\/json/);
  expectBaseHeaders(missing);

  // Liveness answers 200 here (the served store is up); delivery health may be 200 or 503 (its 503 is a
  // JSON answer of the same API), and a method the API does not take is refused: every answer is checked.
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expectBaseHeaders(health);
  const delivery = await request.get("/api/health/delivery");
  expect([200, 503]).toContain(delivery.status());
  expectBaseHeaders(delivery);
  const refused = await request.post("/api/health");
  expect(refused.status()).toBeGreaterThanOrEqual(400);
  expectBaseHeaders(refused);
});

test("the 404 answer carries the headers", async ({ request }) => {
  const response = await request.get("/no-such-page");
  expect(response.status()).toBe(404);
  expectBaseHeaders(response);
});

test.describe("no CSP violation and no console error on any page", () => {
  for (const path of [...publicPaths, NOT_FOUND_PATH]) {
    test(path, async ({ page }) => {
      const violations: string[] = [];
      const errors: string[] = [];
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __csp: string[] }).__csp = seen;
        document.addEventListener("securitypolicyviolation", (event) => {
          seen.push(
            `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
          );
        });
      });
      page.on("console", (message) => {
        const text = message.text();
        if (/Content[- ]Security[- ]Policy|Refused to (execute|load|apply|connect)/i.test(text))
          violations.push(text);
        else if (message.type() === "error") errors.push(text);
        else if (/Permissions-Policy|Unrecognized feature/i.test(text)) errors.push(text);
      });
      page.on("pageerror", (error) => errors.push(error.message));

      await openPage(page, path === NOT_FOUND_PATH ? "/no-such-page" : path);
      // Scroll to the end so lazy images, reveals and counters run too.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState("networkidle");

      const reported = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
      expect([...violations, ...reported], "CSP violations").toEqual([]);
      // The 404 page logs the missing path to the console, as the spec asks, and its document answers 404.
      const expected =
        path === NOT_FOUND_PATH
          ? [/^404 Error: User attempted to access non-existent route/, /^Failed to load resource: .* 404/]
          : [];
      const unexpected = errors.filter((text) => !expected.some((pattern) => pattern.test(text)));
      expect(unexpected, "console errors").toEqual([]);
    });
  }
});
