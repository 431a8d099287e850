import { formLabelOf } from "../../staff/labels.ts";
import type { NewMail } from "../store/store-records.ts";
import { staffLinkFor } from "./staff-link.ts";
import { leadLines, type NoticeSettings, noticeMail, staffName } from "./staff-notices.ts";

/**
 * The e-mail that tells a staff member someone else assigned them a lead: who assigned it, which
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
  const text = [
    `${staffName(assignedBy.name) || "A colleague"} assigned you a lead.`,
    "",
    ...leadLines(lead, settings),
    "",
    `Open it in the staff inbox: ${staffLinkFor(settings.siteUrl, lead.id)}`,
    "",
    "You get these e-mails while assignment e-mails are on under My settings in the staff inbox.",
    "",
  ].join("\n");
  return noticeMail({
    kind: "assignment",
    leadId: lead.id,
    recipient: assignee,
    subject: `Lead assigned to you: ${form}`,
    text,
    settings,
  });
}
