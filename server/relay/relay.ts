import type { ServerConfig } from "../config.ts";
import type { Logger } from "../runtime/logger.ts";
import type { Store } from "../store/store.ts";
import { leadDeliveries } from "./lead-deliveries.ts";
import { mailMessages } from "./mail-messages.ts";
import { createOutboxWorker, type OutboxKind, type OutboxWorkerDeps } from "./outbox-worker.ts";

/**
 * The relay as the server (RELAY_ENABLED) and `leads relay` run it: one outbox worker over the leads'
 * deliveries and, with SMTP_URL and MAIL_FROM, the mail outbox. RELAY_CONCURRENCY bounds both together.
 */
export function createRelay({
  config,
  logger,
  store,
  onDead,
  onAttempt,
}: {
  config: ServerConfig;
  logger: Logger;
  store: Pick<Store, "outbox" | "mail">;
} & Pick<OutboxWorkerDeps, "onDead" | "onAttempt">) {
  const kinds: OutboxKind[] = [leadDeliveries({ config, store })];
  // The messages to people (confirmations, staff replies, notices) go out over SMTP_URL, from MAIL_FROM.
  if (config.SMTP_URL && config.MAIL_FROM) kinds.push(mailMessages({ config, store }));
  return createOutboxWorker({ config, logger, kinds, onDead, onAttempt });
}
