import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type FakeFormService, startFakeFormService } from "../../test-support/fake-form-service.ts";
import { startInProcessServer, type TestServer } from "../../test-support/in-process-server.ts";
import { MINIMAL_BUILD_DIR, waitFor } from "../../test-support/server-process.ts";
import { type SmtpSink, startSmtpSink } from "../../test-support/smtp-sink.ts";
import { createTestDatabase, type TestDatabase } from "../../test-support/test-database.ts";
import { createMetrics } from "./metrics.ts";

const TOKEN = "metrics-token-0123456789";
const CANARY_EMAIL = "canary.metrics.4b1d@example.com";
const JSON_POST = { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" };

/** The value of one sample line of the exposition (`name{labels} value`), or undefined when absent. */
function sample(exposition: string, series: string): number | undefined {
  const line = exposition.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /metrics in the real server", () => {
  let database: TestDatabase;
  let fake: FakeFormService;
  let server: TestServer | undefined;

  beforeAll(async () => {
    fake = await startFakeFormService();
  });
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    await database?.drop();
  });
  afterAll(async () => {
    await fake.close();
  });

  const start = async (env: Record<string, string>) => {
    database = await createTestDatabase("sqlite", "metrics");
    server = await startInProcessServer({
      ...database.env,
      BUILD_DIR: MINIMAL_BUILD_DIR,
      FORM_SERVICE_URL: fake.template,
      RATE_LIMIT_PER_MINUTE: "0",
      ...env,
    });
    return server;
  };
  const scrape = async (url: string) => {
    const response = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    return response.text();
  };
  const post = (url: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${url}/api/leads/chartassist-demo`, {
      method: "POST",
      headers: { ...JSON_POST, ...headers },
      body,
    });

  it("is a 404 like any unknown path while METRICS_TOKEN is unset", async () => {
    const { url } = await start({});
    const response = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("# HELP");
  });

  it("answers 401 without the bearer token, or with another one, and the exposition with it", async () => {
    const { url } = await start({ METRICS_TOKEN: TOKEN });
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      TOKEN,
      `Basic ${TOKEN}`,
    ]) {
      const response = await fetch(`${url}/metrics`, {
        headers: authorization === undefined ? {} : { Authorization: authorization },
      });
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get("WWW-Authenticate")).toBe('Bearer realm="metrics"');
      expect(await response.text()).not.toContain("# HELP");
    }
    const response = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const text = await response.text();
    // Node's default process metrics are there too.
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });

  it("counts accepted, refused and spam posts by form, deliveries by channel, requests by route", async () => {
    const { url } = await start({ METRICS_TOKEN: TOKEN });
    const lead = `name=Ada&email=${encodeURIComponent(CANARY_EMAIL)}`;
    expect((await post(url, lead, { "Idempotency-Key": "metrics-1" })).status).toBe(201);
    // A replay of the same key is no new lead.
    expect((await post(url, lead, { "Idempotency-Key": "metrics-1" })).status).toBe(201);
    expect((await post(url, `${lead}&company=Two`)).status).toBe(201);
    expect((await post(url, "name=Ada&email=not-an-address")).status).toBe(400);
    expect((await post(url, `${lead}&_honey=bot`)).status).toBe(201);
    expect(
      (await fetch(`${url}/api/leads/no-such-form`, { method: "POST", headers: JSON_POST })).status,
    ).toBe(404);
    await fetch(`${url}/some/page?email=${encodeURIComponent(CANARY_EMAIL)}`);
    await waitFor(() => (fake.delivered().length >= 2 ? true : undefined), 10_000, "two deliveries");

    const text = await waitFor(async () => {
      const scraped = await scrape(url);
      return sample(scraped, 'lead_deliveries_total{channel="formservice",outcome="delivered"}') === 2
        ? scraped
        : undefined;
    });
    expect(sample(text, 'leads_accepted_total{form="chartassist-demo"}')).toBe(2);
    expect(sample(text, 'leads_refused_total{form="chartassist-demo",reason="invalid"}')).toBe(1);
    expect(sample(text, 'leads_refused_total{form="chartassist-demo",reason="spam"}')).toBe(1);
    expect(sample(text, 'lead_delivery_duration_seconds_count{channel="formservice"}')).toBe(2);
    expect(sample(text, 'lead_outbox_pending{channel="formservice"}')).toBe(0);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{route="/api/leads/:formId",method="POST",status="201"}',
      ),
    ).toBe(4);
    expect(sample(text, 'http_request_duration_seconds_count{route="/*",method="GET",status="404"}')).toBe(1);
    // Route patterns only: no raw path, no query string, no form id that is not one of ours, no lead data.
    expect(text).not.toContain("/some/page");
    expect(text).not.toContain("no-such-form");
    expect(text).not.toContain(CANARY_EMAIL);
    expect(text).not.toContain("metrics-1");
  });

  it("reads each channel's outbox depth, dead count and oldest age from the store at each scrape", async () => {
    const { url } = await start({ METRICS_TOKEN: TOKEN, RELAY_ENABLED: "false" });
    const before = await scrape(url);
    expect(sample(before, 'lead_outbox_pending{channel="formservice"}')).toBe(0);
    expect(sample(before, 'lead_outbox_oldest_pending_seconds{channel="formservice"}')).toBe(0);
    expect((await post(url, "name=Ada&email=ada@example.com")).status).toBe(201);
    expect((await post(url, "name=Bo&email=bo@example.com")).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await scrape(url);
    expect(sample(after, 'lead_outbox_pending{channel="formservice"}')).toBe(2);
    expect(sample(after, 'lead_outbox_dead{channel="formservice"}')).toBe(0);
    expect(sample(after, 'lead_outbox_oldest_pending_seconds{channel="formservice"}')).toBeGreaterThanOrEqual(
      1,
    );
  });
});

describe("GET /metrics for the mail outbox, in the real server", () => {
  let fake: FakeFormService;
  const cleanups: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    fake = await startFakeFormService();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {
    await fake.close();
  });

  /** A server mailing confirmations through a sink of its own, from a fresh database. */
  const start = async (env: Record<string, string>): Promise<{ url: string; sink: SmtpSink }> => {
    const database = await createTestDatabase("sqlite", "metrics-mail");
    cleanups.push(() => database.drop());
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const server = await startInProcessServer({
      ...database.env,
      BUILD_DIR: MINIMAL_BUILD_DIR,
      FORM_SERVICE_URL: fake.template,
      SMTP_URL: sink.url,
      MAIL_FROM: "Northwind Care <hello@northwind.example>",
      METRICS_TOKEN: TOKEN,
      RATE_LIMIT_PER_MINUTE: "0",
      RELAY_POLL_MS: "50",
      RELAY_BASE_DELAY_MS: "20",
      RELAY_MAX_DELAY_MS: "50",
      ...env,
    });
    cleanups.push(() => server.stop());
    return { url: server.url, sink };
  };
  const scrape = async (url: string) => {
    const response = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    return response.text();
  };
  /** A demo request from `email`: one lead, one confirmation queued for it. */
  const post = async (url: string, email: string) => {
    const response = await fetch(`${url}/api/leads/chartassist-demo`, {
      method: "POST",
      headers: JSON_POST,
      body: new URLSearchParams({ name: "Zebulon Canarywhistle", email }).toString(),
    });
    expect(response.status).toBe(201);
  };
  const scrapeUntil = (url: string, series: string, value: number) =>
    waitFor(async () => {
      const scraped = await scrape(url);
      return sample(scraped, series) === value ? scraped : undefined;
    }, 10_000);

  it("counts each confirmation's attempts and their duration as channel mail, beside the lead's own channel", async () => {
    const { url, sink } = await start({});
    await post(url, CANARY_EMAIL);
    await sink.waitForAccepted(1);

    const text = await scrapeUntil(url, 'lead_deliveries_total{channel="mail",outcome="delivered"}', 1);
    expect(sample(text, 'lead_delivery_duration_seconds_count{channel="mail"}')).toBe(1);
    expect(sample(text, 'lead_outbox_pending{channel="mail"}')).toBe(0);
    expect(sample(text, 'lead_outbox_dead{channel="mail"}')).toBe(0);
    expect(sample(text, 'lead_outbox_oldest_pending_seconds{channel="mail"}')).toBe(0);
    // The lead's own delivery stays under its channel.
    const leads = await scrapeUntil(
      url,
      'lead_deliveries_total{channel="formservice",outcome="delivered"}',
      1,
    );
    expect(leads).not.toContain(CANARY_EMAIL);
    expect(leads).not.toContain("Canarywhistle");
  });

  it("counts a refused message's retries while it waits in the gauge", async () => {
    const { url, sink } = await start({ RELAY_GIVE_UP_AFTER_MS: "600000" });
    sink.respondWith(() => 451);
    await post(url, CANARY_EMAIL);

    const text = await waitFor(async () => {
      const scraped = await scrape(url);
      return (sample(scraped, 'lead_deliveries_total{channel="mail",outcome="failed"}') ?? 0) >= 2
        ? scraped
        : undefined;
    }, 20_000);
    expect(sample(text, 'lead_delivery_duration_seconds_count{channel="mail"}')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'lead_outbox_pending{channel="mail"}')).toBe(1);
    expect(sample(text, 'lead_outbox_dead{channel="mail"}')).toBe(0);
    expect(text).not.toMatch(/^lead_deliveries_total\{channel="mail",outcome="dead"\}/m);
    expect(sink.accepted).toHaveLength(0);
    expect(text).not.toContain(CANARY_EMAIL);
  });

  it("counts a message given up and shows it dead in the gauge, apart from the lead's channel", async () => {
    const { url, sink } = await start({ RELAY_GIVE_UP_AFTER_MS: "300" });
    sink.respondWith(() => 550);
    await post(url, CANARY_EMAIL);

    // The counter moves once the outcome is recorded, so the gauge read after it sees the dead message.
    const text = await scrapeUntil(url, 'lead_deliveries_total{channel="mail",outcome="dead"}', 1);
    expect(sample(text, 'lead_outbox_dead{channel="mail"}')).toBe(1);
    expect(sample(text, 'lead_outbox_pending{channel="mail"}')).toBe(0);
    expect(sample(text, 'lead_outbox_dead{channel="formservice"}')).toBe(0);
    expect(sink.accepted).toHaveLength(0);
    expect(text).not.toContain(CANARY_EMAIL);
  });

  it("reads the mail outbox's waiting messages and the oldest one's age from the store at each scrape", async () => {
    const { url } = await start({ RELAY_ENABLED: "false" });
    expect(sample(await scrape(url), 'lead_outbox_pending{channel="mail"}')).toBe(0);
    await post(url, CANARY_EMAIL);
    await post(url, "bo@example.com");
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await scrape(url);
    expect(sample(after, 'lead_outbox_pending{channel="mail"}')).toBe(2);
    expect(sample(after, 'lead_outbox_dead{channel="mail"}')).toBe(0);
    expect(sample(after, 'lead_outbox_oldest_pending_seconds{channel="mail"}')).toBeGreaterThanOrEqual(1);
  });
});

describe("createMetrics", () => {
  const NO_MAIL = { pending: 0, dead: 0, oldestPendingAt: null };
  const metricsOver = (health: () => Promise<never> | Promise<object>) =>
    createMetrics({
      config: { LEAD_CHANNELS: ["smtp"] },
      store: { incidents: { health, mailBacklog: async () => NO_MAIL } as never },
      now: () => 10_000,
    });

  it("counts staff sign-ins by the sign-in route's answer, and nothing for other routes", async () => {
    const metrics = metricsOver(async () => ({ channels: {} }));
    const signIn = { route: "/api/staff/sign-in", method: "POST", seconds: 0.01 };
    for (const status of [200, 401, 401, 423, 429, 400]) metrics.request({ ...signIn, status });
    metrics.request({ route: "/api/staff/me", method: "GET", status: 200, seconds: 0.01 });
    const { body } = await metrics.exposition();
    expect(sample(body, 'staff_sign_ins_total{outcome="signed_in"}')).toBe(1);
    expect(sample(body, 'staff_sign_ins_total{outcome="refused"}')).toBe(2);
    expect(sample(body, 'staff_sign_ins_total{outcome="locked"}')).toBe(1);
    expect(sample(body, 'staff_sign_ins_total{outcome="rate_limited"}')).toBe(1);
    expect(sample(body, 'staff_sign_ins_total{outcome="rejected"}')).toBe(1);
  });

  it("ignores form ids that are not ours, and replays", async () => {
    const metrics = metricsOver(async () => ({ channels: {} }));
    metrics.leadOutcome("somebody-elses-form", "accepted");
    metrics.leadOutcome("payroll-info", "replayed");
    const { body } = await metrics.exposition();
    expect(body).not.toContain("somebody-elses-form");
    expect(body).not.toMatch(/^leads_accepted_total\{/m);
  });

  it("reports the oldest pending age per channel, and leaves the outbox gauges empty when the store fails", async () => {
    let failing = false;
    const metrics = metricsOver(async () => {
      if (failing) throw new Error("connection lost");
      return { channels: { smtp: { pending: 3, dead: 1, oldestPendingAt: 4_000 } } };
    });
    const { body } = await metrics.exposition();
    expect(sample(body, 'lead_outbox_pending{channel="smtp"}')).toBe(3);
    expect(sample(body, 'lead_outbox_dead{channel="smtp"}')).toBe(1);
    expect(sample(body, 'lead_outbox_oldest_pending_seconds{channel="smtp"}')).toBe(6);
    failing = true;
    const failed = await metrics.exposition();
    expect(failed.body).not.toMatch(/^lead_outbox_pending\{/m);
    expect(sample(failed.body, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });
});
