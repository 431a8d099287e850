import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { firstLoadScripts, measure, staticImports } from "./check-budget.ts";

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
});
