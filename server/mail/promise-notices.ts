import { describeDue } from "../../staff/due.ts";
import { formLabelOf } from "../../staff/labels.ts";
import type { MissedPromises, OverdueLead } from "../store/queries/escalations.ts";
import type { NewMail } from "../store/store-records.ts";
import { staffLinkFor } from "./staff-link.ts";
import { leadLines, type NoticeSettings, noticeMail } from "./staff-notices.ts";

/**
 * The e-mails that keep the site's promises (decision 026): a lead's escalation once its due time passes
 * unanswered, and the admins' digest of the promises missed in a business day. Each names forms, times,
 * counts and links; the person's name and organisation only with MAIL_PERSONAL_DATA on, nothing else they
 * gave ever.
 */

/** The most lead links a digest lists (with MAIL_PERSONAL_DATA on); the Overdue view and the reports hold the rest. */
export const DIGEST_LINKS = 20;

/** The inbox's Overdue view, earliest due first, and the reports page: where a digest sends admins. */
export const overdueViewLink = (siteUrl: string) => `${siteUrl}/staff?overdue=1&sort=due`;
export const reportsLink = (siteUrl: string) => `${siteUrl}/staff/reports`;

const iso = (ms: number) => new Date(ms).toISOString();

/** The escalation of an unanswered lead to one person: its assignee, or one who may answer it when nobody has it. */
export function escalationNotice(input: {
  lead: OverdueLead;
  recipient: { id: string; email: string };
  now: number;
  settings: NoticeSettings;
}): NewMail {
  const { lead, recipient, now, settings } = input;
  const form = formLabelOf(lead.formId);
  const text = [
    `A lead has not been answered by the time we promised: it is ${describeDue(lead.dueAt, now)}.`,
    "",
    ...leadLines(lead, settings),
    `Due: ${iso(lead.dueAt)}`,
    "",
    lead.assigneeId === recipient.id
      ? "It is assigned to you."
      : "Nobody is assigned to it; you get this as one of those who may answer it.",
    `Open it in the staff inbox: ${staffLinkFor(settings.siteUrl, lead.id)}`,
    "",
    "A reply, a logged call or a new status answers it. This is the only e-mail about this lead's promise.",
    "",
  ].join("\n");
  return noticeMail({
    kind: "escalation",
    leadId: lead.id,
    recipient,
    subject: `Overdue lead: ${form}`,
    text,
    settings,
    dedupeKey: `escalation:${lead.id}:${recipient.id}`,
  });
}

/** One admin's digest of the promises due in the window [from, to) that were missed. */
export function missedDigest(input: {
  window: { businessDay: string; from: number; to: number };
  forms: readonly MissedPromises[];
  leads: readonly { id: string; formId: string }[];
  recipient: { id: string; email: string };
  settings: NoticeSettings;
}): NewMail {
  const { window, forms, leads, recipient, settings } = input;
  const total = forms.reduce((sum, form) => sum + form.missed, 0);
  const links = settings.personalData ? leads.slice(0, DIGEST_LINKS) : [];
  const text = [
    `${total} ${total === 1 ? "lead was" : "leads were"} not answered by the time we promised, of those due from ${iso(window.from)} to ${iso(window.to)}.`,
    "",
    ...forms.map((form) => `${formLabelOf(form.formId)}: ${form.missed}`),
    "",
    ...(links.length > 0
      ? [
          "The leads:",
          ...links.map((lead) => `- ${formLabelOf(lead.formId)}: ${staffLinkFor(settings.siteUrl, lead.id)}`),
          ...(total > links.length ? [`and ${total - links.length} more.`] : []),
          "",
        ]
      : []),
    `Those still unanswered are in the Overdue view: ${overdueViewLink(settings.siteUrl)}`,
    `The promises week by week: ${reportsLink(settings.siteUrl)}`,
    "",
    "Admins get this e-mail at the start of each business day when a promise was missed.",
    "",
  ].join("\n");
  return noticeMail({
    kind: "digest",
    leadId: null,
    recipient,
    subject: `Missed response promises: ${total}, digest of ${window.businessDay}`,
    text,
    settings,
    dedupeKey: `digest:${window.businessDay}:${recipient.id}`,
  });
}
