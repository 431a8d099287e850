import { formLabelOf } from "../../staff/labels.ts";
import type { DocumentAlert } from "../store/queries/escalations.ts";
import type { NewMail } from "../store/store-records.ts";
import { DIGEST_LINKS } from "./promise-notices.ts";
import { staffLinkFor } from "./staff-link.ts";
import { type NoticeSettings, noticeMail } from "./staff-notices.ts";

/** The inbox's view of the recipient's applications under one Documents filter. */
const documentsView = (siteUrl: string, filter: "expiring" | "expired") =>
  `${siteUrl}/staff?documents=${filter}&mine=1`;

/**
 * The daily digest's part for an assigned recruiter: their applications with credential documents "Expiring soon"
 * or "Expired", how many of each, the first leads' links (only with MAIL_PERSONAL_DATA on, as the admins' digest
 * has them) and the inbox's views of them. Sent with the admins' digest, once per business day.
 */
export function documentDigest(input: {
  businessDay: string;
  leads: readonly DocumentAlert[];
  recipient: { id: string; email: string };
  settings: NoticeSettings;
}): NewMail {
  const { businessDay, leads, recipient, settings } = input;
  const expiring = leads.filter((lead) => lead.expiring > 0).length;
  const expired = leads.filter((lead) => lead.expired > 0).length;
  const links = settings.personalData ? leads.slice(0, DIGEST_LINKS) : [];
  const state = (lead: DocumentAlert) =>
    [
      lead.expired > 0 ? `Expired: ${lead.expired}` : null,
      lead.expiring > 0 ? `Expiring soon: ${lead.expiring}` : null,
    ]
      .filter(Boolean)
      .join(", ");
  const text = [
    `Applications assigned to you with credential documents to renew, as of ${businessDay}:`,
    "",
    `Expiring soon: ${expiring}`,
    `Expired: ${expired}`,
    "",
    ...(links.length > 0
      ? [
          ...links.map(
            (lead) =>
              `- ${formLabelOf(lead.formId)} (${state(lead)}): ${staffLinkFor(settings.siteUrl, lead.id)}`,
          ),
          ...(leads.length > links.length ? [`and ${leads.length - links.length} more.`] : []),
          "",
        ]
      : []),
    `Expiring soon: ${documentsView(settings.siteUrl, "expiring")}`,
    `Expired: ${documentsView(settings.siteUrl, "expired")}`,
    "",
    "The nurses are reminded by e-mail themselves; you get this at the start of each business day while any is due.",
    "",
  ].join("\n");
  return noticeMail({
    kind: "digest",
    leadId: null,
    recipient,
    subject: `Credential documents: ${expiring} expiring soon, ${expired} expired, digest of ${businessDay}`,
    text,
    settings,
    dedupeKey: `document-digest:${businessDay}:${recipient.id}`,
  });
}
