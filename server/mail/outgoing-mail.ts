import type { SendMailOptions } from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer";
import type { ConfirmationMessage } from "../../leads/confirmations.ts";
import { plainText } from "../../leads/plain-text.ts";
import { REPLY_SUBJECT_MAX, REPLY_TEXT_MAX } from "../../staff/reply-templates.ts";
import {
  bareAddress,
  codePoints,
  domainOf,
  headerLine,
  type Mailbox,
  MailRefusal,
  mailbox,
} from "../checks/mail-checks.ts";
import type { MailEnvelope } from "../store/store-records.ts";
import { messageIdFor, newMessageToken, replyAddressFor, threadHeaders } from "./message-ids.ts";

/**
 * The messages the server sends a person, built but not sent: the outbox's smtp delivery sends
 * `message` with Nodemailer, or `composeRaw` turns it into RFC 822 bytes. Plain text only: nothing typed by
 * anyone travels as HTML.
 */

export interface MailSettings {
  /** MAIL_FROM: every message's From. */
  from: string;
  /** REPLY_TO: a shared mailbox replies go to, instead of the staff member's own. */
  replyTo?: string;
  /** Replies go to `reply+<token>@replyDomain` (plus-addressing), ahead of REPLY_TO, so each names its message. */
  replyDomain?: string;
}

export interface BuiltMail {
  /** The random token of this message: its Message-ID's left side and its reply address's tag. */
  token: string;
  /** The Message-ID to record beside the lead, angle brackets included. */
  messageId: string;
  message: SendMailOptions;
  /** Its checked headers, as the mail outbox stores them to send every attempt alike. */
  envelope: MailEnvelope;
}

/** What `built` makes a message of: checked already. */
interface MessageParts {
  to: string;
  replyTo?: Mailbox | undefined;
  subject: string;
  text: string;
  headers?: Record<string, string>;
  inReplyTo?: string;
  references?: string[];
}

/** RFC 3834: an automatic answer, which vacation responders and ticket systems must not answer in turn. */
export const AUTO_REPLY_HEADERS = {
  "Auto-Submitted": "auto-replied",
  // Exchange and Outlook read this one instead.
  "X-Auto-Response-Suppress": "All",
} as const;

/** The confirmation of a lead, to the address it gave. */
export function buildConfirmation(input: {
  to: string;
  confirmation: ConfirmationMessage;
  settings: MailSettings;
  /** The token recorded when the message was queued, so that every attempt sends the same Message-ID. */
  token?: string;
}): BuiltMail {
  const { settings } = input;
  const from = mailbox(settings.from, "from");
  const to = bareAddress(input.to, "to");
  const token = input.token ?? newMessageToken();
  const replyTo = settings.replyDomain
    ? { name: from.name, address: plusAddress(token, settings.replyDomain) }
    : settings.replyTo
      ? mailbox(settings.replyTo, "replyTo")
      : undefined;
  return built(token, from, {
    to,
    replyTo,
    subject: headerLine(input.confirmation.subject, "subject", REPLY_SUBJECT_MAX),
    text: input.confirmation.text,
    headers: { ...AUTO_REPLY_HEADERS },
  });
}

/**
 * A staff member's reply to a lead: From MAIL_FROM, Reply-To the plus-address, REPLY_TO or the staff member,
 * threaded after `thread` (the lead's earlier Message-IDs, sent and received, oldest first). Refuses a subject
 * or an address with a line break and a message over REPLY_TEXT_MAX characters, with a MailRefusal.
 */
export function buildStaffReply(input: {
  to: string;
  subject: string;
  text: string;
  staff: { name: string; email: string };
  thread: readonly string[];
  settings: MailSettings;
  token?: string;
}): BuiltMail {
  const { settings, staff } = input;
  const from = mailbox(settings.from, "from");
  const to = bareAddress(input.to, "to");
  const subject = headerLine(input.subject, "subject", REPLY_SUBJECT_MAX);
  const text = plainText(input.text);
  if (text.trim() === "") throw new MailRefusal("text", "is empty.");
  if (codePoints(text) > REPLY_TEXT_MAX)
    throw new MailRefusal("text", `is longer than ${REPLY_TEXT_MAX.toLocaleString("en-US")} characters.`);
  const name = staff.name.trim() === "" ? "" : headerLine(staff.name, "name", 100);
  const token = input.token ?? newMessageToken();
  const replyTo: Mailbox = settings.replyDomain
    ? { name, address: plusAddress(token, settings.replyDomain) }
    : settings.replyTo
      ? mailbox(settings.replyTo, "replyTo")
      : { name, address: bareAddress(staff.email, "replyTo") };
  return built(token, from, { to, replyTo, subject, text: `${text}\n`, ...threadHeaders(input.thread) });
}

/**
 * A notice to a staff member about a lead (an assignment): From MAIL_FROM, marked automatic (RFC 3834
 * "auto-generated": nobody answers it), threaded with nothing.
 */
export function buildStaffNotice(input: {
  to: string;
  subject: string;
  text: string;
  settings: Pick<MailSettings, "from">;
}): BuiltMail {
  return built(newMessageToken(), mailbox(input.settings.from, "from"), {
    to: bareAddress(input.to, "to"),
    subject: headerLine(input.subject, "subject", REPLY_SUBJECT_MAX),
    text: `${plainText(input.text)}\n`,
    headers: { ...AUTO_REPLY_HEADERS, "Auto-Submitted": "auto-generated" },
  });
}

/** The reply+<token>@ address, checked like any other: a reply domain with a line break goes no further. */
const plusAddress = (token: string, domain: string) => bareAddress(replyAddressFor(token, domain), "replyTo");

function built(token: string, from: Mailbox, parts: MessageParts): BuiltMail {
  const messageId = messageIdFor(token, domainOf(from));
  const { to, subject, text, ...headers } = parts;
  const envelope: MailEnvelope = {
    from,
    ...(headers.replyTo && { replyTo: headers.replyTo }),
    ...(headers.headers && { headers: headers.headers }),
    ...(headers.inReplyTo && { inReplyTo: headers.inReplyTo }),
    ...(headers.references && { references: headers.references }),
  };
  return { token, messageId, envelope, message: messageOf({ to, subject, text, messageId, envelope }) };
}

/**
 * The message Nodemailer sends, from what the mail outbox stored: every attempt the same. The SMTP envelope is
 * set, never derived from the headers: its sender is MAIL_FROM's address whatever Reply-To a message carries.
 */
export function messageOf(mail: {
  to: string;
  subject: string;
  text: string;
  messageId: string;
  envelope: MailEnvelope;
}): SendMailOptions {
  return {
    ...mail.envelope,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    messageId: mail.messageId,
    envelope: { from: mail.envelope.from.address, to: [mail.to] },
    // Nothing in a message may make Nodemailer read a file or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** The message as RFC 822 bytes, as an SMTP server receives it. */
export function composeRaw(message: SendMailOptions): Promise<Buffer> {
  return new MailComposer(message).compile().build();
}
