import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { openSqliteStore } from "../store/kysely-store.ts";
import type { LeadStore, NewLead } from "../store/lead-store.ts";
import { leaseOf } from "../test/lease.ts";
import { makeMinimalBuild, startServer } from "../test/server-process.ts";
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

describe("health endpoints", () => {
  let dataDir: string;
  let store: LeadStore;
  let clock: number;
  let api: ReturnType<typeof createHealthApi>;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "health-api-"));
    store = await openSqliteStore(dataDir);
    clock = T0;
    api = createHealthApi({
      config: { ALERT_PENDING_AFTER_S: ALERT_S },
      logger: createLogger("silent"),
      store,
      now: () => clock,
    });
  });
  afterEach(async () => {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
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
    await store.acceptLead(lead());
    await store.acceptLead(lead({ state: "spam" }));
    const dead = lead();
    await store.acceptLead(dead);
    await store.recordFailure(dead.id, await leaseOf(store, dead.id, T0), {
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
        store: "sqlite",
        pending: 1,
        dead: 1,
        spam: 1,
        oldestPendingAgeSeconds: 90,
        channels: { formservice: { pending: 1, dead: 1, oldestPendingAgeSeconds: 90 } },
      },
    });
  });

  it("answers the delivery check 200 while every lead is on its way", async () => {
    await store.acceptLead(lead());
    clock = T0 + ALERT_S * 1000;
    const answer = await get("/delivery");
    expect(answer).toMatchObject({ status: 200, cache: "no-store", body: { status: "ok", dead: 0 } });
    expect(answer.body).not.toHaveProperty("reason");
  });

  it("answers the delivery check 503 with the reason while a lead is dead", async () => {
    const dead = lead();
    await store.acceptLead(dead);
    await store.recordFailure(dead.id, await leaseOf(store, dead.id, T0), {
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
    await store.retryDead(T0 + 1000);
    expect((await get("/delivery")).status).toBe(200);
  });

  it("answers the delivery check 503 once the oldest pending lead waits longer than ALERT_PENDING_AFTER_S", async () => {
    await store.acceptLead(lead());
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
        body: { status: "unavailable", store: "sqlite" },
      });
    }
  });
});

describe("health endpoints in the server", () => {
  it("are served under /api with the security headers and no caching", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "health-server-"));
    const buildDir = await makeMinimalBuild();
    const server = await startServer({ DATA_DIR: dataDir, BUILD_DIR: buildDir, RELAY_ENABLED: "false" });
    try {
      const live = await fetch(`${server.url}/api/health`);
      expect(live.status).toBe(200);
      expect(live.headers.get("Cache-Control")).toBe("no-store");
      expect(live.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(await live.json()).toEqual({
        status: "ok",
        store: "sqlite",
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
      await rm(dataDir, { recursive: true, force: true });
      await rm(buildDir, { recursive: true, force: true });
    }
  });
});
