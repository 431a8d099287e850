/**
 * The public openings pages at 500 published openings and 50,000 leads (decision 028): seeds them into a fresh
 * store, mounts the pages over the built site (build/, or BUILD_OUT) and measures the server time of each
 * answer in process (`app.request`, no network), as a browser asks (brotli), for the careers page, a filtered
 * careers page, an opening's page and a 410. Reports p50 / p99; target p99 < 25 ms. SQLite in a temp dir;
 * with DATABASE_URL also PostgreSQL, in a schema of its own that is dropped afterwards.
 *
 *   npm run build && npm run bench:openings        (OPENINGS=500, OPENINGS_LEADS=50000, OPENINGS_RUNS=300)
 */
import path from "node:path";
import { loadConfig } from "../server/config.ts";
import { createApp } from "../server/http/app.ts";
import { loadStaticSite } from "../server/http/static-site.ts";
import { openingsPages } from "../server/openings/public-pages.ts";
import { createLogger } from "../server/runtime/logger.ts";
import { openingAddressOf } from "../staff/openings.ts";
import { createTestDatabase, DIALECTS } from "../test-support/test-database.ts";
import { seedLeads, seedOpenings } from "./openings-seed.ts";

const OPENINGS = Number(process.env.OPENINGS ?? 500);
const LEADS = Number(process.env.OPENINGS_LEADS ?? 50_000);
const RUNS = Number(process.env.OPENINGS_RUNS ?? 300);
const TARGET_P99_MS = 25;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

const buildDir = path.resolve(process.env.BUILD_OUT || "build", "client");
const site = await loadStaticSite(buildDir);
const rows: string[][] = [];
let missed = false;

for (const dialect of DIALECTS) {
  const database = await createTestDatabase(dialect, "bench-openings");
  const store = await database.openStore();
  try {
    const seeding = performance.now();
    await seedOpenings(store, OPENINGS);
    await seedLeads(store, LEADS);
    console.log(
      `${dialect}: seeded ${OPENINGS} openings and ${LEADS} leads in ${Math.round(performance.now() - seeding)} ms`,
    );
    const app = createApp({
      config: loadConfig({ BUILD_DIR: buildDir, ...database.env }),
      logger: createLogger("silent"),
      site,
      renderedPages: await openingsPages({ site, buildDir, openings: store.openings }),
    });
    const [newest] = await store.openings.published(Date.now());
    if (!newest) throw new Error("nothing published");
    const pages = [
      ["careers page (20 of 500 cards)", "/carestaff/careers", 200],
      ["careers page, filtered", "/carestaff/careers?credential=LPN&shift=nights&place=Albany+NY", 200],
      ["careers page 25", "/carestaff/careers?page=25", 200],
      ["an opening's page", `/carestaff/careers/jobs/${openingAddressOf(newest)}`, 200],
      ["a closed opening (410)", "/carestaff/careers/jobs/gone-zzzzzzzz", 410],
    ] as const;
    for (const [label, url, status] of pages) {
      const times: number[] = [];
      let bytes = 0;
      for (let run = 0; run < RUNS + 10; run++) {
        const started = performance.now();
        const response = await app.request(url, { headers: { "Accept-Encoding": "br, gzip" } });
        const body = await response.arrayBuffer();
        const elapsed = performance.now() - started;
        if (response.status !== status) throw new Error(`${label}: HTTP ${response.status}`);
        bytes = body.byteLength;
        if (run >= 10) times.push(elapsed);
      }
      times.sort((a, b) => a - b);
      const p99 = percentile(times, 99);
      if (p99 >= TARGET_P99_MS) missed = true;
      rows.push([
        dialect,
        label,
        (bytes / 1000).toFixed(1),
        percentile(times, 50).toFixed(1),
        p99.toFixed(1),
        p99 < TARGET_P99_MS ? "yes" : "NO",
      ]);
    }
  } finally {
    await store.close();
    await database.drop();
  }
}

console.log(
  `\n${OPENINGS} openings, ${LEADS} leads, ${RUNS} requests each, brotli; target p99 < ${TARGET_P99_MS} ms\n`,
);
console.log("| database | page | kB sent | p50 ms | p99 ms | p99 < 25 ms |");
console.log("|:--|:--|--:|--:|--:|:--|");
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
if (missed) process.exitCode = 1;
