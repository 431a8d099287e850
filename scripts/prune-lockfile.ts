/**
 * Drops optional dependencies the lockfile names but does not hold. The npm registry this project's
 * machines reach serves only Linux builds of some native packages (Biome's CLI, Tailwind's oxide), so
 * `npm install` records their other-platform optional binaries as names without entries, and `npm ci`
 * then refuses the lockfile. Run after any `npm install`: node scripts/prune-lockfile.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

interface LockEntry {
  optionalDependencies?: Record<string, string>;
}

const file = path.resolve(import.meta.dirname, "..", "package-lock.json");
const lock = JSON.parse(readFileSync(file, "utf8")) as { packages: Record<string, LockEntry> };

/** Whether `name` resolves from the package at `at`, as Node's lookup would walk up node_modules. */
function resolves(name: string, at: string): boolean {
  let base = at;
  for (;;) {
    if (lock.packages[base ? `${base}/node_modules/${name}` : `node_modules/${name}`]) return true;
    if (!base) return false;
    const parent = base.lastIndexOf("/node_modules/");
    base = parent >= 0 ? base.slice(0, parent) : "";
  }
}

const pruned: string[] = [];
for (const [at, entry] of Object.entries(lock.packages)) {
  if (!entry.optionalDependencies) continue;
  for (const name of Object.keys(entry.optionalDependencies)) {
    if (!resolves(name, at)) {
      delete entry.optionalDependencies[name];
      pruned.push(name);
    }
  }
  if (Object.keys(entry.optionalDependencies).length === 0) delete entry.optionalDependencies;
}

writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  pruned.length ? `Pruned ${pruned.length}: ${[...new Set(pruned)].sort().join(", ")}` : "Nothing to prune.",
);
