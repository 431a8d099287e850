import { setTimeout as sleep } from "node:timers/promises";
import { createAdaptorServer } from "@hono/node-server";
import { Hono } from "hono";
import { createAlerts } from "./alerts/alerts.ts";
import type { ServerConfig } from "./config.ts";
import { createNursePage } from "./documents/nurse-page.ts";
import { createFeedsApi } from "./feeds/feeds-api.ts";
import { createHealthApi } from "./health/health-api.ts";
import { createApp } from "./http/app.ts";
import { listenTarget } from "./http/listen-target.ts";
import { loadStaticSite, stylesheetsOf } from "./http/static-site.ts";
import { createLeadApi } from "./leads/lead-api.ts";
import { startRetention } from "./leads/retention.ts";
import { uploadSlots } from "./leads/upload-slots.ts";
import { createInboundApi } from "./mail/inbound-api.ts";
import { createMetrics, reportingSkips } from "./metrics/metrics.ts";
import { createMetricsApi } from "./metrics/metrics-api.ts";
import { openingsPages } from "./openings/public-pages.ts";
import { createShownOpenings } from "./openings/shown-openings.ts";
import { createResumeLinkApi } from "./relay/channels/resume-link.ts";
import { createRelay } from "./relay/relay.ts";
import { errorKind } from "./runtime/error-kind.ts";
import type { Logger } from "./runtime/logger.ts";
import { type beginStartup, servingLine } from "./runtime/startup.ts";
import type { openStaffSide } from "./staff/staff-side.ts";
import { probeWritable } from "./store/data-dir.ts";
import { ensureDataDirs, tempDirOf } from "./store/resume-files.ts";
import { openStore } from "./store/store.ts";

/** Requests in progress get this long to finish after SIGTERM; uploads still arriving then are cut. */
export const REQUEST_GRACE_MS = 5_000;
/** SIGTERM ends the process (server/index.ts) within this time, whatever it is doing; a supervisor waits longer. */
export const SHUTDOWN_DEADLINE_MS = 10_000;

export interface RunningServer {
  /** The port it listens on (the one the OS chose when PORT is 0). */
  port: number;
  /**
   * Drains before a stop, on a listener of its own: `/api/health` answers 503 at once and every answer closes its
   * connection, while it serves on for `drainMs` (longer than the balancer's health interval, deploy/Caddyfile),
   * so the balancer marks it down before its port closes and refuses or resets connections. On a socket systemd
   * holds (deploy/systemd/leads.socket) closing drops nothing, as connections wait in its backlog for the next
   * process: it resolves at once. `signal` ends the drain early.
   */
  drain(drainMs: number, signal?: AbortSignal): Promise<void>;
  /**
   * Stops taking requests and lets those in progress finish within `graceMs` (uploads still arriving then are
   * cut); deliveries in flight get the same grace, then are aborted and their leases released. Resolves once
   * every store, timer and worker is closed.
   */
  stop(graceMs: number): Promise<void>;
}

/**
 * The whole server on one port: the pre-rendered site, the lead API, the relay, the periodic upkeep and, when
 * `staffSide` is given, the staff API. `server/index.ts` runs it as the process, always with the staff inbox;
 * the server tests run it in their own process (test-support/in-process-server.ts), where mutation testing can
 * see the code they exercise, and without the staff inbox, which they do not use and which would load
 * better-auth for every run.
 */
export async function startSiteServer({
  config,
  logger,
  startup,
  staffSide: openSide,
}: {
  config: ServerConfig;
  logger: Logger;
  startup: ReturnType<typeof beginStartup>;
  staffSide?: typeof openStaffSide;
}): Promise<RunningServer> {
  const { dataDir, DATABASE_URL: databaseUrl } = config;
  await startup.step({ kind: "data-dir", dataDir }, async () => {
    await ensureDataDirs(dataDir);
    await probeWritable(tempDirOf(dataDir));
  });
  const store = await startup.step({ kind: "database", dataDir, databaseUrl }, () =>
    openStore({
      dataDir,
      databaseUrl,
      channels: config.LEAD_CHANNELS,
      onPoolError: (error) => logger.error({ err: errorKind(error) }, "database connection lost"),
    }),
  );
  const alerts = config.ALERT_EMAIL ? createAlerts({ config, logger, store }) : undefined;
  const metrics = config.METRICS_TOKEN ? createMetrics({ config, store }) : undefined;
  // One worker for the leads' deliveries and, with SMTP_URL and MAIL_FROM, the mail outbox.
  const relay = config.RELAY_ENABLED
    ? createRelay({
        config,
        logger,
        store,
        // The alerts watch the leads' deliveries; a message given up shows in the metrics and `leads status`.
        onDead: (kind) => {
          if (kind === "lead") void alerts?.check();
        },
        onAttempt: metrics?.delivery,
      })
    : undefined;
  // The lead API and the staff inbox queue confirmations: each one recorded as not sent is counted.
  const intake = metrics ? reportingSkips(store.intake, metrics.confirmationSkipped) : store.intake;
  /** New outbox work was committed (a lead, a reply, a lead out of spam): the worker looks now. */
  const wakeWorkers = () => relay?.wake();
  // With DATABASE_URL the rate limiter shares its counters through PostgreSQL, so this waits on it too.
  // One count of uploads in flight for the applications' resumes and the nurses' documents.
  const uploads = uploadSlots(config.MAX_UPLOADS_IN_FLIGHT);
  const leadApi = await startup.step({ kind: "database", dataDir, databaseUrl }, () =>
    createLeadApi({
      config,
      logger,
      store: { ...store, intake },
      uploads,
      onAccepted: wakeWorkers,
      onOutcome: metrics?.leadOutcome,
    }),
  );
  const staffSide = await openSide?.({
    config,
    logger,
    store: { ...store, intake },
    startup,
    onOutboxWork: wakeWorkers,
  });
  // After the steps that can hang, so a slow build load does not eat into their deadline.
  const site = await startup.step({ kind: "site", buildDir: config.buildDir }, () =>
    loadStaticSite(config.buildDir),
  );
  const nursePage = await startup.step({ kind: "database", dataDir, databaseUrl }, () =>
    createNursePage({ config, logger, store, uploads, stylesheets: stylesheetsOf(site) }),
  );
  // One copy of the published openings for the pages, the sitemap and the feed (decision 028).
  const shown = createShownOpenings({ openings: store.openings });
  const renderedPages = await startup.step({ kind: "site", buildDir: config.buildDir }, () =>
    openingsPages({ site, buildDir: config.buildDir, shown }),
  );
  let draining = false;
  const api = new Hono().route(
    "/health",
    createHealthApi({ config, logger, store, draining: () => draining }),
  );
  if (config.WEBHOOK_SECRET) api.route("/webhook", createResumeLinkApi({ config, store }));
  if (config.INBOUND_EMAIL_TOKEN) api.route("/inbound", createInboundApi({ config, store, logger }));
  if (staffSide) api.route("/staff", staffSide.app);
  api.route("/", leadApi.app);
  const app = createApp({
    config,
    logger,
    site,
    api,
    feeds: createFeedsApi({
      shown,
      site: config.site,
      builtSitemap: site.get("/sitemap.xml")?.body.toString("utf8"),
    }),
    documents: nursePage.app,
    renderedPages,
    metrics: metrics && {
      app: createMetricsApi({ token: config.METRICS_TOKEN ?? "", metrics }),
      onRequest: metrics.request,
    },
  });

  const server = createAdaptorServer({
    fetch: app.fetch,
    serverOptions: {
      headersTimeout: config.HEADERS_TIMEOUT_MS,
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
      // Node checks the two timeouts above on this interval (30 s by default): check often enough to honour them.
      connectionsCheckingInterval: Math.min(1000, Math.ceil(config.HEADERS_TIMEOUT_MS / 4)),
    },
  });
  // While draining, no connection is kept alive past its answer: the next request opens one elsewhere.
  server.prependListener("request", (_request, response) => {
    if (draining) response.setHeader("Connection", "close");
  });
  const target = listenTarget(config);
  const port = await startup.step({ kind: "listen", port: config.PORT, host: config.HOST }, () => {
    server.listen(target);
    return listening(server);
  });
  logger.info(
    { port, host: config.HOST, files: site.size, store: store.dialect, relay: Boolean(relay) },
    servingLine({ host: config.HOST, port, dataDir, databaseUrl }),
  );
  relay?.start();
  alerts?.start();
  const retention = config.RETENTION_DAYS
    ? startRetention({ store, logger, retentionDays: config.RETENTION_DAYS })
    : undefined;
  staffSide?.start();

  return {
    port,
    async drain(drainMs, signal) {
      if ("fd" in target || drainMs === 0) return;
      draining = true;
      logger.info({ drainMs }, "draining: health check answers 503, serving on until the port closes");
      if ("closeIdleConnections" in server) server.closeIdleConnections();
      // Ended early by `signal`: the rejection is the end of the drain, nothing to report.
      await sleep(drainMs, undefined, { signal }).catch(() => undefined);
    },
    async stop(graceMs) {
      // Stop taking requests and let the ones in progress commit; cut whatever is still arriving after the grace.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const relayStopped = relay?.stop(graceMs);
      if ("closeIdleConnections" in server) server.closeIdleConnections();
      const grace = setTimeout(() => {
        if ("closeAllConnections" in server) server.closeAllConnections();
      }, graceMs);
      await closed;
      clearTimeout(grace);
      await leadApi.close().catch(() => undefined);
      await nursePage.close().catch(() => undefined);
      await relayStopped;
      await alerts?.stop();
      await retention?.stop();
      await staffSide?.stop();
      await store.close();
    },
  };
}

/** Resolves with the bound port once the server listens; rejects with the listen error (EADDRINUSE, ...). */
function listening(server: ReturnType<typeof createAdaptorServer>): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.once("listening", () => {
      server.off("error", reject);
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
}
