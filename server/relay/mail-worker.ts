import type { ServerConfig } from "../config.ts";
import { errorKind } from "../error-kind.ts";
import type { Logger } from "../logger.ts";
import { messageOf } from "../mail/outgoing-mail.ts";
import type { ClaimedMail } from "../store/queries/mail-outbox.ts";
import type { Store } from "../store/store.ts";
import { backoffDelay } from "./backoff.ts";
import { type MailTransport, smtpFailure, smtpTransport, unlessAborted } from "./channels/smtp.ts";
import { outboxLoop } from "./outbox-loop.ts";
import type { RelayWorker } from "./relay-worker.ts";

type MailWorkerConfig = Pick<
  ServerConfig,
  | "SMTP_URL"
  | "RELAY_TIMEOUT_MS"
  | "RELAY_CONCURRENCY"
  | "RELAY_POLL_MS"
  | "RELAY_BASE_DELAY_MS"
  | "RELAY_MAX_DELAY_MS"
  | "RELAY_GIVE_UP_AFTER_MS"
>;

/**
 * The mail outbox's worker (decision 024): claims due messages with a lease, sends each over SMTP_URL exactly as
 * it was queued (its Message-ID too), and records the outcome only while it holds the lease; retried with the
 * relay's backoff and given up ("dead") after RELAY_GIVE_UP_AFTER_MS, like a lead's delivery. Logs name the
 * message and its lead, never its address or text.
 */
export function createMailWorker(deps: {
  config: MailWorkerConfig;
  logger: Logger;
  store: Pick<Store, "mail">;
  transport?: MailTransport;
  now?: () => number;
  random?: () => number;
}): RelayWorker {
  const { config, logger, store, now = Date.now, random = Math.random } = deps;
  const transport = deps.transport ?? smtpTransport(config, config.RELAY_CONCURRENCY);
  const leaseMs = config.RELAY_TIMEOUT_MS + 60_000;

  async function deliver(mail: ClaimedMail, stop: AbortSignal): Promise<void> {
    const context = { mailId: mail.id, kind: mail.kind, leadId: mail.leadId, attempt: mail.attempts + 1 };
    try {
      let status: number;
      try {
        const info = await unlessAborted(transport.sendMail(messageOf(mail)), stop);
        status = Number.parseInt(String(info.response), 10) || 250;
      } catch (error) {
        if (stop.aborted) {
          await store.mail.releaseLease(mail.id, mail.lease);
          return;
        }
        const failure = smtpFailure(error);
        const at = now();
        const deadline = mail.enqueuedAt + config.RELAY_GIVE_UP_AFTER_MS;
        const wait = backoffDelay(
          mail.attempts,
          config.RELAY_BASE_DELAY_MS,
          config.RELAY_MAX_DELAY_MS,
          random,
        );
        const nextAttemptAt = at >= deadline ? null : Math.min(at + wait, deadline);
        const recorded = await store.mail.recordFailure(mail.id, mail.lease, {
          at,
          nextAttemptAt,
          status: failure.status,
          error: failure.error,
          problem: failure.problem,
        });
        const details = { ...context, status: failure.status, problem: failure.problem };
        if (!recorded) logger.warn(details, "mail worker lost its lease: outcome not recorded");
        else if (nextAttemptAt === null)
          logger.error({ ...details, outcome: "dead" }, "mail not sent: gave up");
        else
          logger.info({ ...details, outcome: "retry", retryInMs: nextAttemptAt - at }, "mail attempt failed");
        return;
      }
      if (!(await store.mail.markSent(mail.id, mail.lease, now(), status)))
        logger.warn(context, "mail worker lost its lease: outcome not recorded");
      else logger.info({ ...context, outcome: "delivered", status }, "mail sent");
    } catch (error) {
      // The lease runs out and the message is tried again, with the same Message-ID.
      logger.error({ ...context, err: errorKind(error) }, "mail worker could not record the outcome");
    }
  }

  const loop = outboxLoop({
    concurrency: config.RELAY_CONCURRENCY,
    pollMs: config.RELAY_POLL_MS,
    now,
    claim: (free) => store.mail.claimDue(now(), free, leaseMs),
    deliver,
    nextDueAt: () => store.mail.nextDueAt(),
    onClaimError: (error) => logger.error({ err: errorKind(error) }, "mail worker could not read the outbox"),
  });
  return {
    start: loop.start,
    wake: loop.wake,
    async stop(graceMs = config.RELAY_TIMEOUT_MS) {
      await loop.stop(graceMs);
      transport.close();
    },
  };
}
