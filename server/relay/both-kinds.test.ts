import type { SendMailOptions } from "nodemailer";
import { afterEach, describe, expect, it, vi } from "vitest";
import { claimedDelivery } from "../../test-support/claimed-delivery.ts";
import { loadConfig } from "../config.ts";
import type { MailTransport } from "../mail/smtp-transport.ts";
import { createLogger } from "../runtime/logger.ts";
import type { ClaimedMail, FailedMailAttempt, MailOutbox } from "../store/queries/mail-outbox.ts";
import type { ClaimedDelivery, FailedAttempt, Outbox } from "../store/queries/outbox.ts";
import type { DeliveryChannel } from "./channels/channel.ts";
import { leadDeliveries } from "./lead-deliveries.ts";
import { mailMessages } from "./mail-messages.ts";
import { createOutboxWorker, type DeliveryOutcome, type OutboxWorker } from "./outbox-worker.ts";
import type { SendOutcome } from "./send-lead.ts";

/**
 * One outbox worker over both kinds, the leads' deliveries and the mail outbox, with in-memory tables, scripted
 * senders and the clock and random the test sets: both kinds are settled by the one policy (same backoff, same
 * give-up, same release at a stop, same metrics), and share the worker's slots. The real store and wire are
 * covered by relay.test.ts, the mail tests and metrics.test.ts.
 */

const T0 = Date.UTC(2026, 10, 25, 9, 0, 0);
const GIVE_UP_MS = 24 * 60 * 60 * 1000;
const CANARY = { name: "Zebulon Canarywhistle", email: "canary.7f3a9@example.com", text: "canary-text-5c1e" };

/** An in-memory table of either kind: what it hands out, and every write, keyed by the entry's id. */
class FakeTable<Entry extends { lease: string }, Failure> {
  due: Entry[] = [];
  claims: number[] = [];
  delivered: { key: string; lease: string; at: number }[] = [];
  failures: ({ key: string; lease: string } & Failure)[] = [];
  released: { key: string; lease: string }[] = [];

  async claimDue(_now: number, limit: number, _leaseMs: number) {
    this.claims.push(limit);
    return this.due.splice(0, limit);
  }
  async releaseLease(key: string, lease: string) {
    this.released.push({ key, lease });
    return true;
  }
  async recordFailure(key: string, lease: string, failure: Failure) {
    this.failures.push({ key, lease, ...failure });
    return true;
  }
  async nextDueAt() {
    return null;
  }
}

class FakeOutbox extends FakeTable<ClaimedDelivery, FailedAttempt> {
  async markDelivered(key: string, lease: string, at: number) {
    this.delivered.push({ key, lease, at });
    return true;
  }
}

class FakeMailOutbox extends FakeTable<ClaimedMail, FailedMailAttempt> {
  async markSent(key: string, lease: string, at: number) {
    this.delivered.push({ key, lease, at });
    return true;
  }
}

let serial = 0;
const lead = (overrides: Partial<ClaimedDelivery> = {}) => {
  serial += 1;
  return claimedDelivery({
    id: `delivery-${serial}`,
    leadId: `lead-${serial}`,
    lease: `lease-${serial}`,
    fields: { name: CANARY.name, email: CANARY.email },
    ...overrides,
  });
};
const message = (overrides: Partial<ClaimedMail> = {}): ClaimedMail => {
  serial += 1;
  return {
    id: `mail-${serial}`,
    kind: "confirmation",
    leadId: `lead-${serial}`,
    lease: `lease-${serial}`,
    to: CANARY.email,
    subject: "We received your request",
    text: CANARY.text,
    envelope: { from: { name: "Northwind Care", address: "hello@northwind.example" } },
    messageId: `<m${serial}@northwind.example>`,
    attempts: 0,
    enqueuedAt: 0,
    ...overrides,
  };
};

/** A Nodemailer error as a refusing mail server raises it. */
const refusal = (responseCode: number) =>
  Object.assign(new Error(`${responseCode} ${CANARY.email}: try later`), { code: "EMESSAGE", responseCode });

/** A transport that answers each message as `answer` says, recording what it was given. */
function transport(answer: (message: SendMailOptions) => Promise<{ response?: unknown }>) {
  const sent: SendMailOptions[] = [];
  let closed = 0;
  const fake: MailTransport = {
    sendMail(mail) {
      sent.push(mail);
      return answer(mail);
    },
    close() {
      closed += 1;
    },
  };
  return { fake, sent, closed: () => closed };
}

const never = () => new Promise<never>(() => {});

const workers: OutboxWorker[] = [];
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop(0);
});

function startBoth(options: {
  channel: DeliveryChannel;
  transport: MailTransport;
  env?: Record<string, string>;
  random?: () => number;
}) {
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger("info", { write: (line: string) => void logs.push(JSON.parse(line)) });
  const config = loadConfig({
    RELAY_POLL_MS: "60000",
    RELAY_TIMEOUT_MS: "30000",
    RELAY_BASE_DELAY_MS: "2000",
    RELAY_MAX_DELAY_MS: "900000",
    RELAY_GIVE_UP_AFTER_MS: String(GIVE_UP_MS),
    RELAY_CONCURRENCY: "4",
    SMTP_URL: "smtp://127.0.0.1:1",
    MAIL_FROM: "Northwind Care <hello@northwind.example>",
    ...options.env,
  });
  const outbox = new FakeOutbox();
  const mail = new FakeMailOutbox();
  const dead: string[] = [];
  const attempts: [string, DeliveryOutcome][] = [];
  const now = () => T0;
  const worker = createOutboxWorker({
    config,
    logger,
    now,
    random: options.random ?? (() => 0.5),
    kinds: [
      leadDeliveries({
        config,
        store: { outbox: outbox as unknown as Outbox },
        now,
        channels: { formservice: options.channel },
      }),
      mailMessages({ config, store: { mail: mail as unknown as MailOutbox }, transport: options.transport }),
    ],
    onDead: (kind) => void dead.push(kind),
    onAttempt: (channel, outcome) => void attempts.push([channel, outcome]),
  });
  workers.push(worker);
  return { worker, outbox, mail, logs, dead, attempts };
}

const eventually = (check: () => void) => vi.waitFor(check, { timeout: 2000, interval: 5 });

const failing = (outcome: SendOutcome): DeliveryChannel => ({ send: async () => outcome });
const SERVICE_DOWN: SendOutcome = {
  ok: false,
  status: 503,
  problem: "service",
  error: "HTTP 503",
  retryAfterMs: null,
};

describe("one worker, both kinds", () => {
  it("schedules a failed lead and a failed message at the same backoff from the same clock and random", async () => {
    const smtp = transport(() => Promise.reject(refusal(451)));
    const both = startBoth({ channel: failing(SERVICE_DOWN), transport: smtp.fake, random: () => 0.25 });
    both.outbox.due.push(lead({ attempts: 3, enqueuedAt: T0 - 60_000 }));
    both.mail.due.push(message({ attempts: 3, enqueuedAt: T0 - 60_000 }));
    both.worker.start();

    await eventually(() => {
      expect(both.outbox.failures).toHaveLength(1);
      expect(both.mail.failures).toHaveLength(1);
    });
    // Full jitter over min(max, base * 2^attempts): 0.25 * 2000 * 8 for both.
    expect(both.outbox.failures[0]).toMatchObject({ at: T0, nextAttemptAt: T0 + 4000, problem: "service" });
    expect(both.mail.failures[0]).toMatchObject({
      at: T0,
      nextAttemptAt: T0 + 4000,
      status: 451,
      problem: "service",
      error: "SMTP 451",
    });
    expect(both.attempts).toEqual(
      expect.arrayContaining([
        ["formservice", "failed"],
        ["mail", "failed"],
      ]),
    );
    const retries = both.logs.filter((log) => log.outcome === "retry");
    expect(retries.map((log) => log.retryInMs)).toEqual([4000, 4000]);
    expect(retries.find((log) => log.channel === "mail")).toMatchObject({
      msg: "mail attempt failed",
      kind: "confirmation",
      attempt: 4,
    });
    expect(both.dead).toEqual([]);
    expect(JSON.stringify(both.logs)).not.toMatch(/Canarywhistle|canary\.7f3a9|canary-text/);
  });

  it("never schedules either past the give-up deadline, and gives both up at it", async () => {
    const smtp = transport(() => Promise.reject(refusal(451)));
    const both = startBoth({ channel: failing(SERVICE_DOWN), transport: smtp.fake, random: () => 0.99 });
    both.outbox.due.push(
      lead({ attempts: 9, enqueuedAt: T0 - GIVE_UP_MS + 1000 }),
      lead({ enqueuedAt: T0 - GIVE_UP_MS }),
    );
    both.mail.due.push(
      message({ attempts: 9, enqueuedAt: T0 - GIVE_UP_MS + 1000 }),
      message({ enqueuedAt: T0 - GIVE_UP_MS }),
    );
    both.worker.start();

    await eventually(() => expect(both.dead.toSorted()).toEqual(["lead", "mail"]));
    expect(both.outbox.failures.map((failure) => failure.nextAttemptAt)).toEqual([T0 + 1000, null]);
    expect(both.mail.failures.map((failure) => failure.nextAttemptAt)).toEqual([T0 + 1000, null]);
    expect(
      both.attempts
        .filter(([, outcome]) => outcome === "dead")
        .map(([channel]) => channel)
        .sort(),
    ).toEqual(["formservice", "mail"]);
    expect(both.logs.find((log) => log.outcome === "dead" && log.channel === "mail")).toMatchObject({
      msg: "mail not sent: gave up, see `leads status`",
      status: 451,
    });
  });

  it("marks a message sent only once the mail server took it, with its status, under its lease", async () => {
    const smtp = transport(async () => ({ response: "250 2.0.0 Ok: queued" }));
    const both = startBoth({ channel: failing(SERVICE_DOWN), transport: smtp.fake });
    const queued = message();
    both.mail.due.push(queued);
    both.worker.start();

    await eventually(() =>
      expect(both.mail.delivered).toEqual([{ key: queued.id, lease: queued.lease, at: T0 }]),
    );
    expect(smtp.sent[0]).toMatchObject({ to: CANARY.email, messageId: queued.messageId });
    expect(both.attempts).toContainEqual(["mail", "delivered"]);
  });

  it("releases both kinds' leases at a stop, counting no attempt, and closes both senders", async () => {
    const smtp = transport(never);
    const channel = { send: (_: ClaimedDelivery, stop: AbortSignal) => held(stop), close: vi.fn() };
    const both = startBoth({ channel, transport: smtp.fake });
    const [first, queued] = [lead(), message()];
    both.outbox.due.push(first);
    both.mail.due.push(queued);
    both.worker.start();
    await eventually(() => expect(smtp.sent).toHaveLength(1));

    await both.worker.stop(20);
    expect(both.outbox.released).toEqual([{ key: first.leadId, lease: first.lease }]);
    expect(both.mail.released).toEqual([{ key: queued.id, lease: queued.lease }]);
    expect(both.outbox.failures).toEqual([]);
    expect(both.mail.failures).toEqual([]);
    expect(both.attempts.toSorted()).toEqual([
      ["formservice", "released"],
      ["mail", "released"],
    ]);
    expect(channel.close).toHaveBeenCalledOnce();
    expect(smtp.closed()).toBe(1);
  });

  it("shares RELAY_CONCURRENCY between the kinds, each asked first in turn so neither waits behind the other", async () => {
    const sent: string[] = [];
    const smtp = transport(async (mail) => {
      sent.push(String(mail.messageId));
      return { response: "250 Ok" };
    });
    const channel: DeliveryChannel = {
      async send(delivery) {
        sent.push(delivery.id);
        return { ok: true, status: 200 };
      },
    };
    const both = startBoth({ channel, transport: smtp.fake, env: { RELAY_CONCURRENCY: "1" } });
    const leads = [lead(), lead(), lead()];
    const messages = [message(), message(), message()];
    both.outbox.due.push(...leads);
    both.mail.due.push(...messages);
    both.worker.start();

    await eventually(() => expect(sent).toHaveLength(6));
    expect(sent).toEqual([
      leads[0]?.id,
      messages[0]?.messageId,
      leads[1]?.id,
      messages[1]?.messageId,
      leads[2]?.id,
      messages[2]?.messageId,
    ]);
    expect([...both.outbox.claims, ...both.mail.claims].every((limit) => limit <= 1)).toBe(true);
  });
});

/** A send that waits until the worker stops it. */
function held(stop: AbortSignal) {
  return new Promise<SendOutcome>((resolve) =>
    stop.addEventListener("abort", () =>
      resolve({ ok: false, status: null, problem: "network", error: "AbortError", retryAfterMs: null }),
    ),
  );
}
