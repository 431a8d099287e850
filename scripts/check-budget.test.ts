import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { prerenderedPaths } from "../config/route-paths.ts";
import {
  BASELINE_FILE,
  firstLoadScripts,
  GROWTH_LIMIT_BYTES,
  grownPages,
  islandChunks,
  measure,
  overStaffBudget,
  pageScripts,
  STAFF_INBOX_BUDGET_BYTES,
  staffFirstLoad,
  staticImports,
} from "./check-budget.ts";

describe("the JavaScript budget", () => {
  it("reads the scripts a page names: script src, modulepreload and a bootstrap's entry, not data that mentions a .js", () => {
    const html = `<script type="module" src="/assets/a.js"></script><link rel="modulepreload" href="/assets/b.js"/>
      <script type="module" data-entry="/assets/c.js">import("/assets/e.js")</script>
      <script type="application/ld+json">{"logo":"/x.js"}</script>`;
    expect(firstLoadScripts(html).sort()).toEqual(["/assets/a.js", "/assets/b.js", "/assets/c.js"]);
  });

  it("finds the module of each island a page marks, once, and refuses a page with an island it cannot find", () => {
    const assets = ["menu-island-Ab1_x.js", "reveal-island-Zz9.js", "stats-grid-Q1.js", "entry.client-E.js"];
    const html = `<div data-island="menu"></div><div data-island="reveal"></div><p data-island="reveal"></p>`;
    expect(islandChunks(html, assets)).toEqual([
      "/assets/menu-island-Ab1_x.js",
      "/assets/reveal-island-Zz9.js",
    ]);
    expect(() => islandChunks(`<div data-island="stats"></div>`, assets)).toThrow(/"stats"/);
  });

  it("follows static imports and re-exports of built chunks, not dynamic ones", () => {
    const chunk = `import{j as e}from"./jsx.js";import"./side.js";export{x}from"./re.js";const l=()=>import("./lazy.js");`;
    expect(staticImports(chunk, "/assets/page.js")).toEqual([
      "/assets/jsx.js",
      "/assets/side.js",
      "/assets/re.js",
    ]);
  });

  it("counts the entry's and the page's islands' static import graphs, not other dynamic imports", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "budget-"));
    await mkdir(path.join(dir, "assets"));
    const entry = `import"./dep.js";const m=()=>import("./menu-island-1.js"),l=()=>import("./lazy.js");`;
    await writeFile(path.join(dir, "assets/entry.js"), entry);
    await writeFile(path.join(dir, "assets/dep.js"), "x".repeat(5000));
    await writeFile(path.join(dir, "assets/menu-island-1.js"), `import"./react.js";`);
    await writeFile(path.join(dir, "assets/react.js"), "r".repeat(7000));
    await writeFile(path.join(dir, "assets/lazy.js"), "y".repeat(5000));
    await writeFile(
      path.join(dir, "index.html"),
      `<nav data-island="menu"></nav><script type="module" src="/assets/entry.js"></script>`,
    );
    const [home] = await measure(dir);
    expect(home).toMatchObject({ page: "/", files: 4 });
    expect(home?.raw).toBe(entry.length + 5000 + `import"./react.js";`.length + 7000);
    const scripts = await pageScripts(dir, path.join(dir, "index.html"));
    expect([...scripts.entry]).toEqual(["/assets/entry.js", "/assets/dep.js"]);
    expect([...scripts.islands]).toEqual(["/assets/menu-island-1.js", "/assets/react.js"]);
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
    expect(Object.keys(baseline.pages).sort()).toEqual([...prerenderedPaths].sort());
  });
});

describe("the staff inbox's budget", () => {
  const page = `<script type="module" src="/staff-app/assets/index-a1.js"></script>
    <link rel="modulepreload" href="/staff-app/assets/vendor-b2.js">
    <link rel="stylesheet" href="/staff-app/assets/index-c3.css">`;
  /** A staff app build: its page, an entry and its import, chunks of routes the inbox does and does not need. */
  const files = (vendor: Buffer): Record<string, string | Buffer> => ({
    "index-a1.js": `import"./vendor-b2.js";const l=()=>import("./lead-route-d4.js");`,
    "vendor-b2.js": vendor,
    "layout-route-e5.js": `import"./vendor-b2.js";import"./nav-f6.js";`,
    "nav-f6.js": "n".repeat(3000),
    "inbox-route-g7.js": `import"./vendor-b2.js";`,
    "lead-route-d4.js": "l".repeat(9000),
    "index-c3.css": "c".repeat(4000),
  });
  async function staffBuild(assets: Record<string, string | Buffer>) {
    const dir = await mkdtemp(path.join(tmpdir(), "staff-budget-"));
    await mkdir(path.join(dir, "staff-app/assets"), { recursive: true });
    await writeFile(path.join(dir, "staff-app/index.html"), page);
    for (const [name, body] of Object.entries(assets))
      await writeFile(path.join(dir, "staff-app/assets", name), body);
    return dir;
  }

  it("counts the page's scripts, their imports and the inbox's route chunks, not other routes; CSS apart", async () => {
    const assets = files(Buffer.from("v".repeat(5000)));
    const dir = await staffBuild(assets);
    const load = await staffFirstLoad(dir);
    const counted = ["index-a1.js", "vendor-b2.js", "layout-route-e5.js", "nav-f6.js", "inbox-route-g7.js"];
    expect(load.scripts.map((file) => file.url).sort()).toEqual(
      counted.map((file) => `/staff-app/assets/${file}`).sort(),
    );
    expect(load.js.raw).toBe(counted.reduce((sum, file) => sum + (assets[file]?.length ?? 0), 0));
    expect(load.css.raw).toBe(4000);
    // A route module in the entry has no chunk of its own: the entry's graph holds it.
    const inEntry = await staffFirstLoad(dir, { routes: ["renamed-route"] });
    expect(inEntry.scripts.map((file) => file.url).sort()).toEqual(
      ["index-a1.js", "vendor-b2.js"].map((file) => `/staff-app/assets/${file}`),
    );
  });

  it("fails a first load over the budget and passes one within it", async () => {
    const over = await staffFirstLoad(await staffBuild(files(randomBytes(STAFF_INBOX_BUDGET_BYTES))));
    expect(over.js.gzip).toBeGreaterThan(STAFF_INBOX_BUDGET_BYTES);
    expect(overStaffBudget(over)).toBe(true);
    const within = await staffFirstLoad(
      await staffBuild(files(randomBytes(STAFF_INBOX_BUDGET_BYTES - 2000))),
    );
    expect(overStaffBudget(within)).toBe(false);
  });
});
