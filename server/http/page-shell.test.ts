import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { createLogger } from "../runtime/logger.ts";
import { StartupFailure } from "../runtime/startup.ts";
import { createApp } from "./app.ts";
import { loadRenderModule, pageShell } from "./page-shell.ts";
import { loadStaticSite, type StaticFile } from "./static-site.ts";

const SHELL = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><meta data-shell-slot="head"/></head><body><header>Top</header><main><div data-shell-slot="main" class="accent-staff"></div><div data-shell-slot="aside"></div></main><script>window.go = 1;</script></body></html>`;

let dir: string;
let site: Map<string, StaticFile>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "shell-"));
  const write = (file: string, body: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), body);
  };
  write("client/things/_shell/index.html", SHELL);
  write("client/404/index.html", "<!DOCTYPE html><title>Not found</title>");
  write("render/pages.js", `export const thing = ({ name }) => "<p>" + name + "</p>";`);
  site = await loadStaticSite(path.join(dir, "client"));
});

describe("a shell filled at request time", () => {
  it("finds its head and body slots in order and fills each, keeping a body slot's element", () => {
    const shell = pageShell(site, "/things/_shell");
    expect(shell.slots).toEqual(["head", "main", "aside"]);
    const html = shell.fill({ head: "<title>A thing</title>", main: "<p>Main</p>" });
    expect(html).toBe(
      SHELL.replace('<meta data-shell-slot="head"/>', "<title>A thing</title>").replace(
        'class="accent-staff"></div>',
        'class="accent-staff"><p>Main</p></div>',
      ),
    );
    expect(shell.scriptHashes).toHaveLength(1);
  });

  it("refuses a shell the build does not have", () => {
    expect(() => pageShell(site, "/nothing/_shell")).toThrow(/npm run build/);
  });

  it("loads the render module from beside the client build", async () => {
    const pages = await loadRenderModule<{ thing(props: { name: string }): string }>(
      path.join(dir, "client"),
    );
    expect(pages.thing({ name: "x" })).toBe("<p>x</p>");
  });

  it("names the render module when a build lacks it, for the operator's one line at start-up", async () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), "no-render-"));
    await expect(loadRenderModule(path.join(elsewhere, "client"))).rejects.toThrow(
      new StartupFailure(
        `The build has no render module at ${path.join(elsewhere, "render", "pages.js")}: run \`npm run build\` and deploy build/render`,
      ),
    );
  });

  it("serves a rendered route compressed, revalidated by its ETag, and never the shell at its own address", async () => {
    const shell = pageShell(site, "/things/_shell");
    const config = loadConfig({ BUILD_DIR: path.join(dir, "client"), SITE_URL: "https://care.example.com" });
    const app = createApp({
      config,
      logger: createLogger("silent"),
      site,
      renderedPages: [
        {
          path: "/things/:name",
          async render(c) {
            const name = c.req.param("name") ?? "";
            if (name === "old") return { movedTo: "/things/new" };
            if (name === "gone")
              return { status: 410, html: shell.fill({}), scriptHashes: shell.scriptHashes };
            if (name !== "new") return null;
            return {
              status: 200,
              html: shell.fill({ main: "<p>New</p>" }),
              scriptHashes: shell.scriptHashes,
            };
          },
        },
      ],
    });
    const response = await app.request("/things/new", { headers: { "Accept-Encoding": "br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("content-security-policy")).toContain(shell.scriptHashes[0]);
    const body = brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString("utf8");
    expect(body).toContain('<div data-shell-slot="main" class="accent-staff"><p>New</p></div>');
    const etag = response.headers.get("etag") ?? "";
    expect((await app.request("/things/new/", { headers: { "If-None-Match": etag } })).status).toBe(304);

    const moved = await app.request("/things/old");
    expect([moved.status, moved.headers.get("location")]).toEqual([301, "/things/new"]);
    const gone = await app.request("/things/gone");
    expect([gone.status, gone.headers.get("x-robots-tag")]).toEqual([410, "noindex"]);
    // null hands the path to the static site: here the 404 page; the shell is never a page of its own.
    for (const url of ["/things/other", "/things/_shell", "/things/_shell/"])
      expect((await app.request(url)).status).toBe(404);
  });
});
