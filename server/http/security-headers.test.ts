import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cspDirectives } from "../../test-support/csp.ts";
import { loadConfig } from "../config.ts";
import { createLogger } from "../runtime/logger.ts";
import { createApp } from "./app.ts";
import { contentSecurityPolicy, inlineScriptHashes, securityHeaders } from "./security-headers.ts";
import { loadStaticSite, type StaticFile } from "./static-site.ts";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes every inline script, JSON-LD included, and skips external and empty ones", () => {
    const html = [
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<script src="/assets/app.js"></script>',
      '<script type="module" src="/assets/entry.js"></script>',
      "<script>window.a = 1;</script>",
      "<script>  </script>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([sha256('{"@type":"Organization"}'), sha256("window.a = 1;")]);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows scripts from our origin and the page's hashes only", () => {
    const csp = cspDirectives(contentSecurityPolicy({ https: false, scriptHashes: ["'sha256-abc'"] }));
    expect(csp.get("script-src")).toEqual(["'self'", "'sha256-abc'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  });

  it("never allows inline or evaluated script", () => {
    const csp = contentSecurityPolicy({
      https: true,
      scriptHashes: ["'sha256-abc'"],
      connectOrigins: ["https://x.io"],
    });
    const scriptSources = cspDirectives(csp).get("script-src") ?? [];
    expect(scriptSources).not.toContain("'unsafe-inline'");
    expect(scriptSources).not.toContain("'unsafe-eval'");
    expect(scriptSources).not.toContain("*");
  });

  it("adds a direct form service to connect-src and form-action, and upgrades requests on https", () => {
    const csp = cspDirectives(
      contentSecurityPolicy({ https: true, connectOrigins: ["https://forms.example"] }),
    );
    expect(csp.get("connect-src")).toEqual(["'self'", "https://forms.example"]);
    expect(csp.get("form-action")).toEqual(["'self'", "https://forms.example"]);
    expect(csp.has("upgrade-insecure-requests")).toBe(true);
    expect(cspDirectives(contentSecurityPolicy({ https: false })).has("upgrade-insecure-requests")).toBe(
      false,
    );
  });
});

describe("securityHeaders", () => {
  const headersOf = async (https: boolean) => {
    const app = new Hono();
    app.use(securityHeaders(https, "default-src 'self'"));
    app.get("/", (c) => c.text("ok"));
    return (await app.request("/")).headers;
  };

  it("sends HSTS only when the site is served over https", async () => {
    const hsts = (await headersOf(true)).get("Strict-Transport-Security") ?? "";
    expect(hsts).toMatch(/^max-age=(\d+); includeSubDomains$/);
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect((await headersOf(false)).get("Strict-Transport-Security")).toBeNull();
  });

  it.each([true, false])(
    "always sends nosniff, the referrer policy and a permissions policy (https: %s)",
    async (https) => {
      const headers = await headersOf(https);
      expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(headers.get("Permissions-Policy")).toMatch(/camera=\(\)/);
      expect(headers.get("Permissions-Policy")).toMatch(/geolocation=\(\)/);
      expect(headers.get("Permissions-Policy")).not.toMatch(/interest-cohort/);
    },
  );

  it("sends exactly the headers it did before Hono's middleware, and nothing else", async () => {
    const headers = Object.fromEntries(await headersOf(true));
    delete headers["content-type"];
    expect(headers).toEqual({
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "permissions-policy":
        "accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()",
      "x-frame-options": "DENY",
      "cross-origin-opener-policy": "same-origin",
      "strict-transport-security": "max-age=63072000; includeSubDomains",
      "content-security-policy": "default-src 'self'",
    });
  });
});

describe("createApp: headers on every kind of answer", () => {
  let buildDir: string;
  let site: Map<string, StaticFile>;
  const inline = "window.__boot = true;";

  beforeAll(async () => {
    buildDir = await mkdtemp(path.join(tmpdir(), "headers-"));
    await mkdir(path.join(buildDir, "assets"));
    await mkdir(path.join(buildDir, "404"));
    await writeFile(
      path.join(buildDir, "index.html"),
      `<!DOCTYPE html><html lang="en"><head><script>${inline}</script></head><body><h1>Home</h1><script type="module" src="/assets/app.js"></script></body></html>`,
    );
    await writeFile(
      path.join(buildDir, "404", "index.html"),
      "<!DOCTYPE html><html><body>Not found</body></html>",
    );
    await writeFile(path.join(buildDir, "assets", "app.js"), "console.log('hello');");
    site = await loadStaticSite(buildDir);
  });

  afterAll(() => rm(buildDir, { recursive: true, force: true }));

  const appFor = (siteUrl: string) =>
    createApp({
      config: loadConfig({ SITE_URL: siteUrl, DATA_DIR: buildDir, LOG_LEVEL: "silent" }),
      logger: createLogger("silent"),
      site,
    });

  const answers = ["/", "/assets/app.js", "/api/no-such-endpoint", "/no-such-page"];

  it.each(answers)(
    "https site: %s carries HSTS, nosniff, referrer and permissions policies, frame-ancestors",
    async (url) => {
      const response = await appFor("https://www.example.com").request(url);
      expect(response.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("Permissions-Policy")).toBeTruthy();
      expect(
        cspDirectives(response.headers.get("Content-Security-Policy") ?? "").get("frame-ancestors"),
      ).toEqual(["'none'"]);
    },
  );

  it.each(answers)(
    "http site: %s carries no HSTS (browsers ignore it there, and localhost must stay usable)",
    async (url) => {
      const response = await appFor("http://localhost:3000").request(url);
      expect(response.headers.get("Strict-Transport-Security")).toBeNull();
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    },
  );

  it("an HTML page's CSP allows exactly its own inline scripts", async () => {
    const response = await appFor("https://www.example.com").request("/");
    const scriptSources = cspDirectives(response.headers.get("Content-Security-Policy") ?? "").get(
      "script-src",
    );
    expect(scriptSources).toEqual(["'self'", sha256(inline)]);
  });
});
