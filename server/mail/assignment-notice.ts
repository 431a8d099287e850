import { plainLine } from "../../leads/plain-text.ts";
import { formLabelOf, nameOf, organisationOf } from "../../staff/labels.ts";
import { staffLinkFor } from "../relay/channels/lead-mail.ts";
import { newId } from "../store/ids.ts";
import type { NewMail } from "../store/lead-records.ts";
import { buildStaffNotice } from "./outgoing-mail.ts";

/** What an assignment notice needs from the configuration: undefined without a mail server (no notices). */
export interface NoticeSettings {
  /** MAIL_FROM. */
  from: string;
  /** SITE_URL: the link's base. */
  siteUrl: string;
  /** MAIL_PERSONAL_DATA: false, and the notice names the form, the time and the link, nothing the person gave. */
  personalData: boolean;
}

/** How much of the person's name and organisation a notice's line carries. */
const NAME_MAX = 100;

/**
 * The e-mail that tells a staff member someone else assigned them a lead (issue 27): who assigned it, which
 * form, when it arrived, a link to it in the inbox and, with MAIL_PERSONAL_DATA on, the person's name and
 * organisation. Queued in the mail outbox beside the change, so it is sent (and retried) like a reply.
 */
export function assignmentNotice(input: {
  lead: { id: string; formId: string; createdAt: number; fields: Readonly<Record<string, string>> };
  assignee: { id: string; email: string };
  assignedBy: { name: string };
  settings: NoticeSettings;
}): NewMail {
  const { lead, assignee, assignedBy, settings } = input;
  const form = formLabelOf(lead.formId);
  const who = settings.personalData
    ? [nameOf(lead.fields), organisationOf(lead.fields)]
        .map((value) => plainLine(value ?? "", NAME_MAX))
        .filter(Boolean)
        .join(", ")
    : "";
  const text = [
    `${plainLine(assignedBy.name, NAME_MAX) || "A colleague"} assigned you a lead.`,
    "",
    `Form: ${form}`,
    ...(who ? [`From: ${who}`] : []),
    `Received: ${new Date(lead.createdAt).toISOString()}`,
    "",
    `Open it in the staff inbox: ${staffLinkFor(settings.siteUrl, lead.id)}`,
    "",
    "You get these e-mails while assignment e-mails are on under My settings in the staff inbox.",
    "",
  ].join("\n");
  const built = buildStaffNotice({
    to: assignee.email,
    subject: `Lead assigned to you: ${form}`,
    text,
    settings,
  });
  return {
    id: newId(),
    kind: "assignment",
    leadId: lead.id,
    recipientId: assignee.id,
    to: String(built.message.to),
    subject: String(built.message.subject),
    text: String(built.message.text),
    envelope: built.envelope,
    messageId: built.messageId,
  };
}
