import { Hono } from "hono";
import type { ServerConfig } from "../config.ts";
import { errorKind } from "../runtime/error-kind.ts";
import type { Logger } from "../runtime/logger.ts";
import type { StoreHealth } from "../store/queries/incidents.ts";
import type { Store } from "../store/store.ts";

export interface HealthApiDeps {
  config: Pick<ServerConfig, "ALERT_PENDING_AFTER_S">;
  logger: Logger;
  store: Pick<Store, "dialect" | "incidents">;
  /** True once the instance drains before it stops (server.ts): liveness then answers 503 so balancers move on. */
  draining?: () => boolean;
  now?: () => number;
}

const NO_STORE = { "Cache-Control": "no-store" };

const ageSeconds = (health: { oldestPendingAt: number | null }, now: number) =>
  health.oldestPendingAt === null ? null : Math.max(0, Math.round((now - health.oldestPendingAt) / 1000));

/** Each channel's undelivered deliveries (decision 014); a channel with nothing waiting or dead is absent. */
const channelsOf = (health: StoreHealth, now: number) =>
  Object.fromEntries(
    Object.entries(health.channels).map(([channel, state]) => [
      channel,
      { pending: state.pending, dead: state.dead, oldestPendingAgeSeconds: ageSeconds(state, now) },
    ]),
  );

/**
 * Health endpoints, mounted at /api/health. `/` is liveness: 200 while the store answers, with the counts an
 * operator watches, 503 while the instance drains before it stops. `/delivery` is for an uptime monitor: 503
 * while a lead is dead or waits too long.
 */
export function createHealthApi({
  config,
  logger,
  store,
  draining = () => false,
  now = Date.now,
}: HealthApiDeps): Hono {
  const app = new Hono();

  const unavailable = (error: unknown) => {
    logger.error({ err: errorKind(error) }, "health check: store unavailable");
    return { status: "unavailable", store: store.dialect, reason: "The lead store is unreachable." } as const;
  };

  app.get("/", async (c) => {
    if (draining()) {
      const reason = "This instance is stopping: send requests to another one.";
      return c.json({ status: "stopping", store: store.dialect, reason }, 503, NO_STORE);
    }
    let health: StoreHealth;
    try {
      health = await store.incidents.health();
    } catch (error) {
      return c.json(unavailable(error), 503, NO_STORE);
    }
    return c.json(
      {
        status: "ok",
        store: store.dialect,
        pending: health.pending,
        dead: health.dead,
        spam: health.spam,
        oldestPendingAgeSeconds: ageSeconds(health, now()),
        channels: channelsOf(health, now()),
      },
      200,
      NO_STORE,
    );
  });

  app.get("/delivery", async (c) => {
    let health: StoreHealth;
    try {
      health = await store.incidents.health();
    } catch (error) {
      return c.json(unavailable(error), 503, NO_STORE);
    }
    const age = ageSeconds(health, now());
    const limit = config.ALERT_PENDING_AFTER_S;
    const reasons = [
      health.dead > 0 &&
        `${health.dead} lead(s) dead: never delivered (see \`leads status\`, then \`leads retry --dead\`)`,
      age !== null &&
        age > limit &&
        `the oldest pending lead has waited ${age} s, more than ALERT_PENDING_AFTER_S (${limit} s)`,
    ].filter((reason): reason is string => typeof reason === "string");
    const body = {
      status: reasons.length === 0 ? "ok" : "failing",
      pending: health.pending,
      dead: health.dead,
      oldestPendingAgeSeconds: age,
      alertPendingAfterSeconds: limit,
      channels: channelsOf(health, now()),
      ...(reasons.length > 0 && { reason: reasons.join("; ") }),
    };
    return c.json(body, reasons.length === 0 ? 200 : 503, NO_STORE);
  });

  return app;
}
