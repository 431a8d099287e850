import type { ServerConfig } from "../config.ts";
import { errorKind } from "../error-kind.ts";
import type { Logger } from "../logger.ts";
import type { Channel } from "../store/lead-records.ts";
import type { ClaimedDelivery } from "../store/queries/outbox.ts";
import type { Store } from "../store/store.ts";
import { backoffDelay } from "./backoff.ts";
import { configurationProblem, type DeliveryChannel } from "./channels/channel.ts";
import { createChannels } from "./channels/index.ts";
import { outboxLoop } from "./outbox-loop.ts";
import type { SendOutcome } from "./send-lead.ts";

export interface RelayDeps {
  config: ServerConfig;
  logger: Logger;
  /** The outbox it claims from and settles in. */
  store: Pick<Store, "outbox">;
  now?: () => number;
  random?: () => number;
  fetchImpl?: typeof fetch;
  /** The channels by name; built from LEAD_CHANNELS when absent. */
  channels?: Partial<Record<Channel, DeliveryChannel>>;
  /** A delivery went dead (the alerts look at once). */
  onDead?: () => void;
  /** Each attempt's outcome and how long it took (the metrics count them). */
  onDelivery?: (channel: Channel, outcome: DeliveryOutcome, seconds: number) => void;
}

/** What one attempt came to: `released` when a stop cut it short, `lease_lost` when another worker owns it now. */
export type DeliveryOutcome = "delivered" | "failed" | "dead" | "released" | "lease_lost";

export interface RelayWorker {
  start(): void;
  /** New work was committed: look now instead of at the next poll. */
  wake(): void;
  /**
   * Stops claiming; deliveries in flight get `graceMs` to finish, then are aborted and their leases released,
   * so the lead is due again at once for the next worker (no attempt is counted).
   */
  stop(graceMs?: number): Promise<void>;
}

/**
 * The outbox relay: claims due deliveries with a lease (so a crashed worker's claims come back), sends each over
 * its channel, and marks it delivered only after the channel confirmed. At least once, never at most once.
 */
export function createRelayWorker({
  config,
  logger,
  store,
  now = Date.now,
  random = Math.random,
  fetchImpl = fetch,
  channels = createChannels({ config, store, now, fetchImpl }),
  onDead,
  onDelivery,
}: RelayDeps): RelayWorker {
  // Long enough for the slowest attempt plus reading the file; after that another worker may take it.
  const leaseMs = config.RELAY_TIMEOUT_MS + 60_000;

  async function attempt(delivery: ClaimedDelivery, stop: AbortSignal): Promise<SendOutcome> {
    const channel = channels[delivery.channel];
    if (!channel) return configurationProblem(`channel ${delivery.channel} is not in LEAD_CHANNELS`);
    return channel.send(delivery, stop);
  }

  async function deliver(delivery: ClaimedDelivery, stop: AbortSignal): Promise<void> {
    const started = performance.now();
    const context = {
      leadId: delivery.leadId,
      deliveryId: delivery.id,
      channel: delivery.channel,
      formId: delivery.formId,
      attempt: delivery.attempts + 1,
    };
    let outcome: SendOutcome;
    try {
      outcome = await attempt(delivery, stop);
    } catch (error) {
      outcome = {
        ok: false,
        status: null,
        problem: "network",
        error: errorKind(error).type,
        retryAfterMs: null,
      };
    }
    const at = now();
    const elapsed = performance.now() - started;
    const ms = Math.round(elapsed);
    const report = (outcome: DeliveryOutcome) => onDelivery?.(delivery.channel, outcome, elapsed / 1000);
    try {
      if (!outcome.ok && stop.aborted) {
        await store.outbox.releaseLease(delivery.leadId, delivery.lease);
        report("released");
        logger.info(
          { ...context, outcome: "released", ms },
          "relay stopped: delivery released for the next run",
        );
        return;
      }
      if (outcome.ok) {
        if (!(await store.outbox.markDelivered(delivery.leadId, delivery.lease, at))) {
          report("lease_lost");
          logger.warn(
            { ...context, status: outcome.status, ms },
            "relay lost its lease: outcome not recorded",
          );
          return;
        }
        report("delivered");
        logger.info(
          { ...context, outcome: "delivered", status: outcome.status, ms, ageMs: at - delivery.createdAt },
          "relay",
        );
        return;
      }
      const deadline = delivery.enqueuedAt + config.RELAY_GIVE_UP_AFTER_MS;
      const wait =
        outcome.retryAfterMs ??
        backoffDelay(delivery.attempts, config.RELAY_BASE_DELAY_MS, config.RELAY_MAX_DELAY_MS, random);
      const nextAttemptAt = outcome.final || at >= deadline ? null : Math.min(at + wait, deadline);
      const recorded = await store.outbox.recordFailure(delivery.leadId, delivery.lease, {
        at,
        nextAttemptAt,
        enqueuedAt: delivery.enqueuedAt,
        status: outcome.status,
        error: outcome.error,
        problem: outcome.problem,
      });
      report(recorded ? (nextAttemptAt === null ? "dead" : "failed") : "lease_lost");
      if (!recorded) {
        logger.warn({ ...context, status: outcome.status, ms }, "relay lost its lease: outcome not recorded");
        return;
      }
      // The service's message stays in the store (leads status/show): it could echo what was sent.
      const details = { ...context, status: outcome.status, problem: outcome.problem, ms };
      if (nextAttemptAt === null) {
        logger.error(
          { ...details, outcome: "dead" },
          outcome.problem === "gone"
            ? "webhook answered 410 Gone: channel stopped for this lead, see `leads status`"
            : "relay gave up: lead not delivered, see `leads status`",
        );
        onDead?.();
      } else if (outcome.problem === "activation") {
        logger.warn(
          { ...details, outcome: "retry", retryInMs: nextAttemptAt - at },
          "form service needs activation: open the activation e-mail sent to the mailbox",
        );
      } else if (outcome.problem === "configuration") {
        logger.warn(
          { ...details, outcome: "retry", retryInMs: nextAttemptAt - at },
          "form service refused the lead: check FORM_SERVICE_URL and the mailboxes",
        );
      } else {
        logger.info({ ...details, outcome: "retry", retryInMs: nextAttemptAt - at }, "relay attempt failed");
      }
    } catch (error) {
      // The lease runs out and the lead is tried again: a resend, never a loss.
      logger.error({ ...context, err: errorKind(error) }, "relay could not record the outcome");
    }
  }

  const loop = outboxLoop({
    concurrency: config.RELAY_CONCURRENCY,
    pollMs: config.RELAY_POLL_MS,
    now,
    claim: (free) => store.outbox.claimDue(now(), free, leaseMs),
    deliver,
    nextDueAt: () => store.outbox.nextDueAt(),
    onClaimError: (error) => logger.error({ err: errorKind(error) }, "relay could not read the outbox"),
  });
  const worker: RelayWorker = {
    start: loop.start,
    wake: loop.wake,
    async stop(graceMs = config.RELAY_TIMEOUT_MS) {
      await loop.stop(graceMs);
      for (const channel of Object.values(channels)) channel.close?.();
    },
  };
  return worker;
}
