import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { STAFF_INBOX_BUDGET_BYTES, type StaffFirstLoad, staffFirstLoad } from "../scripts/check-budget.ts";

/**
 * The staff inbox's first load (/staff) of a base commit beside this checkout's, built in the same run: each
 * builds its staff app with its own vite.staff.config.ts (the base in a throwaway worktree with this checkout's
 * node_modules), then both are measured as scripts/check-budget.ts measures the inbox: the scripts the staff
 * page names with their static imports, and the inbox's route chunks when the build has them; gzip -9 and
 * brotli 11 per file, CSS apart. Prints a Markdown table for docs/performance.md, then each build's scripts.
 *   node bench/staff-first-load.ts <base-commit>
 */

const [ref] = process.argv.slice(2);
if (!ref) {
  console.error("Usage: node bench/staff-first-load.ts <base-commit>");
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, "..");
const OUT = "build-staff-first-load";

function buildStaffApp(cwd: string): void {
  execFileSync(
    process.execPath,
    [path.join(root, "node_modules/.bin/vite"), "build", "-c", "vite.staff.config.ts", "--logLevel", "error"],
    { cwd, env: { ...process.env, BUILD_OUT: OUT }, stdio: ["ignore", "ignore", "inherit"] },
  );
}

const scratch = mkdtempSync(path.join(tmpdir(), "staff-first-load-"));
const base = path.join(scratch, "base");
try {
  execFileSync("git", ["worktree", "add", "--detach", base, ref], { cwd: root, stdio: "ignore" });
  symlinkSync(path.join(root, "node_modules"), path.join(base, "node_modules"));
  const commit = (cwd: string) =>
    execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd }).toString().trim();
  const dirty = execFileSync("git", ["status", "--porcelain"], { cwd: root }).toString().trim() !== "";
  buildStaffApp(base);
  buildStaffApp(root);
  const builds: [string, StaffFirstLoad][] = [
    [`${ref} (${commit(base)})`, await staffFirstLoad(path.join(base, OUT, "client"))],
    [
      `this checkout (${commit(root)}${dirty ? ", with changes" : ""})`,
      await staffFirstLoad(path.join(root, OUT, "client")),
    ],
  ];

  const kB = (bytes: number) => (bytes / 1000).toFixed(1);
  console.log(`The staff inbox's first load, ${new Date().toISOString().slice(0, 10)}\n`);
  console.log("| build | scripts | JS raw kB | JS gzip kB | JS brotli kB | CSS gzip kB |");
  console.log("|---|--:|--:|--:|--:|--:|");
  for (const [name, load] of builds) {
    const { js, css } = load;
    console.log(
      `| ${name} | ${load.scripts.length} | ${kB(js.raw)} | ${kB(js.gzip)} | ${kB(js.brotli)} | ${kB(css.gzip)} |`,
    );
  }
  for (const [name, load] of builds) {
    console.log(`\n${name}, gzip kB:`);
    for (const file of load.scripts)
      console.log(`  ${kB(file.gzip).padStart(6)}  ${path.basename(file.url)}`);
  }
  const [, head] = builds[1] ?? [];
  if (head) {
    const within = head.js.gzip <= STAFF_INBOX_BUDGET_BYTES;
    console.log(
      `\nThis checkout ${within ? "is within" : "is OVER"} the budget of ${kB(STAFF_INBOX_BUDGET_BYTES)} kB gzip.`,
    );
  }
} finally {
  execFileSync("git", ["worktree", "remove", "--force", base], { cwd: root, stdio: "ignore" });
  rmSync(path.join(root, OUT), { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
}
