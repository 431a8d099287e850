import { randomBytes } from "node:crypto";

/**
 * How the server's messages to a person thread, and how a reply finds its lead again.
 *
 * Every message the server sends gets a fresh token in lower-case hex, the time in milliseconds (12 digits) then
 * 128 random bits (32 digits): the Message-ID is
 * `<token@MAIL_FROM's domain>`, and with a reply domain configured the Reply-To is `reply+token@that domain`.
 * The server records each Message-ID beside its lead, so one lookup maps both an In-Reply-To/References id
 * and a plus-address token (through `messageIdFor(token, domain)`) to the lead. Lead ids are names, never
 * secrets (server/store/ids.ts); a token is unguessable, so nobody can thread mail into a lead they never got
 * a message from.
 */

/**
 * Tokens lead with the time so the Message-IDs the store indexes arrive in order: a random one put each message's
 * index entry on a page of its own, and the lead's commit wrote that page (decision 024). The 32-digit tokens of
 * messages sent before then stay valid.
 */
const TOKEN = /^(?:[0-9a-f]{12})?[0-9a-f]{32}$/;

/** Random bytes drawn 256 tokens at a time: a CSPRNG call per token showed in a confirmation's profile. */
const TOKEN_BYTES = 16;
let pool = Buffer.alloc(0);
let poolOffset = 0;

export const newMessageToken = (): string => {
  if (poolOffset >= pool.length) {
    pool = randomBytes(TOKEN_BYTES * 256);
    poolOffset = 0;
  }
  const token =
    Date.now().toString(16).padStart(12, "0") + pool.toString("hex", poolOffset, poolOffset + TOKEN_BYTES);
  // Each byte serves one token only.
  poolOffset += TOKEN_BYTES;
  return token;
};

export const isMessageToken = (value: string): boolean => TOKEN.test(value);

/** The Message-ID of the message with this token, angle brackets included (as Nodemailer and mailparser write it). */
export function messageIdFor(token: string, domain: string): string {
  if (!isMessageToken(token)) throw new Error("Not a message token");
  return `<${token}@${domain}>`;
}

/** The token of one of our Message-IDs; null for anyone else's. */
export function tokenOfMessageId(messageId: string): string | null {
  const token = /^<([0-9a-f]+)@[^<>@\s]+>$/.exec(messageId)?.[1];
  return token && isMessageToken(token) ? token : null;
}

/** The plus-address a reply to this message goes to, on the configured reply domain. */
export function replyAddressFor(token: string, domain: string): string {
  if (!isMessageToken(token)) throw new Error("Not a message token");
  return `reply+${token}@${domain}`;
}

/** The token of a `reply+<token>@...` address (any case, as some servers fold it); null for any other address. */
export function replyTokenOf(address: string): string | null {
  const token = /^reply\+([0-9a-f]+)@[^@\s]+$/i.exec(address.trim())?.[1]?.toLowerCase();
  return token && isMessageToken(token) ? token : null;
}

/** RFC 5322 bounds a line to 998 characters; a Message-ID worth keeping is far shorter. */
export const MESSAGE_ID_MAX = 250;

// A msg-id's inside: printable ASCII around one @, no angle brackets (RFC 5322 3.6.4, obsolete forms read alike).
const MESSAGE_ID_INSIDE = /^[\x21-\x3b\x3d\x3f-\x7e]+@[\x21-\x3b\x3d\x3f-\x7e]+$/;

/**
 * The Message-IDs a header value lists, as `<left@right>`, at most `max` of them: the first (a thread's root)
 * and the last `max - 1` (the nearest), as RFC 5322 suggests trimming References. Anything else in the value
 * (comments, words, malformed or overlong ids) is dropped, as are repeats.
 */
export function messageIdsIn(value: string | readonly string[] | undefined, max: number): string[] {
  const text = typeof value === "string" ? value : (value ?? []).join(" ");
  const ids: string[] = [];
  for (const [, inside = ""] of text.matchAll(/<([^<>]*)>/g)) {
    const id = inside.replace(/\s+/g, "");
    if (id.length <= MESSAGE_ID_MAX && MESSAGE_ID_INSIDE.test(id)) ids.push(`<${id}>`);
  }
  const unique = [...new Set(ids)];
  if (unique.length <= max) return unique;
  return max > 1 ? [...unique.slice(0, 1), ...unique.slice(1 - max)] : unique.slice(0, max);
}

/** The most References an outgoing message carries. */
export const REFERENCES_MAX = 20;

/**
 * In-Reply-To and References for a message that follows `previous` (the lead's earlier Message-IDs, sent and
 * received, oldest first): it answers the latest, and references the thread's root and its nearest messages.
 */
export function threadHeaders(previous: readonly string[]): { inReplyTo?: string; references?: string[] } {
  const references = messageIdsIn(previous, REFERENCES_MAX);
  const inReplyTo = references.at(-1);
  return inReplyTo ? { inReplyTo, references } : {};
}

/**
 * The Message-IDs an inbound message may answer, the likeliest first: In-Reply-To, then References from the
 * newest, then the message its plus-address token names on `domain` (MAIL_FROM's). The first one the store
 * recorded names the lead.
 */
export function repliedMessageIds(
  message: { inReplyTo: readonly string[]; references: readonly string[]; replyToken: string | null },
  domain: string,
): string[] {
  const fromToken = message.replyToken ? [messageIdFor(message.replyToken, domain)] : [];
  return [...new Set([...message.inReplyTo, ...[...message.references].reverse(), ...fromToken])];
}
