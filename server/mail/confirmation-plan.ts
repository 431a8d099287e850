import type { LeadFormId } from "../../leads/catalog.ts";
import { type ConfirmationCompany, confirmationFor } from "../../leads/confirmations.ts";
import { domainOfMailbox, mailboxKey } from "../../leads/person-keys.ts";
import { hoursPerBusinessDay } from "../calendar/business-hours.ts";
import { MailRefusal } from "../checks/mail-checks.ts";
import type { ServerConfig } from "../config.ts";
import { newId } from "../store/ids.ts";
import type { ConfirmationLimits, ConfirmationPlan, LeadState } from "../store/store-records.ts";
import { buildConfirmation, type MailSettings } from "./outgoing-mail.ts";

/** One confirmation per mailbox per this long, counted in the store. */
export const CONFIRMATION_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface ConfirmationSettings {
  /** CONFIRMATION_EMAILS. */
  enabled: boolean;
  /** MAIL_FROM and REPLY_TO, when SMTP_URL and MAIL_FROM are set; undefined: no mail server. */
  mail: MailSettings | undefined;
  company: ConfirmationCompany;
  /** The business calendar's open hours per day (undefined when its days differ): the promise's words. */
  hoursPerBusinessDay: number | undefined;
  limits: ConfirmationLimits;
}

/** The settings the configuration gives: confirmations need SMTP_URL and MAIL_FROM, and CONFIRMATION_EMAILS. */
export const confirmationSettingsOf = (
  config: Pick<
    ServerConfig,
    | "CONFIRMATION_EMAILS"
    | "CONFIRMATIONS_PER_DOMAIN_PER_HOUR"
    | "CONFIRMATIONS_PER_HOUR"
    | "SMTP_URL"
    | "MAIL_FROM"
    | "BUSINESS_HOURS"
    | "site"
  >,
): ConfirmationSettings => ({
  enabled: config.CONFIRMATION_EMAILS,
  mail: config.SMTP_URL && config.MAIL_FROM ? { from: config.MAIL_FROM } : undefined,
  company: config.site.company,
  hoursPerBusinessDay: hoursPerBusinessDay(config.BUSINESS_HOURS),
  limits: {
    windowMs: CONFIRMATION_WINDOW_MS,
    perDomainPerHour: config.CONFIRMATIONS_PER_DOMAIN_PER_HOUR,
    perHour: config.CONFIRMATIONS_PER_HOUR,
  },
});

/**
 * What a new lead's confirmation comes to: the message, built and checked (its Message-ID fixed now, so every
 * attempt sends the same) with its mailbox and the limits the store queues it within, or why none is sent, with
 * the copy it would have had. Undefined when the lead gave no address. `opening`: the opening an application was
 * for, which the message names.
 */
export function confirmationPlan(
  lead: {
    formId: LeadFormId;
    state: LeadState;
    fields: Readonly<Record<string, string | undefined>>;
    opening?: { title: string } | undefined;
  },
  settings: ConfirmationSettings,
): ConfirmationPlan | undefined {
  const mailbox = mailboxKey(lead.fields.email);
  const to = lead.fields.email?.trim();
  if (!mailbox || !to) return undefined;
  const copy = confirmationFor(
    lead.formId,
    lead.fields,
    settings.company,
    settings.hoursPerBusinessDay,
    lead.opening,
  );
  const skipped =
    lead.state === "spam"
      ? "spam"
      : !settings.enabled
        ? "disabled"
        : !settings.mail
          ? "no_mail_server"
          : null;
  if (skipped || !settings.mail) return { skipped: skipped ?? "no_mail_server", to, ...copy };
  let built: ReturnType<typeof buildConfirmation>;
  try {
    built = buildConfirmation({ to, confirmation: copy, settings: settings.mail });
  } catch (error) {
    // The form's own check let the address through; one the mail checks refuse gets no message, and says so.
    if (error instanceof MailRefusal) return { skipped: "refused", to, ...copy };
    throw error;
  }
  return {
    mailbox,
    domain: domainOfMailbox(mailbox),
    limits: settings.limits,
    mail: {
      id: newId(),
      kind: "confirmation",
      leadId: null,
      to,
      subject: copy.subject,
      text: copy.text,
      messageId: built.messageId,
      envelope: built.envelope,
    },
  };
}
