import type { ServerConfig } from "../config.ts";
import { messageOf } from "../mail/outgoing-mail.ts";
import { type MailTransport, sendOverSmtp, smtpTransport } from "../mail/smtp-transport.ts";
import type { Store } from "../store/store.ts";
import type { OutboxKind, OutcomeWords } from "./outbox-worker.ts";

const WORDS: OutcomeWords = {
  delivered: "mail sent",
  retry: "mail attempt failed",
  dead: "mail not sent: gave up, see `leads status`",
  released: "mail worker stopped: message released for the next run",
  leaseLost: "mail worker lost its lease: outcome not recorded",
  unrecorded: "mail worker could not record the outcome",
  unreadable: "mail worker could not read the outbox",
  problems: {
    configuration: { retry: "mail server refused the message: check SMTP_URL and MAIL_FROM" },
  },
};

/**
 * The mail outbox (table `mail_outbox`, decision 024) as a kind of the outbox worker: the messages the server
 * sends people (confirmations, staff replies, notices), each sent over SMTP_URL exactly as it was queued, its
 * Message-ID too, so a resend is recognisably the same message. Logs name the message, its kind and its lead.
 */
export function mailMessages({
  config,
  store,
  transport = smtpTransport(config, config.RELAY_CONCURRENCY),
}: {
  config: Pick<ServerConfig, "SMTP_URL" | "RELAY_TIMEOUT_MS" | "RELAY_CONCURRENCY">;
  store: Pick<Store, "mail">;
  transport?: MailTransport;
}): OutboxKind {
  const { mail: outbox } = store;
  return {
    name: "mail",
    words: WORDS,
    async claimDue(at, limit, leaseMs) {
      const claimed = await outbox.claimDue(at, limit, leaseMs);
      return claimed.map((mail) => ({
        channel: "mail",
        attempts: mail.attempts,
        enqueuedAt: mail.enqueuedAt,
        waitingSince: mail.enqueuedAt,
        context: { mailId: mail.id, kind: mail.kind, leadId: mail.leadId, channel: "mail" },
        send: async (stop) => sendOverSmtp(transport, messageOf(mail), stop),
        markDelivered: (sentAt, status) => outbox.markSent(mail.id, mail.lease, sentAt, status),
        recordFailure: (failure) => outbox.recordFailure(mail.id, mail.lease, failure),
        release: () => outbox.releaseLease(mail.id, mail.lease),
      }));
    },
    nextDueAt: () => outbox.nextDueAt(),
    close() {
      transport.close();
    },
  };
}
