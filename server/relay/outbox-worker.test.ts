import { afterEach, describe, expect, it, vi } from "vitest";
import { claimedDelivery } from "../../test-support/claimed-delivery.ts";
import { loadConfig } from "../config.ts";
import { createLogger } from "../runtime/logger.ts";
import type { ClaimedDelivery, FailedAttempt, Outbox } from "../store/queries/outbox.ts";
import type { DeliveryChannel } from "./channels/channel.ts";
import { leadDeliveries } from "./lead-deliveries.ts";
import { createOutboxWorker, type OutboxWorker } from "./outbox-worker.ts";
import type { SendOutcome } from "./send-lead.ts";

/**
 * The outbox worker with the leads' deliveries on their own: an in-memory outbox, scripted channels and a clock the test sets, so each
 * decision (deliver, retry when, give up, release on stop) and each log line is checked exactly. The wire and
 * the real store are covered by relay.test.ts and channels/channels.test.ts.
 */

const T0 = Date.UTC(2026, 10, 25, 9, 0, 0);
const GIVE_UP_MS = 24 * 60 * 60 * 1000;
const CANARY = { name: "Zebulon Canarywhistle", email: "canary.7f3a9@example.com" };

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

const INFO = 30;
const WARN = 40;
const ERROR = 50;

/** The outbox as the worker sees it; every write is recorded, and each answer can be set by the test. */
class FakeOutbox {
  due: ClaimedDelivery[] = [];
  claims: { now: number; limit: number; leaseMs: number }[] = [];
  delivered: { leadId: string; lease: string; at: number }[] = [];
  failures: ({ leadId: string; lease: string } & FailedAttempt)[] = [];
  released: { leadId: string; lease: string }[] = [];
  /** What markDelivered and recordFailure answer: false when the lease ran out meanwhile. */
  leaseHeld = true;
  /** The next this-many claims throw, as a locked or unreachable database does. */
  brokenClaims = 0;
  brokenRecords = false;
  nextDue: number | null = null;
  /** When set, a claim reads the outbox, then waits for it before answering (a slow read). */
  claimGate: Promise<void> | null = null;

  async claimDue(now: number, limit: number, leaseMs: number) {
    this.claims.push({ now, limit, leaseMs });
    if (this.brokenClaims > 0) {
      this.brokenClaims -= 1;
      throw Object.assign(new Error(`database is locked near '${CANARY.name}'`), { code: "SQLITE_BUSY" });
    }
    const found = this.due.splice(0, limit);
    if (this.claimGate) await this.claimGate;
    return found;
  }
  async markDelivered(leadId: string, lease: string, at: number) {
    this.delivered.push({ leadId, lease, at });
    return this.leaseHeld;
  }
  async recordFailure(leadId: string, lease: string, attempt: FailedAttempt) {
    if (this.brokenRecords) throw new Error(`constraint failed for ${CANARY.email}`);
    this.failures.push({ leadId, lease, ...attempt });
    return this.leaseHeld;
  }
  async releaseLease(leadId: string, lease: string) {
    this.released.push({ leadId, lease });
    return true;
  }
  async nextDueAt() {
    return this.nextDue;
  }
}

let serial = 0;
function delivery(overrides: Partial<ClaimedDelivery> = {}): ClaimedDelivery {
  serial += 1;
  return claimedDelivery({
    id: `delivery-${serial}`,
    leadId: `lead-${serial}`,
    lease: `lease-${serial}`,
    formId: "carestaff-application",
    fields: { name: CANARY.name, email: CANARY.email },
    enqueuedAt: T0 - 60_000,
    createdAt: T0 - 90_000,
    ...overrides,
  });
}

const refused = (overrides: Partial<Extract<SendOutcome, { ok: false }>> = {}): SendOutcome => ({
  ok: false,
  status: 503,
  problem: "service",
  error: "HTTP 503",
  retryAfterMs: null,
  ...overrides,
});

/** A channel that answers each send with the next outcome (or throws it), then keeps answering the last. */
function scripted(...answers: (SendOutcome | Error)[]) {
  const sent: ClaimedDelivery[] = [];
  let closed = 0;
  const channel: DeliveryChannel = {
    async send(claimed) {
      sent.push(claimed);
      const answer = answers.length > 1 ? answers.shift() : answers[0];
      if (answer instanceof Error) throw answer;
      return answer ?? { ok: true, status: 200 };
    },
    close() {
      closed += 1;
    },
  };
  return { channel, sent, closed: () => closed };
}

/** A channel whose sends wait until the test lets each one finish, or the relay stops it. */
function held() {
  const waiting: { delivery: ClaimedDelivery; finish: (outcome: SendOutcome) => void }[] = [];
  const channel: DeliveryChannel = {
    send(claimed, stop) {
      return new Promise<SendOutcome>((resolve) => {
        waiting.push({ delivery: claimed, finish: resolve });
        stop.addEventListener("abort", () =>
          resolve({ ok: false, status: null, problem: "network", error: "AbortError", retryAfterMs: null }),
        );
      });
    },
  };
  return { channel, waiting };
}

interface Options {
  env?: Record<string, string>;
  channels?: Partial<Record<ClaimedDelivery["channel"], DeliveryChannel>>;
  now?: () => number;
  random?: () => number;
}

const workers: OutboxWorker[] = [];
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop(0);
});

function startRelay(outbox: FakeOutbox, options: Options = {}) {
  const logs: LogLine[] = [];
  const logger = createLogger("info", { write: (line: string) => void logs.push(JSON.parse(line)) });
  const config = loadConfig({
    RELAY_POLL_MS: "60000",
    RELAY_TIMEOUT_MS: "30000",
    RELAY_BASE_DELAY_MS: "2000",
    RELAY_MAX_DELAY_MS: "900000",
    RELAY_GIVE_UP_AFTER_MS: String(GIVE_UP_MS),
    RELAY_CONCURRENCY: "4",
    ...options.env,
  });
  let dead = 0;
  const now = options.now ?? (() => T0);
  const kind = leadDeliveries({
    config,
    store: { outbox: outbox as unknown as Outbox },
    now,
    channels: options.channels ?? { formservice: scripted({ ok: true, status: 200 }).channel },
  });
  const worker = createOutboxWorker({
    config,
    logger,
    kinds: [kind],
    now,
    random: options.random ?? (() => 0.5),
    onDead: () => {
      dead += 1;
    },
  });
  workers.push(worker);
  worker.start();
  return { worker, logs, dead: () => dead };
}

const eventually = (check: () => void) => vi.waitFor(check, { timeout: 2000, interval: 5 });

describe("a delivery the channel confirms", () => {
  it("is marked delivered under its lease at the relay's time, and logged with ids and timings only", async () => {
    const outbox = new FakeOutbox();
    const lead = delivery({ attempts: 2 });
    outbox.due.push(lead);
    const { logs } = startRelay(outbox);

    await eventually(() =>
      expect(outbox.delivered).toEqual([{ leadId: lead.leadId, lease: lead.lease, at: T0 }]),
    );
    expect(outbox.claims[0]).toEqual({ now: T0, limit: 4, leaseMs: 30_000 + 60_000 });
    const line = logs.find((log) => log.outcome === "delivered");
    expect(line).toMatchObject({
      level: INFO,
      msg: "relay",
      leadId: lead.leadId,
      deliveryId: lead.id,
      channel: "formservice",
      formId: "carestaff-application",
      attempt: 3,
      status: 200,
      ageMs: 90_000,
    });
    expect(line?.ms).toEqual(expect.any(Number));
    expect(line?.ms).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(logs)).not.toMatch(/Canarywhistle|canary\.7f3a9/);
  });

  it("is not logged as delivered when the lease ran out meanwhile (another worker may have it)", async () => {
    const outbox = new FakeOutbox();
    outbox.leaseHeld = false;
    const lead = delivery();
    outbox.due.push(lead);
    const { logs } = startRelay(outbox);

    await eventually(() =>
      expect(logs.map((log) => log.msg)).toContain("relay lost its lease: outcome not recorded"),
    );
    expect(logs.find((log) => log.msg === "relay lost its lease: outcome not recorded")).toMatchObject({
      level: WARN,
      leadId: lead.leadId,
      status: 200,
    });
    expect(logs.some((log) => log.outcome === "delivered")).toBe(false);
  });
});

describe("a failed attempt", () => {
  it("is retried after a jittered backoff, recorded with what the channel said", async () => {
    const outbox = new FakeOutbox();
    const lead = delivery({ attempts: 2 });
    outbox.due.push(lead);
    const { logs, dead } = startRelay(outbox, {
      channels: { formservice: scripted(refused({ status: 502, error: "HTTP 502: Bad Gateway" })).channel },
    });

    // Full jitter over min(max, base * 2^attempts): 0.5 * 2000 * 4.
    await eventually(() => expect(outbox.failures).toHaveLength(1));
    expect(outbox.failures[0]).toEqual({
      leadId: lead.leadId,
      lease: lead.lease,
      at: T0,
      nextAttemptAt: T0 + 4000,
      enqueuedAt: lead.enqueuedAt,
      status: 502,
      error: "HTTP 502: Bad Gateway",
      problem: "service",
    });
    expect(logs.find((log) => log.outcome === "retry")).toMatchObject({
      level: INFO,
      msg: "relay attempt failed",
      leadId: lead.leadId,
      status: 502,
      problem: "service",
      retryInMs: 4000,
      attempt: 3,
    });
    expect(dead()).toBe(0);
  });

  it("waits as long as the service's Retry-After asks, not the backoff", async () => {
    const outbox = new FakeOutbox();
    outbox.due.push(delivery());
    const { logs } = startRelay(outbox, {
      channels: { formservice: scripted(refused({ status: 429, retryAfterMs: 120_000 })).channel },
    });

    await eventually(() => expect(outbox.failures).toHaveLength(1));
    expect(outbox.failures[0]?.nextAttemptAt).toBe(T0 + 120_000);
    expect(logs.find((log) => log.outcome === "retry")?.retryInMs).toBe(120_000);
  });

  it("is never scheduled past the give-up deadline", async () => {
    const outbox = new FakeOutbox();
    const lead = delivery({ attempts: 5, enqueuedAt: T0 - GIVE_UP_MS + 1000 });
    outbox.due.push(lead);
    startRelay(outbox, { random: () => 0.99, channels: { formservice: scripted(refused()).channel } });

    await eventually(() => expect(outbox.failures).toHaveLength(1));
    expect(outbox.failures[0]?.nextAttemptAt).toBe(T0 + 1000);
  });

  it.each([
    ["activation", "form service needs activation: open the activation e-mail sent to the mailbox"],
    ["configuration", "form service refused the lead: check FORM_SERVICE_URL and the mailboxes"],
  ] as const)("asks the operator to act when the problem is %s", async (problem, message) => {
    const outbox = new FakeOutbox();
    const lead = delivery();
    outbox.due.push(lead);
    const { logs } = startRelay(outbox, {
      channels: { formservice: scripted(refused({ status: 200, problem })).channel },
    });

    await eventually(() => expect(logs.some((log) => log.outcome === "retry")).toBe(true));
    expect(logs.find((log) => log.outcome === "retry")).toMatchObject({
      level: WARN,
      msg: message,
      leadId: lead.leadId,
      problem,
      retryInMs: 1000,
    });
  });

  it("is not logged as a retry when the lease ran out before the outcome was written", async () => {
    const outbox = new FakeOutbox();
    outbox.leaseHeld = false;
    const lead = delivery();
    outbox.due.push(lead);
    const { logs, dead } = startRelay(outbox, { channels: { formservice: scripted(refused()).channel } });

    await eventually(() => expect(outbox.failures).toHaveLength(1));
    await eventually(() =>
      expect(logs.find((log) => log.msg === "relay lost its lease: outcome not recorded")).toMatchObject({
        level: WARN,
        leadId: lead.leadId,
        status: 503,
      }),
    );
    expect(logs.some((log) => log.outcome === "retry" || log.outcome === "dead")).toBe(false);
    expect(dead()).toBe(0);
  });

  it("that could not be recorded is logged by kind only, and the relay goes on", async () => {
    const outbox = new FakeOutbox();
    outbox.brokenRecords = true;
    const first = delivery();
    outbox.due.push(first);
    const { logs, worker } = startRelay(outbox, { channels: { formservice: scripted(refused()).channel } });

    await eventually(() =>
      expect(logs.map((log) => log.msg)).toContain("relay could not record the outcome"),
    );
    expect(logs.find((log) => log.msg === "relay could not record the outcome")).toMatchObject({
      level: ERROR,
      leadId: first.leadId,
      err: { type: "Error" },
    });
    expect(JSON.stringify(logs)).not.toContain(CANARY.email);

    outbox.brokenRecords = false;
    outbox.due.push(delivery());
    worker.wake();
    await eventually(() => expect(outbox.failures).toHaveLength(1));
  });
});

describe("giving up", () => {
  it("happens at the deadline itself: the delivery goes dead, the alerts are told once", async () => {
    const outbox = new FakeOutbox();
    const lead = delivery({ enqueuedAt: T0 - GIVE_UP_MS });
    outbox.due.push(lead);
    const { logs, dead } = startRelay(outbox, { channels: { formservice: scripted(refused()).channel } });

    await eventually(() => expect(dead()).toBe(1));
    expect(outbox.failures[0]?.nextAttemptAt).toBeNull();
    expect(logs.find((log) => log.outcome === "dead")).toMatchObject({
      level: ERROR,
      msg: "relay gave up: lead not delivered, see `leads status`",
      leadId: lead.leadId,
      status: 503,
      problem: "service",
    });
  });

  it("happens at once on a final answer (a webhook's 410), whatever time is left", async () => {
    const outbox = new FakeOutbox();
    const lead = delivery({ channel: "webhook" });
    outbox.due.push(lead);
    const { logs, dead } = startRelay(outbox, {
      channels: {
        webhook: scripted(refused({ status: 410, problem: "gone", error: "HTTP 410", final: true })).channel,
      },
    });

    await eventually(() => expect(dead()).toBe(1));
    expect(outbox.failures[0]).toMatchObject({ nextAttemptAt: null, status: 410, problem: "gone" });
    expect(logs.find((log) => log.outcome === "dead")).toMatchObject({
      level: ERROR,
      msg: "webhook answered 410 Gone: channel stopped for this lead, see `leads status`",
      channel: "webhook",
    });
  });
});

describe("a channel that fails to answer", () => {
  it("throwing counts as a network problem named by the error's class only", async () => {
    const outbox = new FakeOutbox();
    outbox.due.push(delivery());
    startRelay(outbox, {
      channels: { formservice: scripted(new TypeError(`fetch failed for ${CANARY.email}`)).channel },
    });

    await eventually(() => expect(outbox.failures).toHaveLength(1));
    expect(outbox.failures[0]).toMatchObject({ status: null, problem: "network", error: "TypeError" });
    expect(outbox.failures[0]?.nextAttemptAt).toBe(T0 + 1000);
  });

  it("that is not configured is a configuration problem naming the channel", async () => {
    const outbox = new FakeOutbox();
    outbox.due.push(delivery({ channel: "smtp" }));
    startRelay(outbox);

    await eventually(() => expect(outbox.failures).toHaveLength(1));
    expect(outbox.failures[0]).toMatchObject({
      status: null,
      problem: "configuration",
      error: "channel smtp is not in LEAD_CHANNELS",
    });
  });
});

describe("the outbox", () => {
  it("that cannot be read is logged by kind and read again at the next poll", async () => {
    const outbox = new FakeOutbox();
    outbox.brokenClaims = 1;
    outbox.due.push(delivery());
    const { logs } = startRelay(outbox, { env: { RELAY_POLL_MS: "20" } });

    await eventually(() => expect(outbox.delivered).toHaveLength(1));
    expect(logs.find((log) => log.msg === "relay could not read the outbox")).toMatchObject({
      level: ERROR,
      err: { type: "Error", code: "SQLITE_BUSY" },
    });
    expect(JSON.stringify(logs)).not.toContain("Canarywhistle");
  });

  it("is polled every RELAY_POLL_MS while idle, not in a busy loop", async () => {
    const outbox = new FakeOutbox();
    startRelay(outbox, { env: { RELAY_POLL_MS: "50" } });

    // About ten reads in half a second; a loop that did not wait would make thousands.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(outbox.claims.length).toBeGreaterThanOrEqual(2);
    expect(outbox.claims.length).toBeLessThanOrEqual(12);
  });

  it("is read again when the next retry falls due, before the poll interval", async () => {
    const outbox = new FakeOutbox();
    outbox.nextDue = Date.now() + 50;
    startRelay(outbox, { now: Date.now });

    await eventually(() => expect(outbox.claims.length).toBeGreaterThanOrEqual(2));
  });

  it("is read at once when woken, instead of at the next poll", async () => {
    const outbox = new FakeOutbox();
    const { worker } = startRelay(outbox);
    await eventually(() => expect(outbox.claims).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));

    outbox.due.push(delivery());
    worker.wake();
    await eventually(() => expect(outbox.delivered).toHaveLength(1));
  });

  it("is read again when a wake came while it was being read: no new lead waits for the poll", async () => {
    const outbox = new FakeOutbox();
    let openGate = () => {};
    outbox.claimGate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    const { worker } = startRelay(outbox);
    await eventually(() => expect(outbox.claims).toHaveLength(1));

    // A lead is committed while the first read, which began before it, is still answering.
    outbox.claimGate = null;
    outbox.due.push(delivery());
    worker.wake();
    openGate();
    await eventually(() => expect(outbox.delivered).toHaveLength(1));
  });

  it("is claimed no further than RELAY_CONCURRENCY deliveries in flight", async () => {
    const outbox = new FakeOutbox();
    const slow = held();
    outbox.due.push(delivery(), delivery(), delivery());
    startRelay(outbox, { env: { RELAY_CONCURRENCY: "2" }, channels: { formservice: slow.channel } });

    await eventually(() => expect(slow.waiting).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(slow.waiting).toHaveLength(2);
    expect(outbox.claims.every((claim) => claim.limit <= 2)).toBe(true);

    slow.waiting[0]?.finish({ ok: true, status: 200 });
    await eventually(() => expect(slow.waiting).toHaveLength(3));
    expect(outbox.claims.at(-1)?.limit).toBe(1);
  });
});

describe("stopping", () => {
  it("is not held up by a worker waiting for a free slot: in-flight deliveries get the grace period only", async () => {
    const outbox = new FakeOutbox();
    const slow = held();
    outbox.due.push(delivery(), delivery());
    const { worker } = startRelay(outbox, {
      env: { RELAY_CONCURRENCY: "2" },
      channels: { formservice: slow.channel },
    });
    await eventually(() => expect(slow.waiting).toHaveLength(2));

    const started = performance.now();
    await worker.stop(50);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(outbox.released).toHaveLength(2);
  });

  it("lets a delivery in flight finish within the grace period, then closes the channels", async () => {
    const outbox = new FakeOutbox();
    const slow = held();
    const lead = delivery();
    outbox.due.push(lead);
    const closable = { ...slow.channel, close: vi.fn() };
    const { worker } = startRelay(outbox, { channels: { formservice: closable } });
    await eventually(() => expect(slow.waiting).toHaveLength(1));

    const stopped = worker.stop(5000);
    setTimeout(() => slow.waiting[0]?.finish({ ok: true, status: 200 }), 20);
    await stopped;
    expect(outbox.delivered).toEqual([{ leadId: lead.leadId, lease: lead.lease, at: T0 }]);
    expect(outbox.released).toEqual([]);
    expect(closable.close).toHaveBeenCalledOnce();
  });

  it("releases the lease of a delivery still in flight after the grace period, counting no attempt", async () => {
    const outbox = new FakeOutbox();
    const slow = held();
    const lead = delivery();
    outbox.due.push(lead);
    const { worker, logs } = startRelay(outbox, { channels: { formservice: slow.channel } });
    await eventually(() => expect(slow.waiting).toHaveLength(1));

    const started = performance.now();
    await worker.stop(50);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(outbox.released).toEqual([{ leadId: lead.leadId, lease: lead.lease }]);
    expect(outbox.failures).toEqual([]);
    expect(logs.find((log) => log.outcome === "released")).toMatchObject({
      level: INFO,
      msg: "relay stopped: delivery released for the next run",
      leadId: lead.leadId,
    });
  });

  it("claims nothing more once stopped", async () => {
    const outbox = new FakeOutbox();
    const { worker } = startRelay(outbox, { env: { RELAY_POLL_MS: "10" } });
    await eventually(() => expect(outbox.claims.length).toBeGreaterThanOrEqual(1));
    await worker.stop(0);
    const claims = outbox.claims.length;
    outbox.due.push(delivery());
    worker.wake();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outbox.claims).toHaveLength(claims);
  });
});
