/**
 * `npm run test:mutation` (docs/testing.md): Stryker over server/leads, server/relay and server/store, one
 * run per folder against that folder's own tests (stryker.config.mjs), then one table of mutation scores.
 * Exits 1 when a folder scores under 80 %. `npm run test:mutation -- relay` runs one folder. Reports:
 * reports/mutation/<folder>.html (every survivor, with the tests that ran) and <folder>.json.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const FOLDERS = ["leads", "relay", "store"] as const;
const TARGET = 80;

interface Report {
  files: Record<string, { mutants: { status: string }[] }>;
}

/** Stryker's mutation score: detected (killed or timed out) over every valid mutant (ignored ones excepted). */
export function scoreOf(report: Report) {
  const count = { killed: 0, timeout: 0, survived: 0, noCoverage: 0, ignored: 0, errors: 0 };
  for (const file of Object.values(report.files)) {
    for (const { status } of file.mutants) {
      if (status === "Killed") count.killed++;
      else if (status === "Timeout") count.timeout++;
      else if (status === "Survived") count.survived++;
      else if (status === "NoCoverage") count.noCoverage++;
      else if (status === "Ignored") count.ignored++;
      else count.errors++;
    }
  }
  const valid = count.killed + count.timeout + count.survived + count.noCoverage;
  return { ...count, score: valid === 0 ? 100 : (100 * (count.killed + count.timeout)) / valid };
}

function main() {
  const asked = process.argv.slice(2);
  const folders = asked.length > 0 ? FOLDERS.filter((folder) => asked.includes(folder)) : [...FOLDERS];
  const rows: string[] = [];
  let failed = false;
  for (const folder of folders) {
    const started = Date.now();
    const run = spawnSync("npx", ["stryker", "run"], {
      stdio: "inherit",
      env: { ...process.env, MUTATION_FOLDER: folder },
    });
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    if (run.status !== 0) {
      rows.push(`server/${folder}: Stryker failed (exit ${run.status})`);
      failed = true;
      continue;
    }
    const report = JSON.parse(readFileSync(`reports/mutation/${folder}.json`, "utf8")) as Report;
    const s = scoreOf(report);
    if (s.score < TARGET) failed = true;
    rows.push(
      `server/${folder.padEnd(6)} ${s.score.toFixed(1).padStart(5)} %  killed ${s.killed}, timeout ${s.timeout}, ` +
        `survived ${s.survived}, no coverage ${s.noCoverage}, ignored (static) ${s.ignored}, ${minutes} min`,
    );
  }
  console.log(`\nMutation scores (target ${TARGET} % per folder):\n${rows.join("\n")}`);
  process.exitCode = failed ? 1 : 0;
}

if (import.meta.main) main();
