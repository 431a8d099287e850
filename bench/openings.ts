/**
 * The public openings pages at 500 published openings and 50,000 leads (decision 028): seeds them into a fresh
 * store, mounts the pages over the built site (build/, or BUILD_OUT) and measures the server time of each
 * answer in process (`app.request`, no network), as a browser asks (brotli), for the careers page, a filtered
 * careers page, an opening's page and a 410, beside a pre-rendered page served by the same app in the same run
 * (the floor). Each page is timed as most requests find it (this process's copy of the openings read, the page
 * made); with a read of the store begun in the background at every request (what another instance's changes
 * cost, here far more often than the every 5 s they do); and, not gated, right after a change made here (the
 * copy read again and the page made again, once per change and page).
 * Reports p50 / p99; target p99 < 25 ms. SQLite in a temp dir; with DATABASE_URL also PostgreSQL, in a schema of
 * its own that is dropped afterwards.
 *
 *   npm run build && npm run bench:openings        (OPENINGS=500, OPENINGS_LEADS=50000, OPENINGS_RUNS=300)
 */
import path from "node:path";
import type { Hono } from "hono";
import { loadConfig } from "../server/config.ts";
import { createApp } from "../server/http/app.ts";
import { loadStaticSite } from "../server/http/static-site.ts";
import { openingsPages } from "../server/openings/public-pages.ts";
import { createShownOpenings } from "../server/openings/shown-openings.ts";
import { createLogger } from "../server/runtime/logger.ts";
import { openingAddressOf } from "../staff/openings.ts";
import { openingValues } from "../test-support/openings.ts";
import { createTestDatabase, DIALECTS } from "../test-support/test-database.ts";
import { seedLeads, seedOpenings } from "./openings-seed.ts";

const OPENINGS = Number(process.env.OPENINGS ?? 500);
const LEADS = Number(process.env.OPENINGS_LEADS ?? 50_000);
const RUNS = Number(process.env.OPENINGS_RUNS ?? 300);
/** Requests each made right after a change, when the copy is read and the page made again. */
const CHANGED_RUNS = Number(process.env.OPENINGS_CHANGED_RUNS ?? 100);
/** The draft whose edits stand for a recruiter's change. */
const DRAFT = openingValues({ title: "Bench draft RN", description: "A draft." });
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
    const config = loadConfig({ BUILD_DIR: buildDir, ...database.env });
    /** The site with the openings' pages over a copy of the openings that reads again from `refreshMs`. */
    const appOf = async (refreshMs?: number) =>
      createApp({
        config,
        logger: createLogger("silent"),
        site,
        renderedPages: await openingsPages({
          site,
          buildDir,
          shown: createShownOpenings({
            openings: store.openings,
            ...(refreshMs !== undefined && { refreshMs }),
          }),
        }),
      });
    const apps = {
      // As most requests find it: the copy young, its pages made.
      warm: await appOf(),
      // As another instance's requests find it every 5 s, here at every request: a read begun in the background
      // that finds nothing changed (its pages kept).
      refreshing: await appOf(0),
      // Right after a change this process made: the copy read again and the page made again (not gated: once per
      // change, per page asked for).
      changed: await appOf(),
    };
    const [newest] = await store.openings.published(Date.now());
    if (!newest) throw new Error("nothing published");
    // A draft edited before each "after a change" request: any change this process makes drops its copy, so that
    // request reads the 500 from the store and renders its page again.
    const draft = await store.openings.create(DRAFT, Date.now());
    const change = () => store.openings.edit(draft.id, DRAFT, Date.now());

    const time = async (app: Hono, label: string, url: string, status: number) => {
      const started = performance.now();
      const response = await app.request(url, { headers: { "Accept-Encoding": "br, gzip" } });
      const body = await response.arrayBuffer();
      const elapsed = performance.now() - started;
      if (response.status !== status) throw new Error(`${label}: HTTP ${response.status}`);
      return { elapsed, bytes: body.byteLength };
    };
    const pages = [
      ["a pre-rendered page, /about (baseline)", "/about", 200, false],
      ["careers page (20 of 500 cards)", "/carestaff/careers", 200, true],
      ["careers page, filtered", "/carestaff/careers?credential=LPN&shift=nights&place=Albany+NY", 200, true],
      ["careers page 25", "/carestaff/careers?page=25", 200, true],
      ["an opening's page", `/carestaff/careers/jobs/${openingAddressOf(newest)}`, 200, true],
      ["a closed opening (410)", "/carestaff/careers/jobs/gone-zzzzzzzz", 410, true],
    ] as const;
    const modes = { warm: "", refreshing: ", read again in the background", changed: ", after a change" };
    for (const [label, url, status, gated] of pages) {
      for (const mode of ["warm", "refreshing", "changed"] as const) {
        if (mode !== "warm" && !gated) continue;
        const runs = mode === "changed" ? CHANGED_RUNS : RUNS;
        const times: number[] = [];
        let bytes = 0;
        for (let run = 0; run < runs + 10; run++) {
          if (mode === "changed") await change();
          const answer = await time(apps[mode], label, url, status);
          bytes = answer.bytes;
          if (run >= 10) times.push(answer.elapsed);
        }
        times.sort((a, b) => a - b);
        const p99 = percentile(times, 99);
        const met = p99 < TARGET_P99_MS;
        if (gated && mode !== "changed" && !met) missed = true;
        const verdict = !gated
          ? "baseline"
          : mode === "changed"
            ? `${met ? "yes" : "no"} (not gated)`
            : met
              ? "yes"
              : "NO";
        rows.push([
          dialect,
          `${label}${modes[mode]}`,
          (bytes / 1000).toFixed(1),
          percentile(times, 50).toFixed(1),
          p99.toFixed(1),
          verdict,
        ]);
      }
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
