/** `npm start`, first half: builds the site when the build is missing or older than its sources. */
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const buildMarker = path.join(root, process.env.BUILD_OUT || "build", "client", "index.html");
const SOURCES = [
  "app",
  "public",
  "leads",
  "config",
  "react-router.config.ts",
  "vite.config.ts",
  "package.json",
];

function newestMtime(target: string): number {
  const stats = statSync(target, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const built = statSync(buildMarker, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const sources = Math.max(...SOURCES.map((source) => newestMtime(path.join(root, source))));

if (built < sources) {
  console.log(
    built === 0 ? "No build found: building the site…" : "Sources changed since the last build: rebuilding…",
  );
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
