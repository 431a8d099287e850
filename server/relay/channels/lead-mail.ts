import { Readable } from "node:stream";
import { html } from "hono/html";
import type { SendMailOptions } from "nodemailer";
import { fieldLabelOf } from "../../../leads/catalog.ts";
import { type LeadForm, recipientFor } from "../../../leads/forms.ts";
import { mailbox } from "../../checks/mail-checks.ts";
import { staffLinkFor } from "../../mail/staff-link.ts";
import type { ClaimedDelivery } from "../../store/queries/outbox.ts";

export interface LeadMailSettings {
  /** MAIL_FROM: the From header, and its address the SMTP envelope's sender (where bounces go). */
  from: string;
  /** SITE_URL without a trailing slash: the Message-ID's host and the staff inbox link's base. */
  siteUrl: string;
  mailboxes: { contact: string; recruiting: string };
  /** false: the message names no person, carries no field and no file, only the form, the time and a link. */
  personalData: boolean;
}

/** Derived from the lead id, so a resend (at least once) is recognisable as the same message. */
export const leadMailMessageId = (siteUrl: string, leadId: string) =>
  `<${leadId}@${new URL(siteUrl).hostname}>`;

/**
 * The message for one lead: the form's subject from the spec, to the form's mailbox, a plain-text and an HTML
 * body listing the fields (HTML-escaped), Reply-To the visitor, the resume attached as a stream. The SMTP
 * envelope is set, not derived: Nodemailer would take the visitor's Reply-To as the sender were From unusable.
 */
export async function composeLeadMail(
  form: LeadForm,
  delivery: ClaimedDelivery,
  resume: Blob | null,
  settings: LeadMailSettings,
): Promise<SendMailOptions> {
  const received = new Date(delivery.createdAt).toISOString();
  const link = staffLinkFor(settings.siteUrl, delivery.leadId);
  const to = recipientFor(form, settings.mailboxes);
  const common: SendMailOptions = {
    from: settings.from,
    to,
    envelope: { from: mailbox(settings.from, "from").address, to: [to] },
    subject: form.subject,
    messageId: leadMailMessageId(settings.siteUrl, delivery.leadId),
    date: new Date(delivery.createdAt),
    headers: { "X-Lead-Id": delivery.leadId, "X-Lead-Form": form.id },
  };
  // The opening an application was for: a recruiter's title, not the visitor's words (and no personal data).
  const opening = delivery.openingTitle;
  if (!settings.personalData) {
    const forOpening = opening ? ` for the opening "${opening}"` : "";
    return {
      ...common,
      text: `${form.subject}\n\nA lead arrived through the ${form.id} form${forOpening} at ${received}.\nOpen it in the staff inbox: ${link}\n`,
      html: String(
        await html`<p>A lead arrived through the <b>${form.id}</b> form${opening ? html` for the opening <b>${opening}</b>` : ""} at ${received}.</p>
<p><a href="${link}">Open it in the staff inbox</a></p>`,
      ),
    };
  }
  const rows = [
    ...(opening ? [["Opening", opening] as const] : []),
    ...form.fields.flatMap((name) => {
      const value = delivery.fields[name];
      return value === undefined || value === "" ? [] : [[fieldLabelOf(form.id, name), value] as const];
    }),
  ];
  const text = [
    form.subject,
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(delivery.resume ? [`Resume: ${delivery.resume.name} (attached)`] : []),
    "",
    `Received: ${received}`,
    `Lead: ${link}`,
  ].join("\n");
  const body = await html`<h1>${form.subject}</h1>
<table>
${rows.map(([label, value]) => html`<tr><th align="left">${label}</th><td style="white-space:pre-wrap">${value}</td></tr>\n`)}</table>
<p>Received: ${received}<br><a href="${link}">Lead ${delivery.leadId}</a></p>`;
  const replyTo = delivery.fields.email;
  return {
    ...common,
    ...(replyTo && { replyTo }),
    text: `${text}\n`,
    html: String(body),
    ...(delivery.resume &&
      resume && {
        attachments: [
          {
            filename: delivery.resume.name,
            contentType: resume.type,
            content: Readable.from(resume.stream()),
          },
        ],
      }),
  };
}
