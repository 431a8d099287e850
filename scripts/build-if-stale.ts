/** `npm start`, first half: builds the site when the build is missing or older than its sources. */
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Every file and folder `npm run build` reads, both builds (the public site, vite.config.ts with
 * react-router.config.ts; the staff app, vite.staff.config.ts): their configs, the code they import (the
 * contracts in leads/ and staff/, config/, the SEO files' script), the static files, the TypeScript and package
 * settings and the .env whose company facts the build writes into the pages. The test walks the builds' imports
 * and fails when one lands outside this list.
 */
export const SOURCES = [
  "app",
  "staff",
  "leads",
  "config",
  "public",
  "scripts/generate-seo-files.ts",
  "react-router.config.ts",
  "vite.config.ts",
  "vite.staff.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  ".env",
];
/** What `npm run build` writes last (the staff app's page, after the public site): a build is whole only with it. */
const LAST_BUILT = ["client", "staff-app", "index.html"];

function newestMtime(target: string): number {
  const stats = statSync(target, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** "missing" (or half-built), "stale" (a source is newer than the build) or "fresh". */
export function buildState(root: string, buildOut = "build"): "missing" | "stale" | "fresh" {
  const built = statSync(path.join(root, buildOut, ...LAST_BUILT), { throwIfNoEntry: false })?.mtimeMs;
  if (built === undefined) return "missing";
  const sources = Math.max(...SOURCES.map((source) => newestMtime(path.join(root, source))));
  return sources > built ? "stale" : "fresh";
}

// Run as a script (not imported by its test).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, "..");
  const state = buildState(root, process.env.BUILD_OUT || "build");
  if (state !== "fresh") {
    console.log(state === "missing" ? "No build found: building the site…" : "Sources changed: rebuilding…");
    const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
