import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { codeFiles, importsOf } from "../test-support/import-graph.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** The source folders: where no import cycle and no long source file may appear. */
const FOLDERS = ["app", "server", "staff", "leads", "config", "scripts", "bench", "test-support"];
/** What the browser builds import: the server and the contracts never import from it. */
const BROWSER_ONLY = "app";
const MAX_LINES = 350;

/** Test files, and the harnesses and fakes the tests share (test-support/, app's test/ folders). */
const isTest = (file: string) =>
  /\.test\.tsx?$/.test(file) ||
  file.split(path.sep).some((part) => part === "test" || part === "test-support");
/** Copy and numbers, one typed module per page, may run long (STYLE.md). */
const isContent = (file: string) => file.startsWith(`app${path.sep}content${path.sep}`);

const files = FOLDERS.flatMap((folder) => codeFiles(path.join(ROOT, folder)));

const known = new Set(files);

/** Each file's imports (type-only and dynamic ones too) that land on another file of the set. */
function importGraph(): Map<string, string[]> {
  return new Map(files.map((file) => [file, importsOf(ROOT, file).filter((target) => known.has(target))]));
}

const inFolder = (file: string, folder: string) => path.relative(ROOT, file).split(path.sep)[0] === folder;

/** Groups of files that import each other, directly or round about (Tarjan's strongly connected components). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      group.push(path.relative(ROOT, member));
      if (member === file) break;
    }
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe("the source layout", () => {
  it("has no import cycle in app/, server/, staff/, leads/, config/, scripts/, bench/ or test-support/", () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(300);
    // The alias resolves: the app's files import each other through `~/`.
    expect(graph.get(path.join(ROOT, "app/root.tsx"))?.length).toBeGreaterThan(3);
    expect(cycles(graph)).toEqual([]);
  });

  it("keeps server/, staff/, leads/ and config/ free of imports from app/", () => {
    const graph = importGraph();
    const wrongWay = [...graph]
      .filter(([file]) => ["server", "staff", "leads", "config"].some((folder) => inFolder(file, folder)))
      .flatMap(([file, targets]) =>
        targets
          .filter((target) => inFolder(target, BROWSER_ONLY))
          .map((target) => `${path.relative(ROOT, file)} -> ${path.relative(ROOT, target)}`),
      );
    expect(wrongWay).toEqual([]);
  });

  it("finds a cycle when there is one (the check itself)", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(cycles(graph).map((group) => group.map((file) => path.basename(file)))).toEqual([
      ["a.ts", "b.ts", "c.ts"],
    ]);
  });

  it(`keeps every source file outside the tests and app/content at ${MAX_LINES} lines or fewer`, () => {
    const long = files
      .filter((file) => !isTest(path.relative(ROOT, file)) && !isContent(path.relative(ROOT, file)))
      .map((file) => ({
        file: path.relative(ROOT, file),
        lines: readFileSync(file, "utf8").split("\n").length - 1,
      }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
