import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { createApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { probeWritable } from "./data-dir.ts";
import { createHealthApi } from "./health/health-api.ts";
import { createLeadApi, errorKind } from "./leads/lead-api.ts";
import { createLogger } from "./logger.ts";
import { createRelayWorker } from "./relay/relay-worker.ts";
import { startRetention } from "./retention.ts";
import { beginStartup, servingLine, startupFailureLine } from "./startup.ts";
import { loadStaticSite } from "./static-site.ts";
import { openLeadStore } from "./store/open-store.ts";
import { ensureDataDirs, tempDirOf } from "./store/resume-files.ts";

/** A step waiting on a disk, PostgreSQL or DNS gives up after this: failures end well within 15 s. */
const STARTUP_DEADLINE_MS = 10_000;

function failStartup(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/** Starts the production server: the pre-rendered site, the lead API and the relay worker, on one port. */
async function main() {
  const startup = beginStartup({ deadlineMs: STARTUP_DEADLINE_MS, onTimeout: failStartup });
  const config = await startup.step({ kind: "config" }, () => loadConfig());
  const logger = createLogger(config.LOG_LEVEL);
  const { dataDir, DATABASE_URL: databaseUrl } = config;
  await startup.step({ kind: "data-dir", dataDir }, async () => {
    await ensureDataDirs(dataDir);
    await probeWritable(tempDirOf(dataDir));
  });
  const store = await startup.step({ kind: "database", dataDir, databaseUrl }, () =>
    openLeadStore({ dataDir, databaseUrl }, (error) =>
      logger.error({ err: errorKind(error) }, "database connection lost"),
    ),
  );
  // After the steps that can hang, so a slow build load does not eat into their deadline.
  const site = await startup.step({ kind: "site", buildDir: config.buildDir }, () =>
    loadStaticSite(config.buildDir),
  );
  const relay = config.RELAY_ENABLED ? createRelayWorker({ config, logger, store }) : undefined;
  const leadApi = createLeadApi({ config, logger, store, onAccepted: () => relay?.wake() });
  const api = new Hono().route("/health", createHealthApi({ config, logger, store })).route("/", leadApi.app);
  const app = createApp({ config, logger, site, api });

  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST });
  const port = await startup.step({ kind: "listen", port: config.PORT, host: config.HOST }, () =>
    listening(server),
  );
  logger.info(
    { port, host: config.HOST, files: site.size, store: store.dialect, relay: Boolean(relay) },
    servingLine({ host: config.HOST, port, dataDir, databaseUrl }),
  );
  relay?.start();
  const retention = config.RETENTION_DAYS
    ? startRetention({ store, logger, retentionDays: config.RETENTION_DAYS })
    : undefined;

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    setTimeout(() => process.exit(0), 10_000).unref();
    // Stop taking requests, let the ones in progress commit, then finish deliveries in flight.
    server.close(async () => {
      leadApi.close();
      await relay?.stop();
      await retention?.stop();
      await store.close();
      process.exit(0);
    });
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
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
