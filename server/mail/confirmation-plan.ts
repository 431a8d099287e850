import type { LeadFormId } from "../../leads/catalog.ts";
import { type ConfirmationCompany, confirmationFor } from "../../leads/confirmations.ts";
import { emailKey } from "../../leads/person-keys.ts";
import { hoursPerBusinessDay } from "../calendar/business-hours.ts";
import type { ServerConfig } from "../config.ts";
import { newId } from "../store/ids.ts";
import type { ConfirmationPlan, LeadState } from "../store/lead-records.ts";
import { MailRefusal } from "./mail-checks.ts";
import { buildConfirmation, type MailSettings } from "./outgoing-mail.ts";

/** One confirmation per address per this long, counted in the store (issue 27). */
export const CONFIRMATION_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface ConfirmationSettings {
  /** CONFIRMATION_EMAILS. */
  enabled: boolean;
  /** MAIL_FROM and REPLY_TO, when SMTP_URL and MAIL_FROM are set; undefined: no mail server. */
  mail: MailSettings | undefined;
  company: ConfirmationCompany;
  /** The business calendar's open hours per day (undefined when its days differ): the promise's words. */
  hoursPerBusinessDay: number | undefined;
}

/** The settings the configuration gives: confirmations need SMTP_URL and MAIL_FROM, and CONFIRMATION_EMAILS. */
export const confirmationSettingsOf = (
  config: Pick<ServerConfig, "CONFIRMATION_EMAILS" | "SMTP_URL" | "MAIL_FROM" | "BUSINESS_HOURS" | "site">,
): ConfirmationSettings => ({
  enabled: config.CONFIRMATION_EMAILS,
  mail: config.SMTP_URL && config.MAIL_FROM ? { from: config.MAIL_FROM } : undefined,
  company: config.site.company,
  hoursPerBusinessDay: hoursPerBusinessDay(config.BUSINESS_HOURS),
});

/**
 * What a new lead's confirmation comes to: the message, built and checked (its Message-ID fixed now, so every
 * attempt sends the same), or why none is sent, with the copy it would have had. Undefined when the lead gave no
 * address a message could go to.
 */
export function confirmationPlan(
  lead: { formId: LeadFormId; state: LeadState; fields: Readonly<Record<string, string | undefined>> },
  settings: ConfirmationSettings,
): ConfirmationPlan | undefined {
  const key = emailKey(lead.fields.email);
  const to = lead.fields.email?.trim();
  if (!key || !to) return undefined;
  const copy = confirmationFor(lead.formId, lead.fields, settings.company, settings.hoursPerBusinessDay);
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
    // The form's own check let the address through; one the mail checks refuse gets no message.
    if (error instanceof MailRefusal) return undefined;
    throw error;
  }
  return {
    addressKey: key,
    windowMs: CONFIRMATION_WINDOW_MS,
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
