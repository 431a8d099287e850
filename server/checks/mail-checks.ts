import addressparser from "nodemailer/lib/addressparser";
import { z } from "zod";

/**
 * The checks a header value passes before it is put into a message we send. Nodemailer encodes what it is
 * given, but a line break in a subject or an address is refused outright, with words the API answers 422 with
 * and the composer shows, rather than sent folded into something nobody wrote.
 */

export type MailField = "from" | "replyTo" | "to" | "name" | "subject" | "text";

const FIELD_NAMES: Record<MailField, string> = {
  from: "The sender's address (MAIL_FROM)",
  replyTo: "The reply-to address",
  to: "The recipient's address",
  name: "The sender's name",
  subject: "The subject",
  text: "The message",
};

/** A message the server will not build, and why, naming the field. */
export class MailRefusal extends Error {
  override name = "MailRefusal";
  readonly field: MailField;
  constructor(field: MailField, problem: string) {
    super(`${FIELD_NAMES[field]} ${problem}`);
    this.field = field;
  }
}

const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point.
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** A header's text: one line, no control character, trimmed, 1 to `max` characters (code points). */
export function headerLine(value: string, field: MailField, max: number): string {
  if (LINE_BREAK.test(value)) throw new MailRefusal(field, "must be a single line.");
  if (CONTROL.test(value)) throw new MailRefusal(field, "contains a control character.");
  const line = value.replace(/\t/g, " ").trim();
  if (line === "") throw new MailRefusal(field, "is empty.");
  if (codePoints(line) > max)
    throw new MailRefusal(field, `is longer than ${max.toLocaleString("en-US")} characters.`);
  return line;
}

export const codePoints = (value: string): number => {
  let count = 0;
  for (const _ of value) count++;
  return count;
};

// Built once: building a zod schema costs more than using it (decision 024 has a confirmation's profile).
const EMAIL = z.email();
const isEmail = (address: string) => EMAIL.safeParse(address).success;

export interface Mailbox {
  name: string;
  address: string;
}

/** Mailboxes already checked, by field and value: MAIL_FROM and REPLY_TO are parsed once, not once per message. */
const checkedMailboxes = new Map<string, Mailbox>();
const CHECKED_MAILBOXES_MAX = 64;

/** One mailbox, `address` or `Name <address>`; a list, a group or anything not an address is refused. */
export function mailbox(value: string, field: MailField): Mailbox {
  const key = `${field}\n${value}`;
  const checked = checkedMailboxes.get(key);
  if (checked) return { ...checked };
  const box = parseMailbox(value, field);
  if (checkedMailboxes.size >= CHECKED_MAILBOXES_MAX) checkedMailboxes.clear();
  checkedMailboxes.set(key, box);
  return { ...box };
}

function parseMailbox(value: string, field: MailField): Mailbox {
  const line = headerLine(value, field, 500);
  const parsed = addressparser(line);
  const [only] = parsed;
  if (parsed.length !== 1 || !only || only.group || !isEmail(only.address))
    throw new MailRefusal(field, "must be one e-mail address.");
  return { name: only.name, address: only.address };
}

/** A bare address (the person's, as the lead's e-mail field holds it). */
export function bareAddress(value: string, field: MailField): string {
  const line = headerLine(value, field, 254);
  if (!isEmail(line)) throw new MailRefusal(field, "must be one e-mail address.");
  return line;
}

/** The domain of a mailbox's address, lower-cased: the right side of the Message-IDs sent from it. */
export function domainOf(box: Mailbox): string {
  return box.address.slice(box.address.lastIndexOf("@") + 1).toLowerCase();
}
