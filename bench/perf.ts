import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { publicPaths } from "../config/route-paths.ts";
import { openStore } from "../server/store/store.ts";
import { CHROMIUM_ARGS } from "../test-support/browsers.ts";
import { freePort, type ServerProcess, startServer } from "../test-support/server-process.ts";
import {
  compressedBodyBytes,
  type Lhr,
  misses,
  ms,
  type RouteResult,
  resultsTable,
  scriptUrls,
  summarise,
  TARGETS,
} from "./lighthouse-results.ts";
import { seedOpenings } from "./openings-seed.ts";
import { buildSite, median } from "./report.ts";

/**
 * npm run perf: builds the site, serves it with our own server, and runs Lighthouse (mobile preset,
 * simulated throttling, Debian's Chromium) on every route, as shipped and with JavaScript blocked (to compare
 * LCP against the plain HTML), PERF_RUNS times each (default 3), and reports each figure's median: single
 * Lighthouse runs vary by tens of milliseconds. Prints one table and exits non-zero when a target is missed.
 *
 *   npm run perf                    build into build-perf/ and measure every route
 *   npm run perf -- --no-build      measure the existing build-perf/
 *   npm run perf -- /about /team    only these routes
 *   PERF_RUNS=5 npm run perf        five runs per route and mode instead of three
 *   npm run perf -- --compare=build-old   also measure an older build, run for run beside this one (baseline)
 *   PERF_JSON=perf.json npm run perf   also write the raw figures
 *   PERF_LHR_DIR=lhr npm run perf      also keep every Lighthouse report (route-js-1.json, route-nojs-1.json, ...)
 *   PERF_OPENINGS=50 npm run perf      the measured build's store holds 50 published openings (the careers page's list)
 *   PERF_COMPARE_ENTRY=../old/server/index.ts   serve the --compare build with the server it was built with
 */

const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

/** One Lighthouse run; a trace-recording hiccup (NO_NAVSTART and the like) is retried twice. */
async function runLighthouse(url: string, port: number, blockJs: boolean, attempt = 1): Promise<Lhr> {
  const result = await lighthouse(
    url,
    {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: blockJs ? ["performance"] : ["performance", "accessibility", "best-practices", "seo"],
      ...(blockJs && { blockedUrlPatterns: ["*.js"] }),
    },
    // The default config is the mobile preset with simulated throttling.
    undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) {
    if (attempt < 3) return runLighthouse(url, port, blockJs, attempt + 1);
    throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  }
  return result.lhr;
}

/**
 * With PERF_LHR_DIR set, writes a run's two reports there, to read what Lighthouse simulated; a compared build's
 * carry its name (`about@build-old-js-1.json`).
 */
function keepReports(route: string, build: string, run: number, shipped: Lhr, noJs: Lhr): void {
  const dir = process.env.PERF_LHR_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const name = `${route === "/" ? "home" : route.slice(1).replaceAll("/", "-")}${build ? `@${build}` : ""}`;
  writeFileSync(path.join(dir, `${name}-js-${run + 1}.json`), JSON.stringify(shipped));
  writeFileSync(path.join(dir, `${name}-nojs-${run + 1}.json`), JSON.stringify(noJs));
}

interface Served {
  build: string;
  server: ServerProcess;
}

/**
 * One build served on `port`: by this checkout's server, or with `entry` by another checkout's (an older build
 * with the server it shipped with), over a fresh store holding `openings` published openings.
 */
async function serve(
  build: string,
  port: number,
  siteUrl: string,
  { entry, openings = 0 }: { entry?: string | undefined; openings?: number } = {},
): Promise<Served> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "perf-leads-"));
  if (openings > 0) {
    const store = await openStore({ dataDir });
    try {
      await seedOpenings(store, openings);
    } finally {
      await store.close();
    }
  }
  const server = await startServer(
    {
      PORT: String(port),
      SITE_URL: siteUrl,
      BUILD_DIR: path.join(build, "client"),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      RELAY_ENABLED: "false",
      LOG_LEVEL: "warn",
    },
    180_000,
    entry ? { entry } : {},
  );
  return { build, server };
}

/**
 * With `--compare=<build>`, an older build is served beside the one measured and each run of a route measures
 * both, in an order that turns each run, so the table for the older build is a baseline from the same minutes.
 * Only the measured build is held to the targets.
 */
async function main() {
  const args = process.argv.slice(2);
  const skipBuild = args.includes("--no-build");
  const compare = args.find((arg) => arg.startsWith("--compare="))?.slice("--compare=".length);
  const only = args.filter((arg) => arg.startsWith("/"));
  const routes = only.length ? only : publicPaths;
  const buildOut = process.env.BUILD_OUT || "build-perf";
  const runs = Math.max(1, Number(process.env.PERF_RUNS) || 3);
  const port = Number(process.env.PERF_PORT) || (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  // Built with SITE_URL at the served origin, so canonical URLs and the sitemap match what Lighthouse sees.
  const env = { ...process.env, BUILD_OUT: buildOut, SITE_URL: process.env.PERF_SITE_URL ?? origin };

  if (!skipBuild) {
    console.log(`Building into ${buildOut}/ with SITE_URL=${env.SITE_URL} ...`);
    buildSite(env);
  }

  const served: Served[] = [];
  const results = new Map<string, RouteResult[]>(
    [buildOut, ...(compare ? [compare] : [])].map((b) => [b, []]),
  );
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const openings = Number(process.env.PERF_OPENINGS) || 0;
    served.push(await serve(buildOut, port, env.SITE_URL, { openings }));
    if (compare)
      served.push(
        await serve(compare, await freePort(), env.SITE_URL, { entry: process.env.PERF_COMPARE_ENTRY }),
      );
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      chromeFlags: CHROME_FLAGS,
    });
    const { port: chromePort } = chrome;
    for (const route of routes) {
      process.stdout.write(`Lighthouse ${route} ...`);
      const reports = new Map(served.map((one) => [one, { shipped: [] as Lhr[], noJs: [] as Lhr[] }]));
      for (let run = 0; run < runs; run += 1) {
        for (const one of run % 2 ? [...served].reverse() : served) {
          const shipped = await runLighthouse(`${one.server.url}${route}`, chromePort, false);
          const noJs = await runLighthouse(`${one.server.url}${route}`, chromePort, true);
          reports.get(one)?.shipped.push(shipped);
          reports.get(one)?.noJs.push(noJs);
          keepReports(route, one === served[0] ? "" : one.build, run, shipped, noJs);
        }
      }
      for (const [one, { shipped, noJs }] of reports) {
        const bodies = await Promise.all(shipped.map((lhr) => compressedBodyBytes(scriptUrls(lhr))));
        results.get(one.build)?.push(summarise(route, shipped, noJs, median(bodies)));
      }
      const result = results.get(buildOut)?.at(-1);
      if (result)
        console.log(
          ` perf ${result.performance} (${result.performanceNoJs} without JS), LCP ${ms(result.lcpMs)} ms (${ms(result.lcpNoJsMs)} ms without JS), TBT ${ms(result.tbtMs)} ms (${ms(result.tbtNoJsMs)} ms without JS), median of ${runs}`,
        );
    }
  } finally {
    chrome?.kill();
    await Promise.all(served.map((one) => one.server.stop()));
  }

  const chromium = spawnSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", ["--version"], {
    encoding: "utf8",
  });
  console.log(
    `\nLighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile preset, simulated throttling; ${chromium.stdout.trim()}; ${cpus()[0]?.model ?? "unknown CPU"} x${cpus().length}; ${new Date().toISOString()}\n`,
  );
  const measured = results.get(buildOut) ?? [];
  if (compare) console.log(`${buildOut}/ (measured):\n`);
  console.log(resultsTable(measured));
  if (compare)
    console.log(
      `\n${compare}/ (the baseline, same runs; not held to the targets):\n\n${resultsTable(results.get(compare) ?? [])}`,
    );

  let failed = false;
  for (const r of measured) {
    const missed = misses(r);
    if (r.performance < TARGETS.performanceFloor) failed = true;
    if (missed.length || r.failing.length) {
      failed = true;
      console.log(`\n${r.route}: ${[...missed, ...r.failing.map((id) => `audit ${id}`)].join("; ")}`);
    }
  }
  if (process.env.PERF_JSON)
    writeFileSync(process.env.PERF_JSON, JSON.stringify(Object.fromEntries(results), null, 2));
  console.log(failed ? "\nSome targets missed (above)." : "\nEvery route meets every target.");
  process.exitCode = failed ? 1 : 0;
}

await main();
