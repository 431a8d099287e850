/**
 * Load benchmark for the lead API: the real server on SQLite in a temp DATA_DIR (or, with
 * DATABASE_URL set, on PostgreSQL in a schema of its own, dropped afterwards), a fake form service on
 * loopback, autocannon at 50 connections for 20 s, then 20 concurrent 10 MB applications.
 * Checks that every accepted lead is stored and reached the fake service. Loopback only, bounded.
 * With LEAD_CHANNELS=smtp,webhook (any of formservice, smtp, webhook) the relay delivers over those channels to
 * local sinks (an smtp-server, an HTTP receiver), and every lead must arrive exactly once per channel:
 * missing and duplicate arrivals are counted and reported.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { RESUME_MAX_BYTES } from "../leads/resume.ts";
import { openStore } from "../server/store/store.ts";
import type { Channel } from "../server/store/store-records.ts";
import { startFakeFormService } from "../test-support/fake-form-service.ts";
import { createTestSchema } from "../test-support/pg-schema.ts";
import { MINIMAL_BUILD_DIR, startServer, waitFor } from "../test-support/server-process.ts";
import { startSmtpSink } from "../test-support/smtp-sink.ts";
import { startWebhookSink } from "../test-support/webhook-sink.ts";
import { compareConfirmations } from "./confirmations.ts";
import { postLeadLoad } from "./lead-load.ts";
import { compareObservability, cpuMs } from "./observability.ts";
import { rssKb, sampleRss } from "./process-memory.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);
const CONNECTIONS = 50;
const UPLOADS = 20;
const TARGETS = { leadsPerSecond: 1000, p99Ms: 50, rssMb: 300 };
const CHANNELS = (process.env.LEAD_CHANNELS ?? "formservice")
  .split(",")
  .map((name) => name.trim()) as Channel[];
const SITE_HOST = "bench.example.org";

/** How many times each lead id arrived: missing ones and repeats. */
function arrivals(expected: string[], received: (string | undefined)[]) {
  const counts = new Map<string, number>();
  for (const id of received) if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  const missing = expected.filter((id) => !counts.has(id)).length;
  const duplicates = [...counts.values()].reduce((sum, count) => sum + count - 1, 0);
  return { received: received.length, missing, duplicates };
}

async function main() {
  // First, on servers of their own: what the access log and the metrics cost (BENCH_OBSERVABILITY=0 skips it).
  const observability =
    process.env.BENCH_OBSERVABILITY === "0"
      ? undefined
      : await compareObservability(CONNECTIONS, DURATION_S / 2);
  for (const line of observability?.table ?? []) console.log(line);
  // Then the confirmation e-mail's cost, likewise, with the relay apart and inside (BENCH_CONFIRMATIONS=0 skips it).
  const confirmations = [];
  if (process.env.BENCH_CONFIRMATIONS !== "0")
    for (const relay of ["separate", "in-process"] as const) {
      const compared = await compareConfirmations(CONNECTIONS, DURATION_S / 2, relay);
      for (const line of compared.table) console.log(line);
      confirmations.push(...compared.failures);
    }
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-leads-"));
  const service = await startFakeFormService();
  // A schema of its own on PostgreSQL: the bench counts every lead it finds there.
  const postgres = process.env.DATABASE_URL
    ? await createTestSchema(process.env.DATABASE_URL, "bench_leads")
    : undefined;
  const storeName = postgres ? "PostgreSQL" : "SQLite";
  const smtp = CHANNELS.includes("smtp") ? await startSmtpSink({ parse: false }) : undefined;
  const hooks = CHANNELS.includes("webhook") ? await startWebhookSink() : undefined;
  const relayEnv = {
    ...(postgres && { DATABASE_URL: postgres.url }),
    DATA_DIR: dataDir,
    SITE_URL: `https://${SITE_HOST}`,
    LEAD_CHANNELS: CHANNELS.join(","),
    ...(smtp && { SMTP_URL: smtp.url, MAIL_FROM: "leads@example.org" }),
    ...(hooks && {
      WEBHOOK_URL: hooks.url,
      WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 1).toString("base64")}`,
    }),
    FORM_SERVICE_URL: service.template,
    RELAY_CONCURRENCY: process.env.BENCH_RELAY_CONCURRENCY ?? "32",
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
  };
  // The web process takes leads; the relay runs as its own process (`leads relay`), as in a deployment
  // that separates them, and only after the intake phases so the two do not share the cores while measured.
  const server = await startServer({
    ...relayEnv,
    BUILD_DIR: MINIMAL_BUILD_DIR,
    RATE_LIMIT_PER_MINUTE: "0",
    RELAY_ENABLED: "false",
    ...(process.env.BENCH_NODE_OPTIONS && { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS }),
  });
  const store = await openStore({ dataDir, databaseUrl: postgres?.url });
  // The side-by-side comparisons' misses, reported with the rest but not counted against the deliveries below.
  const compared = [...(observability?.failure ? [observability.failure] : []), ...confirmations];
  const failures: string[] = [];
  try {
    console.log(`server pid ${server.pid} at ${server.url}, data in ${dataDir}`);
    const idleRss = Math.round((await rssKb(server.pid)) / 1024);

    // Phase 1: small urlencoded leads, each with its own Idempotency-Key (autocannon fills in [<id>]).
    const stopLoadRss = sampleRss(server.pid);
    const cpuBefore = cpuMs(server.pid);
    const load = await postLeadLoad(server.url, CONNECTIONS, DURATION_S);
    const loadRss = await stopLoadRss();
    const cpuPerLead = cpuMs(server.pid) - cpuBefore;
    const accepted = load["2xx"];
    const throughput = accepted / DURATION_S;

    // Phase 2: 20 concurrent applications with a resume just under 10 MB.
    const resume = Buffer.concat([
      Buffer.from("%PDF-1.7\n"),
      Buffer.alloc(RESUME_MAX_BYTES - 1024 - 9, 0x20),
    ]);
    const resumeSha = createHash("sha256").update(resume).digest("hex");
    const stopUploadRss = sampleRss(server.pid);
    const uploadStarted = performance.now();
    const uploads = await Promise.all(
      Array.from({ length: UPLOADS }, async (_, index) => {
        const body = new FormData();
        body.append("firstName", "Bench");
        body.append("lastName", `Upload ${index}`);
        body.append("email", `upload-${index}@example.com`);
        body.append("consent", "on");
        body.append("resume", new Blob([resume]), `cv-${index}.pdf`);
        const started = performance.now();
        const response = await fetch(`${server.url}/api/leads/nurse-application`, {
          method: "POST",
          body,
          headers: { Accept: "application/json" },
        });
        const json = (await response.json()) as { id?: string };
        return { status: response.status, id: json.id, ms: performance.now() - started };
      }),
    );
    const uploadMs = performance.now() - uploadStarted;
    const uploadRss = await stopUploadRss();

    // Verification: everything accepted is stored and reaches the fake service exactly once.
    const drainStarted = performance.now();
    const relay = spawn(process.execPath, [path.join(ROOT, "server", "cli.ts"), "relay"], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...relayEnv },
      stdio: "ignore",
    });
    try {
      await waitFor(
        async () => ((await store.incidents.health()).pending === 0 ? true : undefined),
        300_000,
        "relay to drain",
      );
    } finally {
      relay.kill("SIGTERM");
    }
    const drainMs = performance.now() - drainStarted;
    const allIds = (await store.operations.list({})).map((lead) => lead.id);
    const channelRows: [string, string, string][] = [];
    const checkArrivals = (channel: string, received: (string | undefined)[]) => {
      const count = arrivals(allIds, received);
      channelRows.push([
        `${channel}: arrivals / missing / duplicates for ${allIds.length} leads`,
        `${count.received} / ${count.missing} / ${count.duplicates}`,
        "each lead once",
      ]);
      if (count.missing > 0 || count.duplicates > 0)
        failures.push(`${channel}: ${count.missing} lead(s) missing, ${count.duplicates} duplicate(s)`);
    };
    if (smtp)
      checkArrivals(
        "smtp",
        smtp.accepted.map((mail) => /^<([^@]+)@/.exec(mail.parsed.messageId ?? "")?.[1]),
      );
    if (hooks)
      checkArrivals(
        "webhook",
        hooks.received.map((hook) => (JSON.parse(hook.body) as { data: { leadId: string } }).data.leadId),
      );
    const demoLeads = await store.operations.list({ formId: "chartassist-demo" });
    const viaService = CHANNELS.includes("formservice");
    const delivered = service.delivered();
    const deliveredCompanies = new Set(
      delivered
        .filter((post) => post.fields.subject === "New ChartAssist Demo Request")
        .map((post) => post.fields.company),
    );
    // autocannon stops counting at the deadline; up to one request per connection was still in flight (and committed).
    if (demoLeads.length < accepted || demoLeads.length > accepted + CONNECTIONS) {
      failures.push(`store holds ${demoLeads.length} demo leads, autocannon counted ${accepted} 2xx`);
    }
    if (viaService && deliveredCompanies.size !== demoLeads.length)
      failures.push(`fake service got ${deliveredCompanies.size} distinct demo leads of ${demoLeads.length}`);
    for (const lead of demoLeads) {
      if (lead.state !== "delivered" || (viaService && !deliveredCompanies.has(lead.fields.company))) {
        failures.push(`demo lead ${lead.id} not delivered`);
        break;
      }
    }
    for (const upload of uploads) {
      const stored = upload.id ? await store.operations.get(upload.id) : null;
      const post = delivered.find((item) => item.fields.email === stored?.fields.email);
      if (
        upload.status !== 201 ||
        !stored ||
        stored.state !== "delivered" ||
        stored.resume?.sha256 !== resumeSha ||
        (viaService && post?.file?.sha256 !== resumeSha)
      ) {
        failures.push(`upload ${upload.id ?? "?"} (HTTP ${upload.status}) not stored or delivered intact`);
      }
    }
    if (viaService && delivered.length !== demoLeads.length + UPLOADS) {
      failures.push(
        `fake service confirmed ${delivered.length} posts for ${demoLeads.length + UPLOADS} leads`,
      );
    }
    const errors =
      load.errors + load.timeouts + load.non2xx + uploads.filter((upload) => upload.status !== 201).length;

    const rows: [string, string, string][] = [
      [
        `accepted leads/s (${storeName}, ${CONNECTIONS} connections, ${DURATION_S} s)`,
        throughput.toFixed(0),
        `>= ${TARGETS.leadsPerSecond}`,
      ],
      ["latency p50 / p99 (ms)", `${load.latency.p50} / ${load.latency.p99}`, `p99 < ${TARGETS.p99Ms}`],
      ["requests total / 2xx / errors", `${load.requests.total} / ${accepted} / ${errors}`, "0 errors"],
      [
        "server CPU per accepted lead (ms, user + system)",
        (cpuPerLead / Math.max(accepted, 1)).toFixed(3),
        "",
      ],
      ["server RSS idle / peak under load (MB)", `${idleRss} / ${loadRss}`, ""],
      [
        `${UPLOADS} concurrent ~10 MB uploads: wall time / slowest (ms)`,
        `${uploadMs.toFixed(0)} / ${Math.max(...uploads.map((upload) => upload.ms)).toFixed(0)}`,
        "",
      ],
      ["server RSS peak during uploads (MB)", String(uploadRss), `< ${TARGETS.rssMb}`],
      ["relay drain after the load (s)", (drainMs / 1000).toFixed(1), ""],
      [
        `stored = delivered over ${CHANNELS.join(", ")} (every 201 checked)`,
        failures.length === 0 ? "yes" : "NO",
        "yes",
      ],
      ...channelRows,
    ];
    console.log("\n| measure | result | target |\n|---|---|---|");
    for (const [label, value, target] of rows) console.log(`| ${label} | ${value} | ${target} |`);
    const missed = [
      throughput < TARGETS.leadsPerSecond && "throughput",
      load.latency.p99 >= TARGETS.p99Ms && "p99 latency",
      errors > 0 && "errors",
      uploadRss >= TARGETS.rssMb && "upload RSS",
    ].filter(Boolean);
    for (const failure of [...compared, ...failures.slice(0, 10)]) console.error(`FAIL: ${failure}`);
    if (missed.length) console.error(`targets missed: ${missed.join(", ")}`);
    process.exitCode = compared.length || failures.length || missed.length ? 1 : 0;
  } finally {
    await server.stop();
    await store.close();
    await service.close();
    await smtp?.close();
    await hooks?.close();
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
