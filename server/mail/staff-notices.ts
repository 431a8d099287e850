import { plainLine } from "../../leads/plain-text.ts";
import { formLabelOf, nameOf, organisationOf } from "../../staff/labels.ts";
import type { ServerConfig } from "../config.ts";
import { newId } from "../store/ids.ts";
import type { MailKind, NewMail } from "../store/store-records.ts";
import { buildStaffNotice } from "./outgoing-mail.ts";

/**
 * What the e-mails to staff about leads share (an assignment, an escalation, the admins' digest): the settings
 * the configuration gives them, the person's name line, and the queued message itself.
 */

/** What a staff notice needs from the configuration: undefined without a mail server (no notices). */
export interface NoticeSettings {
  /** MAIL_FROM. */
  from: string;
  /** SITE_URL: the link's base. */
  siteUrl: string;
  /** MAIL_PERSONAL_DATA: false, and a notice names the form, the times and the link, nothing the person gave. */
  personalData: boolean;
}

/** The notices' settings the configuration gives: a mail server (SMTP_URL) and MAIL_FROM, or no notices. */
export const noticeSettingsOf = (
  config: Pick<ServerConfig, "SMTP_URL" | "MAIL_FROM" | "MAIL_PERSONAL_DATA" | "site">,
): NoticeSettings | undefined =>
  config.SMTP_URL && config.MAIL_FROM
    ? { from: config.MAIL_FROM, siteUrl: config.site.url, personalData: config.MAIL_PERSONAL_DATA }
    : undefined;

/** How much of the person's name and organisation a notice's line carries. */
const NAME_MAX = 100;

/** "Grace Hopper, Navy Yard Clinic" with MAIL_PERSONAL_DATA on; "" with it off, or when the lead has neither. */
export function personLine(fields: Readonly<Record<string, string>>, settings: NoticeSettings): string {
  if (!settings.personalData) return "";
  return [nameOf(fields), organisationOf(fields)]
    .map((value) => plainLine(value ?? "", NAME_MAX))
    .filter(Boolean)
    .join(", ");
}

/**
 * The lines every notice about one lead starts with: its form, who sent it (with MAIL_PERSONAL_DATA on) and when
 * it arrived.
 */
export function leadLines(
  lead: { formId: string; createdAt: number; fields: Readonly<Record<string, string>> },
  settings: NoticeSettings,
): string[] {
  const who = personLine(lead.fields, settings);
  return [
    `Form: ${formLabelOf(lead.formId)}`,
    ...(who ? [`From: ${who}`] : []),
    `Received: ${new Date(lead.createdAt).toISOString()}`,
  ];
}

/** A staff member's name as a notice's text says it: one line, at most NAME_MAX characters. */
export const staffName = (name: string) => plainLine(name, NAME_MAX);

/**
 * A notice to one staff member, built and checked (From MAIL_FROM, marked auto-generated) and ready to queue;
 * `dedupeKey` makes it one message whichever instance queues it.
 */
export function noticeMail(input: {
  kind: MailKind;
  leadId: string | null;
  recipient: { id: string; email: string };
  subject: string;
  text: string;
  settings: NoticeSettings;
  dedupeKey?: string;
}): NewMail {
  const built = buildStaffNotice({
    to: input.recipient.email,
    subject: input.subject,
    text: input.text,
    settings: input.settings,
  });
  return {
    id: newId(),
    kind: input.kind,
    leadId: input.leadId,
    recipientId: input.recipient.id,
    to: String(built.message.to),
    subject: String(built.message.subject),
    text: String(built.message.text),
    envelope: built.envelope,
    messageId: built.messageId,
    ...(input.dedupeKey && { dedupeKey: input.dedupeKey }),
  };
}
