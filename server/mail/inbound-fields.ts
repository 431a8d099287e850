import type { AddressObject, EmailAddress, HeaderLines } from "mailparser";
import { atMost, plainLine } from "../../leads/plain-text.ts";
import { replyTokenOf } from "./message-ids.ts";

/** How the parts of an inbound message are read: every value is the sender's, so each is checked and bounded. */

export const SENDER_NAME_MAX = 200;
export const ADDRESS_MAX = 254;
export const SUBJECT_MAX = 500;
export const FILENAME_MAX = 100;

/** Mailboxes of an address header (one or repeated), groups opened up. */
export function mailboxesOf(header: AddressObject | AddressObject[] | undefined): EmailAddress[] {
  const objects = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return objects.flatMap((object) => object.value).flatMap((entry) => (entry.group ? entry.group : [entry]));
}

/** The address as plain text, or null unless it is one local@domain without spaces. */
export function addressOf(entry: EmailAddress): string | null {
  const address = plainLine(entry.address ?? "", ADDRESS_MAX + 1);
  return address.length <= ADDRESS_MAX && /^[^\s@<>]+@[^\s@<>]+$/.test(address) ? address : null;
}

/** The first reply+<token>@ address among the headers' mailboxes. */
export function replyTokenIn(headers: (AddressObject | AddressObject[] | undefined)[]): string | null {
  for (const header of headers)
    for (const entry of mailboxesOf(header)) {
      const token = replyTokenOf(entry.address ?? "");
      if (token) return token;
    }
  return null;
}

/** The Date header as written, or null when it is missing or no date (mailparser would say "now"). */
export function dateOf(lines: HeaderLines): Date | null {
  const line = lines.find((header) => header.key === "date")?.line ?? "";
  const time = Date.parse(line.slice(line.indexOf(":") + 1).trim());
  return Number.isNaN(time) ? null : new Date(time);
}

// RFC 5322's field-name: printable ASCII but the colon.
const FIELD_NAME = /^[\x21-\x39\x3b-\x7e]+$/;

/** Whether every header line mailparser read is a field (`name: value`), as in any message. */
export const isHeaderSection = (lines: HeaderLines): boolean =>
  lines.length > 0 && lines.every((header) => FIELD_NAME.test(header.key));

/** Whether these leading bytes open with a header field, as any message does: a name of printable ASCII and a colon. */
export const opensWithHeaderField = (head: string): boolean => /^[\x21-\x39\x3b-\x7e]+[ \t]*:/.test(head);

/**
 * A file name to list and to download under: its last path segment, letters, digits and `._-()` and spaces
 * only, not starting with a dot, at most FILENAME_MAX characters with its extension kept; "attachment" if
 * nothing is left.
 */
export function safeFileName(name: string | undefined): string {
  const segment = (name ?? "").replaceAll("\\", "/").split("/").at(-1) ?? "";
  const base = plainLine(segment, segment.length)
    .normalize("NFC")
    .replace(/[^\p{L}\p{M}\p{N} ._()-]/gu, "_")
    .replace(/^[.\s]+/, "")
    .trim();
  if (base === "") return "attachment";
  const extension = /\.[\p{L}\p{N}]{1,10}$/u.exec(base)?.[0] ?? "";
  return atMost(base, FILENAME_MAX) === base
    ? base
    : `${atMost(base.slice(0, base.length - extension.length), FILENAME_MAX - extension.length).trim()}${extension}`;
}

/** A media type as `type/subtype`, lower-cased; anything else (parameters, junk) reads as octet-stream. */
export function safeContentType(type: string | undefined): string {
  const value = (type ?? "").trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,62}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/.test(value)
    ? value
    : "application/octet-stream";
}

/** The subject as one plain line of at most SUBJECT_MAX characters. */
export const subjectOf = (subject: string | undefined): string => plainLine(subject ?? "", SUBJECT_MAX);

/** The display name as one plain line. */
export const senderNameOf = (entry: EmailAddress): string => plainLine(entry.name, SENDER_NAME_MAX);
