import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { createAlerts } from "./alerts/alerts.ts";
import { createApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { probeWritable } from "./data-dir.ts";
import { errorKind } from "./error-kind.ts";
import { createHealthApi } from "./health/health-api.ts";
import { createLeadApi } from "./leads/lead-api.ts";
import { createLogger, createLogOutput } from "./logger.ts";
import { createResumeLinkApi } from "./relay/channels/resume-link.ts";
import { createRelayWorker } from "./relay/relay-worker.ts";
import { startRetention } from "./retention.ts";
import { startStaffUpkeep } from "./staff/audit.ts";
import { openStaff } from "./staff/open-staff.ts";
import { createStaffApi } from "./staff/staff-api.ts";
import { beginStartup, servingLine, startupFailureLine } from "./startup.ts";
import { loadStaticSite } from "./static-site.ts";
import { openLeadStore } from "./store/open-store.ts";
import { ensureDataDirs, tempDirOf } from "./store/resume-files.ts";

/** A step waiting on a disk, PostgreSQL or DNS gives up after this: failures end well within 15 s. */
const STARTUP_DEADLINE_MS = 10_000;
/** SIGTERM ends the process within this time, whatever it is doing. */
const SHUTDOWN_DEADLINE_MS = 10_000;
/** Requests in progress get this long to finish after SIGTERM; uploads still arriving then are cut. */
const REQUEST_GRACE_MS = 5_000;

function failStartup(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/** Starts the production server: the pre-rendered site, the lead API and the relay worker, on one port. */
async function main() {
  const startup = beginStartup({ deadlineMs: STARTUP_DEADLINE_MS, onTimeout: failStartup });
  const config = await startup.step({ kind: "config" }, () => loadConfig());
  const logOutput = createLogOutput(config.LOG_BUFFER_BYTES);
  const logger = createLogger(config.LOG_LEVEL, logOutput.stream);
  const { dataDir, DATABASE_URL: databaseUrl } = config;
  await startup.step({ kind: "data-dir", dataDir }, async () => {
    await ensureDataDirs(dataDir);
    await probeWritable(tempDirOf(dataDir));
  });
  const store = await startup.step({ kind: "database", dataDir, databaseUrl }, () =>
    openLeadStore({ dataDir, databaseUrl, channels: config.LEAD_CHANNELS }, (error) =>
      logger.error({ err: errorKind(error) }, "database connection lost"),
    ),
  );
  const alerts = config.ALERT_EMAIL ? createAlerts({ config, logger, store }) : undefined;
  const relay = config.RELAY_ENABLED
    ? createRelayWorker({ config, logger, store, onDead: () => void alerts?.check() })
    : undefined;
  // With DATABASE_URL the rate limiter shares its counters through PostgreSQL, so this waits on it too.
  const leadApi = await startup.step({ kind: "database", dataDir, databaseUrl }, () =>
    createLeadApi({ config, logger, store, onAccepted: () => relay?.wake() }),
  );
  const staff = await startup.step({ kind: "database", dataDir, databaseUrl }, () => openStaff(config));
  const staffApi = await startup.step({ kind: "database", dataDir, databaseUrl }, () =>
    createStaffApi({ config, logger, store, ...staff }),
  );
  // After the steps that can hang, so a slow build load does not eat into their deadline.
  const site = await startup.step({ kind: "site", buildDir: config.buildDir }, () =>
    loadStaticSite(config.buildDir),
  );
  const api = new Hono().route("/health", createHealthApi({ config, logger, store }));
  if (config.WEBHOOK_SECRET) api.route("/webhook", createResumeLinkApi({ config, store }));
  api.route("/staff", staffApi.app);
  api.route("/", leadApi.app);
  const app = createApp({ config, logger, site, api });

  const server = serve({
    fetch: app.fetch,
    port: config.PORT,
    hostname: config.HOST,
    serverOptions: {
      headersTimeout: config.HEADERS_TIMEOUT_MS,
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
      // Node checks the two timeouts above on this interval (30 s by default): check often enough to honour them.
      connectionsCheckingInterval: Math.min(1000, Math.ceil(config.HEADERS_TIMEOUT_MS / 4)),
    },
  });
  const port = await startup.step({ kind: "listen", port: config.PORT, host: config.HOST }, () =>
    listening(server),
  );
  logger.info(
    { port, host: config.HOST, files: site.size, store: store.dialect, relay: Boolean(relay) },
    servingLine({ host: config.HOST, port, dataDir, databaseUrl }),
  );
  relay?.start();
  alerts?.start();
  const retention = config.RETENTION_DAYS
    ? startRetention({ store, logger, retentionDays: config.RETENTION_DAYS })
    : undefined;
  const staffUpkeep = startStaffUpkeep({
    staffDb: staff.staffDb,
    logger,
    retentionDays: config.AUDIT_RETENTION_DAYS,
  });

  // Once a stalled log reader has caught up, say how many lines it missed.
  let reportedDrops = 0;
  logOutput.onCaughtUp(() => {
    const dropped = logOutput.dropped();
    if (dropped === reportedDrops) return;
    logger.warn({ droppedLogLines: dropped, since: dropped - reportedDrops }, "log lines dropped");
    reportedDrops = dropped;
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    // The backstop: nothing below can block the event loop (logging included), so this timer always fires.
    setTimeout(() => {
      logger.error({ droppedLogLines: logOutput.dropped() }, "shutdown deadline passed, exiting");
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();

    // Stop taking requests and let the ones in progress commit; cut whatever is still arriving after the grace.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Deliveries in flight get the same grace, then are aborted and their leases released for the next run.
    const relayStopped = relay?.stop(REQUEST_GRACE_MS);
    if ("closeIdleConnections" in server) server.closeIdleConnections();
    const grace = setTimeout(() => {
      if ("closeAllConnections" in server) server.closeAllConnections();
    }, REQUEST_GRACE_MS);
    await closed;
    clearTimeout(grace);
    await leadApi.close().catch(() => undefined);
    await relayStopped;
    await alerts?.stop();
    await retention?.stop();
    await staffUpkeep.stop();
    await staffApi.close().catch(() => undefined);
    await staff.close();
    await store.close();
    // Give a reader that is catching up the chance to see the last lines, within the deadline.
    await logOutput.flush(1000);
    logger.info({ droppedLogLines: logOutput.dropped() }, "stopped");
    await logOutput.flush(1000);
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/** Resolves with the bound port once the server listens; rejects with the listen error (EADDRINUSE, ...). */
function listening(server: ReturnType<typeof serve>): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.once("listening", () => {
      server.off("error", reject);
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
}

main().catch((error: unknown) => failStartup(startupFailureLine(error)));
