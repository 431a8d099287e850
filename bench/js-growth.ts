import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { measure, type PageBudget } from "../scripts/check-budget.ts";

/**
 * How much each public page's first-load JavaScript (brotli) changed between two commits, or since a commit:
 * builds each commit in a throwaway worktree (with this checkout's node_modules), or this checkout as it is,
 * then compares them page by page.
 *   npm run bench:js-growth -- <base-commit> [<head-commit>]      (JS_GROWTH_LIMIT bytes, default 1000)
 * Exits 1 when a page grew by the limit or more.
 */

const [ref, headRef] = process.argv.slice(2);
if (!ref) {
  console.error("Usage: npm run bench:js-growth -- <base-commit> [<head-commit>]");
  process.exit(2);
}
const limit = Number(process.env.JS_GROWTH_LIMIT ?? 1000);
const root = path.resolve(import.meta.dirname, "..");

function build(cwd: string, out: string): void {
  execFileSync(process.execPath, [path.join(root, "node_modules/.bin/react-router"), "build"], {
    cwd,
    env: { ...process.env, BUILD_OUT: out },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

const scratch = mkdtempSync(path.join(tmpdir(), "js-growth-"));
const checkouts: string[] = [];
/** A worktree of the commit, or this checkout; built into build-js-growth (inside it: pre-rendering needs that). */
async function measured(commit: string | undefined) {
  let dir = root;
  if (commit) {
    dir = path.join(scratch, `c${checkouts.length}`);
    execFileSync("git", ["worktree", "add", "--detach", dir, commit], { cwd: root, stdio: "ignore" });
    checkouts.push(dir);
    symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  }
  build(dir, "build-js-growth");
  const pages = await measure(path.join(dir, "build-js-growth/client"));
  rmSync(path.join(dir, "build-js-growth"), { recursive: true, force: true });
  return pages;
}
try {
  const before = new Map((await measured(ref)).map((p) => [p.page, p]));
  const after = await measured(headRef);
  const kB = (bytes: number) => (bytes / 1000).toFixed(2);
  console.log(`First-load JavaScript, brotli kB: ${ref} -> ${headRef ?? "this checkout"}\n`);
  const grown: PageBudget[] = [];
  for (const page of after) {
    const base = before.get(page.page)?.brotli;
    const delta = base === undefined ? page.brotli : page.brotli - base;
    if (delta >= limit) grown.push(page);
    console.log(
      `${page.page.padEnd(34)}${(base === undefined ? "new" : kB(base)).padStart(9)} -> ${kB(page.brotli).padStart(7)}  ${delta >= 0 ? "+" : ""}${kB(delta)}`,
    );
  }
  if (grown.length) {
    console.error(`\nGrown by ${kB(limit)} kB or more: ${grown.map((p) => p.page).join(", ")}`);
    process.exitCode = 1;
  } else console.log(`\nNo page grew by ${kB(limit)} kB or more.`);
} finally {
  for (const dir of checkouts)
    execFileSync("git", ["worktree", "remove", "--force", dir], { cwd: root, stdio: "ignore" });
  rmSync(scratch, { recursive: true, force: true });
}
