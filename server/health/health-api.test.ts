import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { startInProcessServer } from "../../test-support/in-process-server.ts";
import { leaseOf } from "../../test-support/lease.ts";
import { MINIMAL_BUILD_DIR } from "../../test-support/server-process.ts";
import { DIALECTS } from "../../test-support/test-database.ts";
import { databaseFixture, storeFixture } from "../../test-support/vitest-fixtures.ts";
import { createLogger } from "../runtime/logger.ts";
import type { NewLead } from "../store/store-records.ts";
import { createHealthApi } from "./health-api.ts";

const T0 = Date.UTC(2030, 0, 1);
const ALERT_S = 3600;

const lead = (overrides: Partial<NewLead> = {}): NewLead => ({
  id: randomUUID(),
  formId: "chartassist-demo",
  state: "pending",
  fields: { name: "Ada", email: "ada@example.com" },
  createdAt: T0,
  ...overrides,
});

describe.each(DIALECTS)("health endpoints on %s", (dialect) => {
  const { store } = storeFixture(dialect, "health-api", { per: "test" });
  let clock: number;
  let api: ReturnType<typeof createHealthApi>;

  beforeEach(async () => {
    clock = T0;
    api = createHealthApi({
      config: { ALERT_PENDING_AFTER_S: ALERT_S },
      logger: createLogger("silent"),
      store,
      now: () => clock,
    });
  });
  const get = async (url: string) => {
    const response = await api.request(url);
    return {
      status: response.status,
      cache: response.headers.get("Cache-Control"),
      body: await response.json(),
    };
  };

  it("reports pending, dead and spam counts and the oldest pending age, never cached", async () => {
    await store.intake.acceptLead(lead());
    await store.intake.acceptLead(lead({ state: "spam" }));
    const dead = lead();
    await store.intake.acceptLead(dead);
    await store.outbox.recordFailure(dead.id, await leaseOf(store, dead.id, T0), {
      at: T0,
      nextAttemptAt: null,
      status: 503,
      error: "HTTP 503",
      problem: "service",
    });
    clock = T0 + 90_000;
    expect(await get("/")).toEqual({
      status: 200,
      cache: "no-store",
      body: {
        status: "ok",
        store: dialect,
        pending: 1,
        dead: 1,
        spam: 1,
        oldestPendingAgeSeconds: 90,
        channels: { formservice: { pending: 1, dead: 1, oldestPendingAgeSeconds: 90 } },
      },
    });
  });

  it("answers the delivery check 200 while every lead is on its way", async () => {
    await store.intake.acceptLead(lead());
    clock = T0 + ALERT_S * 1000;
    const answer = await get("/delivery");
    expect(answer).toMatchObject({ status: 200, cache: "no-store", body: { status: "ok", dead: 0 } });
    expect(answer.body).not.toHaveProperty("reason");
  });

  it("answers the delivery check 503 with the reason while a lead is dead", async () => {
    const dead = lead();
    await store.intake.acceptLead(dead);
    await store.outbox.recordFailure(dead.id, await leaseOf(store, dead.id, T0), {
      at: T0,
      nextAttemptAt: null,
      status: null,
      error: "request failed",
      problem: "network",
    });
    // Liveness stays green: the store answers.
    expect((await get("/")).status).toBe(200);
    const answer = await get("/delivery");
    expect(answer).toMatchObject({
      status: 503,
      cache: "no-store",
      body: { status: "failing", dead: 1, reason: expect.stringContaining("1 lead(s) dead") },
    });
    await store.operations.retryDead(T0 + 1000);
    expect((await get("/delivery")).status).toBe(200);
  });

  it("answers the delivery check 503 once the oldest pending lead waits longer than ALERT_PENDING_AFTER_S", async () => {
    await store.intake.acceptLead(lead());
    clock = T0 + ALERT_S * 1000 + 1000;
    expect(await get("/delivery")).toMatchObject({
      status: 503,
      body: {
        status: "failing",
        oldestPendingAgeSeconds: ALERT_S + 1,
        reason: expect.stringContaining("ALERT_PENDING_AFTER_S"),
      },
    });
  });

  it("answers both 503 when the store does not answer", async () => {
    await store.close();
    for (const url of ["/", "/delivery"]) {
      expect(await get(url)).toMatchObject({
        status: 503,
        cache: "no-store",
        body: { status: "unavailable", store: dialect },
      });
    }
  });
});

describe.each(DIALECTS)("health endpoints in the server on %s", (dialect) => {
  const database = databaseFixture(dialect, "health-server");
  it("are served under /api with the security headers and no caching", async () => {
    const server = await startInProcessServer({
      ...database.env,
      BUILD_DIR: MINIMAL_BUILD_DIR,
      RELAY_ENABLED: "false",
    });
    try {
      const live = await fetch(`${server.url}/api/health`);
      expect(live.status).toBe(200);
      expect(live.headers.get("Cache-Control")).toBe("no-store");
      expect(live.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(await live.json()).toEqual({
        status: "ok",
        store: dialect,
        pending: 0,
        dead: 0,
        spam: 0,
        oldestPendingAgeSeconds: null,
        channels: {},
      });
      const delivery = await fetch(`${server.url}/api/health/delivery`);
      expect(delivery.status).toBe(200);
      expect(delivery.headers.get("Cache-Control")).toBe("no-store");
      expect(await delivery.json()).toMatchObject({ status: "ok", alertPendingAfterSeconds: 3600 });
    } finally {
      await server.stop();
    }
  });
});
