import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, chromium } from "@playwright/test";
import { publicPaths } from "../config/route-paths.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH, islandsProbe, readIslandsTiming } from "../test-support/browsers.ts";
import { startServer } from "../test-support/server-process.ts";
import {
  blockingTime,
  mainThreadTasks,
  markForTrace,
  TRACE_ANCHOR,
  TRACE_CATEGORIES,
  type TraceEvent,
} from "./main-thread-tasks.ts";
import { buildSite, markdownTable, median } from "./report.ts";

/**
 * npm run bench:hydration: what a page's JavaScript costs the main thread, as a difference measured in one
 * run (decision 021). Each route is loaded in Chromium at 390 px with the CPU slowed 4x, with JavaScript and
 * with every script blocked (as Lighthouse's no-JS runs do), in pairs whose order alternates, so a machine
 * that is busy or slow weighs on both halves of a pair alike. A load's blocking time is the part over 50 ms
 * of every long task of the page's main thread from navigation until 3 s after `load`, read from a trace
 * (every task, the frames that only lay out and paint included; bench/main-thread-tasks.ts); the table gives
 * per route the median of each pair's difference (with JavaScript minus without). Exits non-zero when a
 * route's median difference is over 30 ms or its islands were not live within 1 s of `load`.
 *
 * With --cpu-clock, each pair also loads both pages at the machine's speed and reads each task as 4x the CPU time
 * its thread spent on it: what the page's own work would block on a CPU 4x slower that nothing else shares. It is
 * reported beside the verdict, not judged: DevTools slows the CPU by making the thread spin 3x as long as it last
 * ran by the wall clock, so the time other threads and processes held the CPU is multiplied by four as well, and
 * on this 2-core machine that is most of a long task (decision 021).
 *
 *   npm run bench:hydration                            build into build-perf/ and measure every route
 *   npm run bench:hydration -- --no-build              measure the existing build-perf/
 *   npm run bench:hydration -- /carestaff /about       only these routes
 *   npm run bench:hydration -- --compare=build-base    also an older build (its build/client), in the same pairs
 *   npm run bench:hydration -- --cpu-clock             also the CPU-time reading (twice the loads)
 *   BENCH_PAIRS=9 npm run bench:hydration              pairs per route (default 7, at least 5)
 */

const CPU_SLOWDOWN = 4;
const AFTER_LOAD_MS = 3000;
/** The targets: at most this much blocking over the no-JS page, islands live this soon after `load`. */
const TARGET_EXTRA_BLOCKING_MS = 30;
const TARGET_LIVE_AFTER_LOAD_MS = 1000;

interface Sample {
  blocking: number;
  longTasks: number;
  /** ms from navigation start to `load`, and from `load` to the islands being live (NaN: never, or no JS). */
  load: number;
  liveAfterLoad: number;
  /** Compressed bytes of the scripts the page loaded. */
  jsBytes: number;
}

interface Mode {
  build: string;
  url: string;
  js: boolean;
  /** Slowed 4x by DevTools and read by the wall clock; otherwise at the machine's speed and read as CPU time x4. */
  throttled: boolean;
}

async function measure(browser: Browser, mode: Mode, route: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(islandsProbe);
    const cdp = await context.newCDPSession(page);
    if (mode.throttled) await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    if (!mode.js) {
      await cdp.send("Network.enable");
      await cdp.send("Network.setBlockedURLs", { urls: ["*.js"] });
    }
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    let trace: Buffer;
    let anchorTime: number;
    try {
      await page.goto(`${mode.url}${route}`, { waitUntil: "load" });
      const { load } = await page.evaluate(readIslandsTiming);
      const left = await page.evaluate((until) => until - performance.now(), load + AFTER_LOAD_MS);
      await page.waitForTimeout(Math.max(0, left) + 50);
      anchorTime = await page.evaluate(markForTrace, TRACE_ANCHOR);
    } finally {
      trace = await browser.stopTracing();
    }
    const jsBytes = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0),
    );
    const timing = await page.evaluate(readIslandsTiming);
    const { traceEvents } = JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] };
    const tasks = mainThreadTasks(traceEvents, anchorTime).filter(
      (task) => task.start < timing.load + AFTER_LOAD_MS,
    );
    return {
      ...blockingTime(tasks, mode.throttled ? undefined : CPU_SLOWDOWN),
      load: timing.load,
      liveAfterLoad: timing.live === null ? Number.NaN : timing.live - timing.load,
      jsBytes,
    };
  } finally {
    await context.close();
  }
}

/** Each pair's blocking with JavaScript minus its blocking without. */
const pairDifferences = (withJs: Sample[], withoutJs: Sample[]) =>
  withJs.map((sample, pair) => sample.blocking - (withoutJs[pair]?.blocking ?? 0));

/** The modes of one pair, in an order that turns by one each pair: no mode always goes first. */
const rotated = <T>(items: T[], by: number) =>
  items.map((_, index) => items[(index + by) % items.length] as T);

const ms = (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : "n/a");

async function main() {
  const args = process.argv.slice(2);
  const routes = args.filter((arg) => arg.startsWith("/"));
  const buildOut = process.env.BUILD_OUT || "build-perf";
  const compare = args.find((arg) => arg.startsWith("--compare="))?.slice("--compare=".length);
  const pairs = Math.max(5, Number(process.env.BENCH_PAIRS) || 7);
  const cpuClock = args.includes("--cpu-clock");

  if (!args.includes("--no-build")) {
    console.log(`Building into ${buildOut}/ ...`);
    buildSite({ ...process.env, BUILD_OUT: buildOut });
  }

  const builds = compare ? [compare, buildOut] : [buildOut];
  const servers = await Promise.all(
    builds.map((build) =>
      startServer(
        {
          BUILD_DIR: path.join(build, "client"),
          DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-hydration-")),
          DATABASE_URL: "",
          RELAY_ENABLED: "false",
        },
        // The server compresses the whole site at start-up: minutes on a machine as busy as this benchmark allows for.
        180_000,
      ),
    ),
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const modes: Mode[] = builds.flatMap((build, index) =>
    (cpuClock ? [true, false] : [true]).flatMap((throttled) =>
      [true, false].map((js) => ({ build, url: servers[index]?.url ?? "", js, throttled })),
    ),
  );
  const samplesOf = (samples: Map<Mode, Sample[]>, build: string, throttled: boolean, js: boolean) =>
    samples.get(
      modes.find((mode) => mode.build === build && mode.throttled === throttled && mode.js === js) as Mode,
    ) ?? [];

  const rows: string[][] = [];
  let failed = false;
  try {
    for (const route of routes.length ? routes : publicPaths) {
      const samples = new Map<Mode, Sample[]>(modes.map((mode) => [mode, []]));
      for (let pair = 0; pair < pairs; pair += 1) {
        for (const mode of rotated(modes, pair)) samples.get(mode)?.push(await measure(browser, mode, route));
      }
      for (const build of builds) {
        const withJs = samplesOf(samples, build, true, true);
        const withoutJs = samplesOf(samples, build, true, false);
        const extra = pairDifferences(withJs, withoutJs);
        const cpuExtra = pairDifferences(
          samplesOf(samples, build, false, true),
          samplesOf(samples, build, false, false),
        );
        const extraMedian = median(extra);
        const live = median(withJs.map((sample) => sample.liveAfterLoad));
        const judged = build === buildOut;
        const missed = extraMedian > TARGET_EXTRA_BLOCKING_MS || !(live <= TARGET_LIVE_AFTER_LOAD_MS);
        if (judged && missed) failed = true;
        rows.push([
          route,
          ...(compare ? [build] : []),
          ms(median(withJs.map((sample) => sample.blocking))),
          ms(median(withoutJs.map((sample) => sample.blocking))),
          `${ms(extraMedian)} / ${ms(Math.max(...extra))}`,
          ...(cpuClock ? [`${ms(median(cpuExtra))} / ${ms(Math.max(...cpuExtra))}`] : []),
          median(withJs.map((sample) => sample.longTasks)).toString(),
          ms(live),
          (median(withJs.map((sample) => sample.jsBytes)) / 1000).toFixed(1),
          judged ? (missed ? "missed" : "met") : "",
        ]);
        console.log(
          `${route} ${build}: ${ms(extraMedian)} ms more blocking with JS (median of ${pairs} pairs)` +
            (cpuClock ? `, ${ms(median(cpuExtra))} ms in CPU time x${CPU_SLOWDOWN}` : ""),
        );
      }
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map((server) => server.stop()));
  }

  const header = [
    "route",
    ...(compare ? ["build"] : []),
    "blocking ms, JS",
    "blocking ms, no JS",
    "JS minus no JS ms (median / worst pair)",
    ...(cpuClock ? [`JS minus no JS ms, CPU time x${CPU_SLOWDOWN} (median / worst pair)`] : []),
    "long tasks, JS",
    "islands live after load ms",
    "JS kB",
    "target",
  ];
  console.log(
    `\nBlocking time from navigation to ${AFTER_LOAD_MS / 1000} s after load, ${CPU_SLOWDOWN}x CPU, 390 px, ` +
      `${pairs} alternating pairs per route and build, medians, ${new Date().toISOString()}\n`,
  );
  console.log(markdownTable(header, rows));
  console.log(
    failed
      ? `\nA route blocks more than ${TARGET_EXTRA_BLOCKING_MS} ms over its no-JS page, or its islands were not live within ${TARGET_LIVE_AFTER_LOAD_MS} ms of load (above).`
      : `\nEvery route is within ${TARGET_EXTRA_BLOCKING_MS} ms of its no-JS page, its islands live within ${TARGET_LIVE_AFTER_LOAD_MS} ms of load.`,
  );
  process.exitCode = failed ? 1 : 0;
}

await main();
