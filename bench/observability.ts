/**
 * What the access log and the metrics cost, measured side by side in one run (the target, decision 022: at
 * most 5 % of the throughput). Two servers on SQLite, one with them on (LOG_LEVEL=info, METRICS_TOKEN set,
 * /metrics scraped every 5 s as Prometheus would) and one with them off (LOG_LEVEL=warn, no token: no access
 * line, no lead line, no metric), loaded in turn, on, off, off, on, on, off, off, on, so that a machine
 * getting busier or quieter touches both alike.
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  freePort,
  MINIMAL_BUILD_DIR,
  type ServerProcess,
  startServer,
} from "../test-support/server-process.ts";
import { postLeadLoad } from "./lead-load.ts";

const TOKEN = "bench-observability-token";
/** Even, so that each side goes first in half the rounds (inTurn). */
export const ROUNDS = 4;
const WARM_UP_S = 3;
export const MAX_COST = 0.05;

interface Side {
  name: string;
  env: Record<string, string>;
  scrape: boolean;
  server?: ServerProcess;
  perSecond: number[];
  p99: number[];
  /** The server process's own CPU time per accepted lead (µs): what it spends, whatever else the machine runs. */
  cpuPerLead: number[];
}

/** A process's user and system CPU time so far, in ms, from /proc (Linux's clock tick is 10 ms). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The two sides of a round in turn, A B then B A: a machine growing busier or quieter during a run (each run's
 * numbers drift) weighs on both alike, where always A then B put all of it on one.
 */
export const inTurn = <T>(sides: readonly T[], round: number): readonly T[] =>
  round % 2 === 0 ? sides : sides.toReversed();

export async function compareObservability(
  connections: number,
  durationS: number,
): Promise<{ table: string[]; failure?: string }> {
  const dirs: string[] = [];
  const common = { BUILD_DIR: MINIMAL_BUILD_DIR, RATE_LIMIT_PER_MINUTE: "0", RELAY_ENABLED: "false" };
  const sides: Side[] = [
    {
      name: "on: access log, lead lines, metrics (scraped every 5 s)",
      env: { LOG_LEVEL: "info", METRICS_TOKEN: TOKEN },
      scrape: true,
      perSecond: [],
      p99: [],
      cpuPerLead: [],
    },
    {
      name: "off: LOG_LEVEL=warn, no METRICS_TOKEN",
      env: { LOG_LEVEL: "warn" },
      scrape: false,
      perSecond: [],
      p99: [],
      cpuPerLead: [],
    },
  ];
  try {
    for (const side of sides) {
      const dataDir = await mkdtemp(path.join(tmpdir(), "bench-observability-"));
      dirs.push(dataDir);
      // The quiet side writes no "serving" line to learn its port from: it gets one, and is waited for on it.
      const port = String(await freePort());
      side.server = await startServer({ ...common, ...side.env, DATA_DIR: dataDir, PORT: port }, 60_000);
      await postLeadLoad(side.server.url, connections, WARM_UP_S);
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of inTurn(sides, round)) {
        const url = side.server?.url ?? "";
        const scraper = side.scrape
          ? setInterval(
              () =>
                void fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } }).then((r) =>
                  r.text(),
                ),
              5000,
            )
          : undefined;
        const cpuBefore = cpuMs(side.server?.pid ?? 0);
        const load = await postLeadLoad(url, connections, durationS);
        clearInterval(scraper);
        side.cpuPerLead.push(((cpuMs(side.server?.pid ?? 0) - cpuBefore) * 1000) / load["2xx"]);
        side.perSecond.push(load["2xx"] / durationS);
        side.p99.push(load.latency.p99);
      }
    }
  } finally {
    for (const side of sides) await side.server?.stop();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const [on, off] = sides.map((side) => mean(side.perSecond)) as [number, number];
  const cost = 1 - on / off;
  const [cpuOn, cpuOff] = sides.map((side) => mean(side.cpuPerLead)) as [number, number];
  const table = [
    `| observability (${connections} connections, ${ROUNDS} x ${durationS} s each, alternating) | accepted leads/s per run | mean | p99 ms per run | server CPU µs per lead, per run | mean |`,
    "|---|---|---|---|---|---|",
    ...sides.map(
      (side) =>
        `| ${side.name} | ${side.perSecond.map((value) => value.toFixed(0)).join(", ")} | ${mean(side.perSecond).toFixed(0)} | ${side.p99.join(", ")} | ${side.cpuPerLead.map((value) => value.toFixed(0)).join(", ")} | ${mean(side.cpuPerLead).toFixed(0)} |`,
    ),
    `| cost of the access log and the metrics | | ${(cost * 100).toFixed(1)} % of throughput (target <= ${MAX_COST * 100} %) | | | ${((cpuOn / cpuOff - 1) * 100).toFixed(1)} % more CPU per lead |`,
  ];
  return {
    table,
    ...(cost > MAX_COST && {
      failure: `the access log and the metrics cost ${(cost * 100).toFixed(1)} % of the throughput`,
    }),
  };
}
