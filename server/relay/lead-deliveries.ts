import type { ServerConfig } from "../config.ts";
import type { Store } from "../store/store.ts";
import type { Channel } from "../store/store-records.ts";
import { configurationProblem, type DeliveryChannel } from "./channels/channel.ts";
import { createChannels } from "./channels/index.ts";
import type { OutboxKind, OutcomeWords } from "./outbox-worker.ts";

const WORDS: OutcomeWords = {
  delivered: "relay",
  retry: "relay attempt failed",
  dead: "relay gave up: lead not delivered, see `leads status`",
  released: "relay stopped: delivery released for the next run",
  leaseLost: "relay lost its lease: outcome not recorded",
  unrecorded: "relay could not record the outcome",
  unreadable: "relay could not read the outbox",
  problems: {
    gone: { dead: "webhook answered 410 Gone: channel stopped for this lead, see `leads status`" },
    activation: { retry: "form service needs activation: open the activation e-mail sent to the mailbox" },
    configuration: { retry: "form service refused the lead: check FORM_SERVICE_URL and the mailboxes" },
  },
};

/**
 * The leads' deliveries (table `outbox`, decision 003) as a kind of the outbox worker: one delivery per lead and
 * channel, sent over its channel (decision 014); the lead's own state follows its deliveries' in the store.
 */
export function leadDeliveries({
  config,
  store,
  now = Date.now,
  fetchImpl = fetch,
  channels = createChannels({ config, store, now, fetchImpl }),
}: {
  config: ServerConfig;
  /** The outbox it claims from and settles in. */
  store: Pick<Store, "outbox">;
  now?: () => number;
  fetchImpl?: typeof fetch;
  /** The channels by name; built from LEAD_CHANNELS when absent. */
  channels?: Partial<Record<Channel, DeliveryChannel>>;
}): OutboxKind {
  const { outbox } = store;
  return {
    name: "lead",
    words: WORDS,
    async claimDue(at, limit, leaseMs) {
      const claimed = await outbox.claimDue(at, limit, leaseMs);
      return claimed.map((delivery) => ({
        channel: delivery.channel,
        attempts: delivery.attempts,
        enqueuedAt: delivery.enqueuedAt,
        waitingSince: delivery.createdAt,
        context: {
          leadId: delivery.leadId,
          deliveryId: delivery.id,
          channel: delivery.channel,
          formId: delivery.formId,
        },
        async send(stop) {
          const channel = channels[delivery.channel];
          if (!channel) return configurationProblem(`channel ${delivery.channel} is not in LEAD_CHANNELS`);
          return channel.send(delivery, stop);
        },
        markDelivered: (deliveredAt) => outbox.markDelivered(delivery.leadId, delivery.lease, deliveredAt),
        recordFailure: (failure) => outbox.recordFailure(delivery.leadId, delivery.lease, failure),
        release: () => outbox.releaseLease(delivery.leadId, delivery.lease),
      }));
    },
    nextDueAt: () => outbox.nextDueAt(),
    close() {
      for (const channel of Object.values(channels)) channel.close?.();
    },
  };
}
