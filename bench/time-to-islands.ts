import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import puppeteer, { type Browser } from "puppeteer-core";
import { publicPaths } from "../config/route-paths.ts";
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  FIREFOX_PATH,
  FORM_ANCHORS,
  ISLANDS_LIVE_AFTER_LOAD_MS,
  islandsProbe,
  readIslandsTiming,
} from "../test-support/browsers.ts";
import { startServer } from "../test-support/server-process.ts";
import { buildSite, markdownTable, median } from "./report.ts";

/**
 * npm run bench:time-to-islands: how long after its `load` event each page's islands are live (decision 021), in
 * Chromium and in Firefox, both driven by puppeteer-core (CDP and WebDriver BiDi), at 390 px and the machine's
 * own speed. Pages opened at a form anchor are measured too: Firefox records no paint entry for them. Exits
 * non-zero when a page's median is 1 s or more after `load`, or its islands never start.
 *
 *   npm run bench:time-to-islands                        build into build-perf/ and measure every route
 *   npm run bench:time-to-islands -- --no-build          measure the existing build-perf/
 *   npm run bench:time-to-islands -- /chart-assist#demo  only these paths
 *   BENCH_RUNS=5 npm run bench:time-to-islands           loads per path and engine (default 3)
 */

const GIVE_UP_MS = 10_000;

interface Load {
  /** ms from navigation start to the load event, and to the islands being live (NaN when they never were). */
  load: number;
  live: number;
}

async function measure(browser: Browser, url: string): Promise<Load> {
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 390, height: 844 });
    await page.evaluateOnNewDocument(islandsProbe);
    await page.goto(url, { waitUntil: "load" });
    const deadline = Date.now() + GIVE_UP_MS;
    let timing = await page.evaluate(readIslandsTiming);
    while (timing.live === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      timing = await page.evaluate(readIslandsTiming);
    }
    return { load: timing.load, live: timing.live ?? Number.NaN };
  } finally {
    await page.close();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const chosen = args.filter((arg) => arg.startsWith("/"));
  const paths = chosen.length ? chosen : [...publicPaths, ...FORM_ANCHORS];
  const buildOut = process.env.BUILD_OUT || "build-perf";
  const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 3);

  if (!args.includes("--no-build")) {
    console.log(`Building into ${buildOut}/ ...`);
    buildSite({ ...process.env, BUILD_OUT: buildOut });
  }
  const server = await startServer(
    {
      BUILD_DIR: path.join(buildOut, "client"),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-islands-")),
      DATABASE_URL: "",
      RELAY_ENABLED: "false",
    },
    60_000,
  ); // a busy machine can take longer than the default to start it

  const engines = [
    {
      name: "Chromium",
      launch: () => puppeteer.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }),
    },
    { name: "Firefox", launch: () => puppeteer.launch({ browser: "firefox", executablePath: FIREFOX_PATH }) },
  ];
  const results = new Map<string, Map<string, Load[]>>(paths.map((route) => [route, new Map()]));
  try {
    for (const engine of engines) {
      const browser = await engine.launch();
      try {
        for (const route of paths) {
          const loads: Load[] = [];
          for (let run = 0; run < runs; run += 1) loads.push(await measure(browser, `${server.url}${route}`));
          results.get(route)?.set(engine.name, loads);
        }
      } finally {
        await browser.close();
      }
    }
  } finally {
    await server.stop();
  }

  let failed = false;
  const rows = paths.map((route) => [
    route,
    ...engines.flatMap(({ name }) => {
      const loads = results.get(route)?.get(name) ?? [];
      const never = loads.filter((load) => Number.isNaN(load.live)).length;
      const after = median(loads.map((load) => load.live - load.load));
      if (never || after >= ISLANDS_LIVE_AFTER_LOAD_MS) failed = true;
      return [
        Math.round(median(loads.map((load) => load.load))).toString(),
        never ? `never (${never} of ${loads.length})` : Math.round(after).toString(),
      ];
    }),
  ]);
  const header = [
    "path",
    ...engines.flatMap(({ name }) => [`${name} load ms`, `${name} islands live after load ms`]),
  ];
  console.log(
    `\nIslands live after load, ${runs} loads per path and engine (medians), 390 px, ${new Date().toISOString()}\n`,
  );
  console.log(markdownTable(header, rows));
  console.log(
    failed
      ? `\nA page's islands were live ${ISLANDS_LIVE_AFTER_LOAD_MS} ms or more after its load event, or never (above).`
      : `\nEvery page's islands were live within ${ISLANDS_LIVE_AFTER_LOAD_MS} ms of its load event.`,
  );
  process.exitCode = failed ? 1 : 0;
}

await main();
