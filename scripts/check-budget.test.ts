import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NOT_FOUND_PATH, publicPaths } from "../app/route-paths.ts";
import {
  BASELINE_FILE,
  firstLoadScripts,
  GROWTH_LIMIT_BYTES,
  grownPages,
  measure,
  staticImports,
} from "./check-budget.ts";

describe("the JavaScript budget", () => {
  it("reads the scripts a page names: src, modulepreload, bootstrap imports and preload list", () => {
    const html = `<script src="/assets/a.js"></script><link rel="modulepreload" href="/assets/b.js"/>
      <script type="application/ld+json">{"logo":"/x.js"}</script>
      <script type="module">const preloads = ["/assets/c.js"]; await import("/assets/d.js");</script>`;
    expect(firstLoadScripts(html).sort()).toEqual([
      "/assets/a.js",
      "/assets/b.js",
      "/assets/c.js",
      "/assets/d.js",
    ]);
  });

  it("follows static imports and re-exports of built chunks, not dynamic ones", () => {
    const chunk = `import{j as e}from"./jsx.js";import"./side.js";export{x}from"./re.js";const l=()=>import("./lazy.js");`;
    expect(staticImports(chunk, "/assets/page.js")).toEqual([
      "/assets/jsx.js",
      "/assets/side.js",
      "/assets/re.js",
    ]);
  });

  it("counts a page's whole static import graph even when the HTML names only its entry", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "budget-"));
    await mkdir(path.join(dir, "assets"));
    await writeFile(path.join(dir, "assets/entry.js"), `import"./dep.js";const l=()=>import("./lazy.js");`);
    await writeFile(path.join(dir, "assets/dep.js"), "x".repeat(5000));
    await writeFile(path.join(dir, "assets/lazy.js"), "y".repeat(5000));
    await writeFile(
      path.join(dir, "index.html"),
      `<script type="module">import("/assets/entry.js");</script>`,
    );
    const [home] = await measure(dir);
    expect(home).toMatchObject({ page: "/", files: 2 });
    expect(home?.raw).toBe(5000 + `import"./dep.js";const l=()=>import("./lazy.js");`.length);
  });

  it("fails a page that grew by the limit or more over its baseline, or has none, and passes the rest", () => {
    const page = (name: string, brotli: number) => ({
      page: name,
      files: 1,
      raw: brotli,
      gzip: brotli,
      brotli,
    });
    const baseline = { recorded: "2026-11-23", pages: { "/": 100_000, "/login": 90_000, "/team": 80_000 } };
    const pages = [page("/", 100_999), page("/login", 91_000), page("/team", 70_000), page("/new", 1)];
    expect(grownPages(pages, baseline).map((p) => p.page)).toEqual(["/login", "/new"]);
    expect(GROWTH_LIMIT_BYTES).toBe(1000);
  });

  it("has a baseline for every page the site pre-renders", async () => {
    const baseline = JSON.parse(await readFile(BASELINE_FILE, "utf8")) as { pages: Record<string, number> };
    expect(Object.keys(baseline.pages).sort()).toEqual([...publicPaths, NOT_FOUND_PATH].sort());
  });
});
