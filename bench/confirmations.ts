/**
 * What the confirmation e-mail costs the lead intake, measured side by side in one run (the target, decision
 * 024: with them on, at most 10 % less throughput than off). Two servers on SQLite, each with its own real
 * SMTP server (smtp-server on loopback), alike but for CONFIRMATION_EMAILS, loaded in turn, on, off, then
 * off, on (inTurn), with a distinct e-mail address per lead so the 24-hour limit suppresses none, and the
 * hourly limits (every lead is at one domain) at their highest, so they are counted and reached by none.
 * Either the relay and the mail worker run apart (`leads relay` after the load, as the main bench runs them:
 * the intake's own cost), or inside each server while it takes leads (one more SMTP message per lead on the
 * same cores). Afterwards every lead of the "on" side must have had exactly one confirmation at its SMTP
 * server, the one the store recorded, and the "off" side's none.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openStore, type Store } from "../server/store/store.ts";
import { startFakeFormService } from "../test-support/fake-form-service.ts";
import {
  CLI_ENTRY,
  childEnv,
  freePort,
  MINIMAL_BUILD_DIR,
  type ServerProcess,
  startServer,
  waitFor,
} from "../test-support/server-process.ts";
import { type SmtpSink, startSmtpSink } from "../test-support/smtp-sink.ts";
import { postLeadLoad } from "./lead-load.ts";
import { cpuMs, inTurn, ROUNDS } from "./observability.ts";

const WARM_UP_S = 3;
/** The hourly limits' highest setting: far above the leads one run takes (decision 024 has runs' counts). */
const HOURLY_LIMITS = 1_000_000;
export const MAX_CONFIRMATION_COST = 0.1;

interface Side {
  name: string;
  confirmations: boolean;
  dataDir: string;
  sink: SmtpSink;
  env: Record<string, string>;
  server: ServerProcess;
  store: Store;
  perSecond: number[];
  p99: number[];
  /** The server process's own CPU time per accepted lead (µs): what it spends, whatever else the machine runs. */
  cpuPerLead: number[];
  /** How many leads it holds once loaded. */
  leads: number;
}

export type RelayPlacement = "separate" | "in-process";

export async function compareConfirmations(
  connections: number,
  durationS: number,
  relay: RelayPlacement,
): Promise<{ table: string[]; failures: string[] }> {
  const service = await startFakeFormService();
  const sides: Side[] = [];
  const failures: string[] = [];
  try {
    for (const confirmations of [true, false]) {
      const dataDir = await mkdtemp(path.join(tmpdir(), "bench-confirmations-"));
      const sink = await startSmtpSink({ parse: false });
      const env = {
        DATA_DIR: dataDir,
        SITE_URL: "https://bench.example.org",
        FORM_SERVICE_URL: service.template,
        SMTP_URL: sink.url,
        MAIL_FROM: "Northwind Care <hello@bench.example.org>",
        CONFIRMATION_EMAILS: String(confirmations),
        CONFIRMATIONS_PER_DOMAIN_PER_HOUR: String(HOURLY_LIMITS),
        CONFIRMATIONS_PER_HOUR: String(HOURLY_LIMITS),
        RELAY_CONCURRENCY: "32",
        LOG_LEVEL: "info",
      };
      const server = await startServer(
        {
          ...env,
          BUILD_DIR: MINIMAL_BUILD_DIR,
          PORT: String(await freePort()),
          RATE_LIMIT_PER_MINUTE: "0",
          RELAY_ENABLED: String(relay === "in-process"),
        },
        60_000,
      );
      const store = await openStore({ dataDir });
      sides.push({
        name: confirmations ? "on: CONFIRMATION_EMAILS=true" : "off: CONFIRMATION_EMAILS=false",
        confirmations,
        dataDir,
        sink,
        env,
        server,
        store,
        perSecond: [],
        p99: [],
        cpuPerLead: [],
        leads: 0,
      });
      await postLeadLoad(server.url, connections, WARM_UP_S, { distinctEmails: true });
    }
    for (let round = 0; round < ROUNDS; round++)
      for (const side of inTurn(sides, round)) {
        const cpuBefore = cpuMs(side.server.pid);
        const load = await postLeadLoad(side.server.url, connections, durationS, { distinctEmails: true });
        side.cpuPerLead.push(((cpuMs(side.server.pid) - cpuBefore) * 1000) / Math.max(load["2xx"], 1));
        side.perSecond.push(load["2xx"] / durationS);
        side.p99.push(load.latency.p99);
        if (load.errors + load.timeouts + load.non2xx > 0)
          failures.push(`${side.name}: ${load.errors + load.timeouts + load.non2xx} request(s) failed`);
      }
    for (const side of sides) {
      // Apart: the relay's own process sends what the load queued, then the counts are checked.
      const worker =
        relay === "separate"
          ? spawn(process.execPath, [CLI_ENTRY, "relay"], { env: childEnv(side.env), stdio: "ignore" })
          : undefined;
      try {
        failures.push(...(await checkSentOnce(side)));
      } finally {
        worker?.kill("SIGTERM");
      }
    }
  } finally {
    for (const side of sides) {
      await side.server.stop();
      await side.store.close();
      await side.sink.close();
      await rm(side.dataDir, { recursive: true, force: true });
    }
    await service.close();
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const [on, off] = sides.map((side) => mean(side.perSecond)) as [number, number];
  const cost = 1 - on / off;
  const [cpuOn, cpuOff] = sides.map((side) => mean(side.cpuPerLead)) as [number, number];
  if (cost > MAX_CONFIRMATION_COST)
    failures.push(`confirmations (relay ${relay}) cost ${(cost * 100).toFixed(1)} % of the throughput`);
  const table = [
    `| confirmations, relay and mail worker ${relay === "separate" ? "apart (after the load)" : "in the server (during the load)"} (${connections} connections, ${ROUNDS} x ${durationS} s each, alternating) | accepted leads/s per run | mean | p99 ms per run | server CPU µs per lead, per run | mean | confirmations at the SMTP server / leads |`,
    "|---|---|---|---|---|---|---|",
    ...sides.map(
      (side) =>
        `| ${side.name} | ${side.perSecond.map((value) => value.toFixed(0)).join(", ")} | ${mean(side.perSecond).toFixed(0)} | ${side.p99.join(", ")} | ${side.cpuPerLead.map((value) => value.toFixed(0)).join(", ")} | ${mean(side.cpuPerLead).toFixed(0)} | ${side.sink.accepted.length} / ${side.leads} |`,
    ),
    `| cost of the confirmations | | ${(cost * 100).toFixed(1)} % of throughput, on / off = ${(on / off).toFixed(3)} (target <= ${MAX_CONFIRMATION_COST * 100} %) | | | ${((cpuOn / cpuOff - 1) * 100).toFixed(1)} % more CPU per lead | |`,
  ];
  return { table, failures };
}

/**
 * Waits for the side's mail outbox to drain, then checks the SMTP server got one confirmation per lead (on), each
 * to its lead's address with the Message-ID the store recorded, or none at all (off).
 */
async function checkSentOnce(side: Side): Promise<string[]> {
  await waitFor(
    async () => {
      const mail = await side.store.mail.status();
      const leads = await side.store.incidents.health();
      return leads.pending > 0 || mail.some((row) => row.state === "pending") ? undefined : true;
    },
    600_000,
    `${side.name}: the outboxes to drain`,
  );
  const rows = await side.store.authDatabase.db
    .selectFrom("mail_outbox")
    .select(["message_id", "state"])
    .where("kind", "=", "confirmation")
    .execute();
  const leads = Number(
    (
      await side.store.authDatabase.db
        .selectFrom("leads")
        .select((eb) => eb.fn.countAll<number | string | bigint>().as("count"))
        .executeTakeFirstOrThrow()
    ).count,
  );
  side.leads = leads;
  const received = side.sink.accepted.map((mail) => mail.parsed.messageId ?? "");
  const distinct = new Set(received);
  if (!side.confirmations)
    return received.length === 0 ? [] : [`${side.name}: ${received.length} confirmation(s) sent`];
  const recorded = new Set(rows.filter((row) => row.state === "delivered").map((row) => row.message_id));
  const problems: string[] = [];
  if (received.length !== leads)
    problems.push(`${side.name}: ${received.length} confirmation(s) at the SMTP server for ${leads} lead(s)`);
  if (distinct.size !== received.length)
    problems.push(`${side.name}: ${received.length - distinct.size} confirmation(s) sent twice`);
  if ([...distinct].some((id) => !recorded.has(id)))
    problems.push(`${side.name}: a confirmation at the SMTP server is not the one the store recorded`);
  return problems;
}
