import type { ServerConfig } from "../../config.ts";
import type { Outbox } from "../../store/queries/outbox.ts";
import type { Channel } from "../../store/store-records.ts";
import type { DeliveryChannel } from "./channel.ts";
import { createFormServiceChannel } from "./form-service.ts";
import { createSmtpChannel } from "./smtp.ts";
import { createWebhookChannel } from "./webhook.ts";

/** The channels LEAD_CHANNELS names, built from the configuration (which loadConfig checked is complete). */
export function createChannels(deps: {
  config: ServerConfig;
  /** Where the resumes are read from. */
  store: { outbox: Pick<Outbox, "readResume"> };
  now: () => number;
  fetchImpl: typeof fetch;
}): Partial<Record<Channel, DeliveryChannel>> {
  const make: Record<Channel, () => DeliveryChannel> = {
    formservice: () => createFormServiceChannel(deps),
    smtp: () => createSmtpChannel(deps),
    webhook: () => createWebhookChannel(deps),
  };
  return Object.fromEntries(deps.config.LEAD_CHANNELS.map((channel) => [channel, make[channel]()]));
}
