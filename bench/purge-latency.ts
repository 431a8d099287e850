/**
 * While `leads purge` deletes 100,000 leads in another process, the site keeps serving (decision 010).
 * Starts the real server (SQLite, relay on and polling the outbox), seeds delivered leads straight into its
 * database, runs `leads purge --older-than 0` as its own process and meanwhile requests a page from a few
 * concurrent clients. Reports page latency during the purge; target p99 < 100 ms. Loopback only, bounded.
 *
 *   node bench/purge-latency.ts            (PURGE_LEADS=100000, PAGE_CLIENTS=4)
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { startFakeFormService } from "../test-support/fake-form-service.ts";
import { CLI_ENTRY, childEnv, MINIMAL_BUILD_DIR, startServer } from "../test-support/server-process.ts";

const LEADS = Number(process.env.PURGE_LEADS ?? 100_000);
const CLIENTS = Number(process.env.PAGE_CLIENTS ?? 4);
const TARGET_P99_MS = 100;
/** The purge must end well before this; the bench stops on its own either way. */
const PURGE_DEADLINE_MS = 300_000;

/** Delivered leads with their finished outbox entries, as months of traffic leave them, in one statement each. */
function seed(file: string, count: number) {
  const db = new DatabaseSync(file, { timeout: 60_000 });
  db.exec("BEGIN IMMEDIATE");
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO leads (id, form_id, state, fields, created_at, delivered_at)
     SELECT printf('00000000-0000-4000-8000-%012d', i), 'chartassist-demo', 'delivered',
       '{"name":"Bench Client","email":"bench@example.com","company":"Bench"}', 1000 + i, 2000 + i FROM n`,
  ).run(count);
  db.exec(
    `INSERT INTO outbox (lead_id, enqueued_at, next_attempt_at, attempts, last_attempt_at, last_status)
     SELECT id, created_at, NULL, 1, delivered_at, 200 FROM leads WHERE state = 'delivered'`,
  );
  db.exec("COMMIT");
  db.close();
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-purge-"));
  const service = await startFakeFormService();
  const env = { DATA_DIR: dataDir, FORM_SERVICE_URL: service.template, LOG_LEVEL: "info" };
  const server = await startServer({ ...env, BUILD_DIR: MINIMAL_BUILD_DIR, RATE_LIMIT_PER_MINUTE: "0" });
  try {
    const seeded = performance.now();
    seed(path.join(dataDir, "leads.db"), LEADS);
    console.log(`seeded ${LEADS} delivered leads in ${Math.round(performance.now() - seeded)} ms`);
    for (let warm = 0; warm < 50; warm++) await (await fetch(server.url)).arrayBuffer();

    const purgeStarted = performance.now();
    const purge = spawn(process.execPath, [CLI_ENTRY, "purge", "--older-than", "0"], {
      env: childEnv(env),
      stdio: ["ignore", "pipe", "inherit"],
    });
    let purgeOutput = "";
    purge.stdout.on("data", (chunk: Buffer) => {
      purgeOutput += chunk.toString();
    });
    let purging = true;
    const purged = new Promise<number | null>((resolve) => {
      purge.once("exit", (code) => {
        purging = false;
        resolve(code);
      });
    });
    const deadline = setTimeout(() => purge.kill("SIGKILL"), PURGE_DEADLINE_MS);

    const latencies: number[] = [];
    let failures = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (purging) {
          const started = performance.now();
          try {
            const response = await fetch(server.url, { signal: AbortSignal.timeout(10_000) });
            await response.arrayBuffer();
            if (response.status !== 200) failures++;
          } catch {
            failures++;
          }
          latencies.push(performance.now() - started);
        }
      }),
    );
    const code = await purged;
    clearTimeout(deadline);
    const purgeMs = performance.now() - purgeStarted;
    latencies.sort((a, b) => a - b);
    const p99 = percentile(latencies, 99);
    const rows: [string, string, string][] = [
      [
        `leads purge of ${LEADS} leads (separate process)`,
        `${(purgeMs / 1000).toFixed(1)} s, exit ${code}`,
        "exit 0",
      ],
      ["purge output", purgeOutput.trim(), ""],
      [
        `page requests during the purge (${CLIENTS} clients)`,
        `${latencies.length}, ${failures} failed`,
        "0 failed",
      ],
      [
        "page latency p50 / p99 / max (ms)",
        `${percentile(latencies, 50).toFixed(1)} / ${p99.toFixed(1)} / ${(latencies.at(-1) ?? 0).toFixed(1)}`,
        `p99 < ${TARGET_P99_MS}`,
      ],
    ];
    console.log("\n| measure | result | target |\n|---|---|---|");
    for (const [label, value, target] of rows) console.log(`| ${label} | ${value} | ${target} |`);
    const missed = code !== 0 || failures > 0 || latencies.length === 0 || p99 >= TARGET_P99_MS;
    if (missed) console.error("target missed");
    process.exitCode = missed ? 1 : 0;
  } finally {
    await server.stop();
    await service.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
