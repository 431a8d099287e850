import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { createLogger } from "../runtime/logger.ts";
import { createApp } from "./app.ts";
import { loadStaticSite } from "./static-site.ts";

const page = (title: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1>${"<p>copy</p>".repeat(100)}<script>window.__ctx = 1;</script><script type="module" src="/assets/entry-abc123.js"></script></body></html>`;

let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "site-"));
  const write = (file: string, body: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), body);
  };
  write("index.html", page("Home"));
  write("about/index.html", page("About"));
  write("404/index.html", page("Oops! Page not found"));
  write("assets/entry-abc123.js", `console.log(${JSON.stringify("x".repeat(2000))});`);
  write("robots.txt", "User-agent: *\n");
  write("__spa-fallback.html", page("").replace("<h1></h1>", ""));
  write(
    "staff-app/index.html",
    `<!doctype html><html lang="en"><head><title>Staff</title><script type="module" src="/staff-app/assets/index-abc123.js"></script></head><body><div id="staff-root"></div></body></html>`,
  );
  write("staff-app/assets/index-abc123.js", `console.log(${JSON.stringify("staff".repeat(500))});`);
  const config = loadConfig({ BUILD_DIR: dir, SITE_URL: "https://care.example.com" });
  app = createApp({ config, logger: createLogger("silent"), site: await loadStaticSite(dir) });
});

describe("serving the built site", () => {
  it("answers a page at its path, with or without a trailing slash", async () => {
    for (const url of ["/about", "/about/"]) {
      const response = await app.request(url);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("<h1>About</h1>");
      expect(response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    }
  });

  it("answers unknown paths with the 404 page, a 404 status and noindex", async () => {
    const response = await app.request("/missing/page");
    expect(response.status).toBe(404);
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    expect(await response.text()).toContain("Oops! Page not found");
    // The pre-rendered 404 file is not a page of its own.
    expect((await app.request("/404")).status).toBe(404);
  });

  it("caches hashed assets for a year and compresses them", async () => {
    const response = await app.request("/assets/entry-abc123.js", {
      headers: { "Accept-Encoding": "gzip, br" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-encoding")).toBe("br");
    const body = brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString();
    expect(body).toContain("console.log");
  });

  it("revalidates with an ETag", async () => {
    const first = await app.request("/");
    const etag = first.headers.get("etag") ?? "";
    const again = await app.request("/", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("sends the security headers, with a CSP that hashes the page's inline scripts", async () => {
    const response = await app.request("/");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
    const asset = await app.request("/robots.txt");
    expect(asset.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("marks a page reached after a no-JavaScript form post so its result message shows", async () => {
    const ok = await app.request("/about?lead=ok");
    expect(await ok.text()).toContain('<html data-lead="ok" lang="en"');
    expect(ok.headers.get("cache-control")).toBe("no-store");
    const error = await app.request("/about?lead=error");
    expect(await error.text()).toContain('<html data-lead="error"');
    const other = await app.request("/about?lead=<script>");
    expect(await other.text()).not.toContain("data-lead");
  });

  it("refuses other methods on pages and answers unknown API paths with JSON", async () => {
    expect((await app.request("/about", { method: "POST" })).status).toBe(405);
    const api = await app.request("/api/nothing-here");
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: "not_found" });
  });

  it("answers every staff path with the staff app's page: never cached or indexed, framing only itself", async () => {
    for (const hidden of ["/__spa-fallback.html", "/staff-app", "/staff-app/"]) {
      const response = await app.request(hidden);
      expect(response.status, `${hidden} is no page of its own`).toBe(404);
      expect(await response.text()).toContain("Oops! Page not found");
    }
    for (const url of [
      "/staff",
      "/staff/",
      "/staff/sign-in?next=%2Fstaff",
      "/staff/leads/42",
      "/staff/a/b",
    ]) {
      const response = await app.request(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("cache-control"), url).toBe("no-store");
      expect(response.headers.get("x-robots-tag"), url).toBe("noindex");
      const csp = response.headers.get("content-security-policy") ?? "";
      // The staff app's page has no inline script: nothing but the site's own files may run.
      expect(csp).toContain("script-src 'self';");
      // The lead page frames its resume PDF from the staff API; nothing else may be framed.
      expect(csp).toContain("frame-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      const html = await response.text();
      expect(html).toContain('<div id="staff-root">');
      expect(html).not.toContain("<h1>");
    }
    // The staff app's code is a hashed asset like the public site's: cached for good, no personal data in it.
    const script = await app.request("/staff-app/assets/index-abc123.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await app.request("/staff", { method: "HEAD" })).headers.get("cache-control")).toBe("no-store");
    // Paths that merely start with the same letters are public pages (or 404s) as before.
    const lookalike = await app.request("/staffing");
    expect(lookalike.status).toBe(404);
    expect(lookalike.headers.get("content-security-policy")).toContain("frame-src 'none'");
    expect((await app.request("/")).headers.get("content-security-policy")).toContain("frame-src 'none'");
  });
});
