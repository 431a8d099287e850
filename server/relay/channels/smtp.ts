import { findLeadForm } from "../../../leads/forms.ts";
import { mailbox } from "../../checks/mail-checks.ts";
import type { ServerConfig } from "../../config.ts";
import { type MailTransport, sendOverSmtp, smtpTransport } from "../../mail/smtp-transport.ts";
import type { Outbox } from "../../store/queries/outbox.ts";
import { configurationProblem, type DeliveryChannel, resumeOf } from "./channel.ts";
import { composeLeadMail } from "./lead-mail.ts";

type SmtpConfig = Pick<
  ServerConfig,
  "SMTP_URL" | "MAIL_FROM" | "MAIL_PERSONAL_DATA" | "RELAY_TIMEOUT_MS" | "RELAY_CONCURRENCY" | "site"
>;

/** E-mail straight from the company's mail server (decision 014): one message per lead to the form's mailbox. */
export function createSmtpChannel(deps: {
  config: SmtpConfig;
  /** Where the resumes are read from. */
  store: { outbox: Pick<Outbox, "readResume"> };
  transport?: MailTransport;
}): DeliveryChannel {
  const { config, store } = deps;
  if (!config.MAIL_FROM) throw new Error("MAIL_FROM is not set");
  // Refused here, before any message, when MAIL_FROM is not one address (loadConfig refuses it first).
  mailbox(config.MAIL_FROM, "from");
  const transport = deps.transport ?? smtpTransport(config, config.RELAY_CONCURRENCY);
  const settings = {
    from: config.MAIL_FROM,
    siteUrl: config.site.url,
    mailboxes: config.site.email,
    personalData: config.MAIL_PERSONAL_DATA,
  };
  return {
    async send(delivery, stop) {
      const form = findLeadForm(delivery.formId);
      if (!form) return configurationProblem("unknown form id");
      const resume = settings.personalData ? await resumeOf(store, delivery) : { blob: null };
      if ("failure" in resume) return resume.failure;
      // A message that cannot be composed throws: the worker records it by its error's class, as any channel's.
      const message = await composeLeadMail(form, delivery, resume.blob, settings);
      return sendOverSmtp(transport, message, stop);
    },
    close() {
      transport.close();
    },
  };
}
