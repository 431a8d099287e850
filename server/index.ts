import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { errorKind } from "./error-kind.ts";
import { createLeadApi } from "./leads/lead-api.ts";
import { createLogger } from "./logger.ts";
import { createRelayWorker } from "./relay/relay-worker.ts";
import { loadStaticSite } from "./static-site.ts";
import { openLeadStore } from "./store/open-store.ts";

/** Starts the production server: the pre-rendered site, the lead API and the relay worker, on one port. */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const site = await loadStaticSite(config.buildDir);
  const store = await openLeadStore({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL }, (error) =>
    logger.error({ err: errorKind(error) }, "database connection lost"),
  );
  const relay = config.RELAY_ENABLED ? createRelayWorker({ config, logger, store }) : undefined;
  const leadApi = createLeadApi({ config, logger, store, onAccepted: () => relay?.wake() });
  const app = createApp({ config, logger, site, api: leadApi.app });

  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    logger.info(
      { port: info.port, host: config.HOST, files: site.size, store: store.dialect, relay: Boolean(relay) },
      "serving",
    );
  });
  relay?.start();

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
      await store.close();
      process.exit(0);
    });
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
