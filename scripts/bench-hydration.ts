import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { publicPaths } from "../app/route-paths.ts";
import { startServer } from "../server/test/server-process.ts";
import { buildSite, markdownTable, median } from "./report.ts";

/**
 * npm run bench:hydration: how long each page blocks the main thread after its first paint, measured in a
 * real browser with its CPU slowed 4x (DevTools throttling, as on a mid-range phone), at 390 px.
 * Lighthouse's TBT (npm run perf) is simulated from one fast trace, and on a small machine it moves with the
 * browser's own start-up work from run to run; this benchmark loads each page several times and adds up the
 * long tasks (50 ms or more) the browser itself reports after first contentful paint: hydration, React's
 * start-up, the page's own layout. Exits non-zero when a page's median blocking time is 50 ms or more.
 *
 *   npm run bench:hydration                         build into build-perf/ and measure every route
 *   npm run bench:hydration -- --no-build           measure the existing build-perf/
 *   npm run bench:hydration -- /carestaff /about    only these routes
 *   BENCH_RUNS=11 npm run bench:hydration           loads per route (default 7)
 */

const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const TARGET_BLOCKING_MS = 50;

interface Load {
  fcp: number;
  /** The long tasks that started after first contentful paint, in ms. */
  tasks: number[];
}

const blocking = (load: Load) => load.tasks.reduce((sum, task) => sum + Math.max(0, task - LONG_TASK_MS), 0);

async function main() {
  const args = process.argv.slice(2);
  const routes = args.filter((arg) => arg.startsWith("/"));
  const buildOut = process.env.BUILD_OUT || "build-perf";
  const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 7);

  if (!args.includes("--no-build")) {
    console.log(`Building into ${buildOut}/ ...`);
    buildSite({ ...process.env, BUILD_OUT: buildOut });
  }

  const server = await startServer({
    BUILD_DIR: path.join(buildOut, "client"),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-hydration-")),
    DATABASE_URL: "",
    RELAY_ENABLED: "false",
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });

  const rows: string[][] = [];
  let failed = false;
  try {
    for (const route of routes.length ? routes : publicPaths) {
      const loads: Load[] = [];
      for (let run = 0; run < runs; run += 1) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
        const page = await context.newPage();
        await page.addInitScript(() => {
          const seen: { tasks: [number, number][]; fcp: number } = { tasks: [], fcp: Number.NaN };
          Object.assign(window, { __bench: seen });
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) seen.tasks.push([entry.startTime, entry.duration]);
          }).observe({ type: "longtask", buffered: true });
          new PerformanceObserver((list) => {
            const fcp = list.getEntriesByName("first-contentful-paint")[0];
            if (fcp) seen.fcp = fcp.startTime;
          }).observe({ type: "paint", buffered: true });
        });
        const cdp = await context.newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
        await page.goto(`${server.url}${route}`);
        // Hydrated, then quiet: React has attached to <main>, and two more seconds pass.
        await page.waitForFunction(() => {
          const main = document.querySelector("main");
          return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber$"));
        });
        await page.waitForTimeout(2000);
        const seen = await page.evaluate(
          () => (window as unknown as { __bench: { tasks: [number, number][]; fcp: number } }).__bench,
        );
        loads.push({
          fcp: seen.fcp,
          tasks: seen.tasks.filter(([start]) => start >= seen.fcp).map(([, duration]) => duration),
        });
        await context.close();
      }
      const blockingMedian = median(loads.map(blocking));
      const longest = loads.map((load) => Math.max(0, ...load.tasks));
      if (blockingMedian >= TARGET_BLOCKING_MS) failed = true;
      rows.push([
        route,
        String(runs),
        Math.round(median(loads.map((load) => load.fcp))).toString(),
        median(loads.map((load) => load.tasks.length)).toString(),
        `${Math.round(median(longest))} / ${Math.round(Math.max(...longest))}`,
        `${Math.round(blockingMedian)} / ${Math.round(Math.max(...loads.map(blocking)))}`,
      ]);
      console.log(`${route}: blocking ${Math.round(blockingMedian)} ms (median of ${runs})`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  const header = [
    "route",
    "loads",
    "FCP ms",
    "long tasks",
    "longest ms (median / worst)",
    "blocking ms (median / worst)",
  ];
  console.log(
    `\nMain thread after first paint, ${CPU_SLOWDOWN}x CPU slowdown, 390 px, ${new Date().toISOString()}\n`,
  );
  console.log(markdownTable(header, rows));
  console.log(
    failed
      ? `\nA page's median blocking time is ${TARGET_BLOCKING_MS} ms or more (above).`
      : `\nEvery page's median blocking time is under ${TARGET_BLOCKING_MS} ms.`,
  );
  process.exitCode = failed ? 1 : 0;
}

await main();
