import { type ConfirmationCompany, firstNameOf } from "../../leads/confirmations.ts";
import { plainLine, plainText } from "../../leads/plain-text.ts";
import { buildStaffNotice, buildStaffReply, type MailSettings } from "../mail/outgoing-mail.ts";
import type { NewMail } from "../store/store-records.ts";

/**
 * The e-mails a nurse gets about her credential file, composed in one place: the request of her documents, a
 * renewed link, a rejected item, and a reminder before (or once after) a verified item expires. Each carries her
 * private link to /documents/<token>. Tokens are kept only as their hash, so a mail that needs a working link
 * (a rejection, a reminder after the link ran out) is sent with a renewed one: the caller opens it
 * (document-links.ts, requestDocuments) and passes its token here. The link's origin is SITE_URL, never a request
 * header. Mails are plain text (outgoing-mail.ts): an item's name and a recruiter's reason travel as text, cleaned
 * of controls, never as HTML, and nothing of them reaches a header but through its checks.
 */

export const DOCUMENT_MAIL_KINDS = ["request", "renewal", "rejection", "reminder"] as const;
export type DocumentMailKind = (typeof DOCUMENT_MAIL_KINDS)[number];

/** The longest item name a subject or a line carries. */
const ITEM_NAME_MAX = 100;
/** The longest reason a rejection mail quotes (the contract bounds it before: staff/credentials-api.ts). */
const REASON_MAX = 1000;

/** The private link as a nurse opens it. */
export interface DocumentLink {
  token: string;
  /** When it stops working (ms). */
  expiresAt: number;
}

export type DocumentMessageInput =
  /** The first link (after "Request documents"), or a new one that replaces it ("Renew link"). */
  | { kind: "request" | "renewal"; link: DocumentLink }
  /** "Reject" on an item: what was refused and why, and a working link to send it again. */
  | { kind: "rejection"; link: DocumentLink; itemName: string; reason: string }
  /**
   * A verified item's expiry (the daily sweep): `validThrough` is its last valid day (YYYY-MM-DD); `expired` says
   * whether that day has passed (the reminder once after) or is still ahead (30 and 7 days before).
   */
  | {
      kind: "reminder";
      link: DocumentLink;
      items: readonly { name: string; validThrough: string; expired: boolean }[];
    };

export interface DocumentMailContext {
  /** The public origin (config.site.url). */
  siteUrl: string;
  /** The lead's fields: the greeting's first name. */
  fields: Readonly<Record<string, string | undefined>>;
  company: ConfirmationCompany;
  /** The business time zone, in which dates are written; UTC if not given. */
  timeZone?: string;
}

/** The nurse's page for a token, on the site's configured origin. */
export const documentLinkOf = (siteUrl: string, token: string) =>
  `${new URL(siteUrl).origin}/documents/${encodeURIComponent(token)}`;

const itemName = (name: string) => plainLine(name, ITEM_NAME_MAX) || "An item";

/** "June 20, 2026": a day as the nurse reads it. */
const dayOf = (ms: number, timeZone = "UTC") =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone }).format(ms);
const isoDayOf = (day: string) => dayOf(Date.parse(`${day}T12:00:00Z`));

/** Subject and plain text of one document mail. */
export function composeDocumentMail(
  input: DocumentMessageInput,
  context: DocumentMailContext,
): { subject: string; text: string } {
  const { company } = context;
  const url = documentLinkOf(context.siteUrl, input.link.token);
  const until = `The link is private to you and works until ${dayOf(input.link.expiresAt, context.timeZone)}.`;
  const firstName = firstNameOf(context.fields);
  const body = ((): { subject: string; lines: string[] } => {
    switch (input.kind) {
      case "request":
        return {
          subject: "Your credential documents",
          lines: [
            "Before your first shift we need a few documents from you: your license, certifications, health",
            "records and references. You can send them from your phone, one at a time, on this page:",
          ],
        };
      case "renewal":
        return {
          subject: "A new link for your credential documents",
          lines: [
            "Here is a new link for sending your credential documents. The link we sent before no longer works.",
          ],
        };
      case "rejection": {
        const name = itemName(input.itemName);
        return {
          subject: `Please send your ${name} again`,
          lines: [
            `We could not accept the ${name} you sent. Our recruiter's reason:`,
            "",
            ...plainText(input.reason.slice(0, REASON_MAX * 2))
              .split("\n")
              .map((line) => `  ${line}`),
            "",
            "Please send it again on this page (the link we sent before no longer works):",
          ],
        };
      }
      case "reminder": {
        const expired = input.items.some((item) => item.expired);
        return {
          subject: expired ? "A credential of yours has expired" : "A credential of yours expires soon",
          lines: [
            ...input.items.map(
              (item) =>
                `- ${itemName(item.name)} ${item.expired ? "expired on" : "expires on"} ${isoDayOf(item.validThrough)}.`,
            ),
            "",
            "Please send the renewed document on this page so you can keep working shifts:",
          ],
        };
      }
    }
  })();
  const text = [
    firstName ? `Hello ${firstName},` : "Hello,",
    "",
    ...body.lines,
    "",
    url,
    "",
    until,
    `If you have a question, call us at ${company.phone}.`,
    "",
    company.name,
    company.phone,
  ].join("\n");
  return { subject: body.subject, text: `${text}\n` };
}

/**
 * A document mail ready for the mail outbox (queueMail). From a recruiter (`staff`: request, renewal,
 * rejection) it is sent as their reply on the lead's thread (kind "reply", its author the recruiter, Reply-To as
 * replies have it); without one (a reminder) as an automatic message (Auto-Submitted: auto-generated), on the
 * lead's thread too. Throws MailRefusal when the address or a header does not hold.
 */
export function documentMail(input: {
  id: string;
  leadId: string;
  to: string;
  message: { subject: string; text: string };
  staff: { id: string; name: string; email: string } | null;
  /** The lead's thread (store.mail.threadIds): a recruiter's mail follows it. */
  thread: readonly string[];
  settings: MailSettings;
  dedupeKey?: string;
}): NewMail {
  const { staff, message, settings } = input;
  const built = staff
    ? buildStaffReply({ to: input.to, ...message, staff, thread: input.thread, settings })
    : buildStaffNotice({ to: input.to, ...message, settings });
  return {
    id: input.id,
    kind: "reply",
    leadId: input.leadId,
    authorId: staff?.id ?? null,
    ...(input.dedupeKey !== undefined && { dedupeKey: input.dedupeKey }),
    to: String(built.message.to),
    subject: String(built.message.subject),
    text: String(built.message.text),
    envelope: built.envelope,
    messageId: built.messageId,
  };
}
