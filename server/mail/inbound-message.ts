import { Readable } from "node:stream";
import { type ParsedMail, simpleParser } from "mailparser";
import { plainText } from "../../leads/plain-text.ts";
import { type HtmlTextOutcome, htmlToPlainText } from "./html-text.ts";
import {
  addressOf,
  dateOf,
  isHeaderSection,
  mailboxesOf,
  opensWithHeaderField,
  replyTokenIn,
  safeContentType,
  safeFileName,
  senderNameOf,
  subjectOf,
} from "./inbound-fields.ts";
import { messageIdsIn } from "./message-ids.ts";

/**
 * A reply from a person, as `POST /api/inbound/email` receives it (Content-Type: message/rfc822): read from a
 * stream under a size limit, parsed with mailparser, and reduced to plain values. Nothing of it is kept as
 * HTML, and every value is bounded.
 */

/** The largest message taken, in bytes (the endpoint answers 413 past it). */
export const INBOUND_MAX_BYTES = 10 * 1024 * 1024;
/** The most MIME parts a message may have, and the largest header block of one part. */
export const INBOUND_MAX_PARTS = 200;
export const INBOUND_MAX_HEAD_BYTES = 256 * 1024;
export const IN_REPLY_TO_MAX = 5;
export const REFERENCES_READ_MAX = 50;

/** too_large: over the limit (413); not_a_message: no header section, no sender, unparsable MIME (400). */
export type InboundProblem = "too_large" | "not_a_message";

export class InboundMailError extends Error {
  override name = "InboundMailError";
  readonly problem: InboundProblem;
  constructor(problem: InboundProblem, message: string) {
    super(message);
    this.problem = problem;
  }
}

export interface InboundAttachment {
  filename: string;
  contentType: string;
  size: number;
  /** Hex SHA-256 of the content. */
  sha256: string;
  content: Buffer;
}

export interface InboundMessage {
  /** `<left@right>`, or null when the message has none worth keeping. */
  messageId: string | null;
  inReplyTo: string[];
  /** The thread's root and its nearest messages, oldest first. */
  references: string[];
  /** The token of a reply+<token>@ address among To, Cc and Delivered-To. */
  replyToken: string | null;
  from: { address: string; name: string };
  subject: string;
  /** The Date header, or null when it is missing or no date. */
  date: Date | null;
  /** The body as plain text: the text part, or the HTML part converted. */
  text: string;
  /** plain: a text part; html: converted from HTML (truncated or failed: see HtmlTextOutcome); none: no body. */
  textFrom: "plain" | "none" | `html-${HtmlTextOutcome}`;
  attachments: InboundAttachment[];
}

/** Reads and parses one message; rejects with an InboundMailError, or with the source's own error as it is. */
export async function readInboundMessage(
  source: AsyncIterable<Uint8Array>,
  options: { maxBytes?: number; htmlTimeoutMs?: number } = {},
): Promise<InboundMessage> {
  const reading = { sourceError: undefined as unknown };
  const input = Readable.from(bounded(source, options.maxBytes ?? INBOUND_MAX_BYTES, reading), {
    objectMode: false,
  });
  let mail: ParsedMail;
  try {
    mail = await simpleParser(input, {
      skipHtmlToText: true,
      skipTextToHtml: true,
      skipImageLinks: true,
      keepCidLinks: true,
      checksumAlgo: "sha256",
      maxChildNodes: INBOUND_MAX_PARTS,
      maxHeadSize: INBOUND_MAX_HEAD_BYTES,
    });
  } catch (error) {
    if (error instanceof InboundMailError || error === reading.sourceError) throw error;
    throw new InboundMailError("not_a_message", "The message could not be parsed as MIME.");
  } finally {
    // Whatever stopped the parse, the source is read no further.
    input.destroy();
  }
  return inboundMessageOf(mail, options.htmlTimeoutMs);
}

/** Passes the source on, refusing it once it is over `maxBytes` or when its first line is no header field. */
async function* bounded(
  source: AsyncIterable<Uint8Array>,
  maxBytes: number,
  reading: { sourceError: unknown },
) {
  let total = 0;
  let head: Buffer[] | null = [];
  try {
    for await (const chunk of source) {
      total += chunk.byteLength;
      if (total > maxBytes)
        throw new InboundMailError("too_large", `The message is larger than ${maxBytes} bytes.`);
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      if (!head) {
        yield bytes;
        continue;
      }
      head.push(bytes);
      const opening = Buffer.concat(head);
      // Decide on the first line, or on 1,000 bytes (RFC 5322's line limit) without a line break.
      if (opening.indexOf(0x0a) === -1 && opening.length < 1000) continue;
      checkOpening(opening);
      head = null;
      yield opening;
    }
  } catch (error) {
    if (!(error instanceof InboundMailError)) reading.sourceError = error;
    throw error;
  }
  if (head) {
    checkOpening(Buffer.concat(head));
    yield Buffer.concat(head);
  }
}

function checkOpening(opening: Buffer) {
  if (!opensWithHeaderField(opening.subarray(0, 1000).toString("latin1")))
    throw new InboundMailError("not_a_message", "The body does not start with a mail header.");
}

async function inboundMessageOf(mail: ParsedMail, htmlTimeoutMs?: number): Promise<InboundMessage> {
  if (!isHeaderSection(mail.headerLines ?? []))
    throw new InboundMailError("not_a_message", "The message's header section is malformed.");
  const sender = mailboxesOf(mail.from).find((entry) => addressOf(entry) !== null);
  const address = sender && addressOf(sender);
  if (!sender || !address) throw new InboundMailError("not_a_message", "The message has no sender address.");
  const deliveredTo = mail.headers.get("delivered-to") as ParsedMail["to"];
  return {
    messageId: messageIdsIn(mail.messageId, 1)[0] ?? null,
    inReplyTo: messageIdsIn(mail.inReplyTo, IN_REPLY_TO_MAX),
    references: messageIdsIn(mail.references, REFERENCES_READ_MAX),
    replyToken: replyTokenIn([mail.to, mail.cc, deliveredTo]),
    from: { address, name: senderNameOf(sender) },
    subject: subjectOf(mail.subject),
    date: dateOf(mail.headerLines),
    ...(await bodyOf(mail, htmlTimeoutMs)),
    attachments: mail.attachments.map((attachment) => ({
      filename: safeFileName(attachment.filename),
      contentType: safeContentType(attachment.contentType),
      size: attachment.content.length,
      sha256: attachment.checksum,
      content: attachment.content,
    })),
  };
}

/** The text part when there is one with words, else the HTML part as text (in a worker, under a deadline). */
async function bodyOf(
  mail: ParsedMail,
  htmlTimeoutMs?: number,
): Promise<Pick<InboundMessage, "text" | "textFrom">> {
  if (mail.text?.trim()) return { text: plainText(mail.text), textFrom: "plain" };
  if (!mail.html) return { text: "", textFrom: "none" };
  const { text, outcome } = await htmlToPlainText(mail.html, { timeoutMs: htmlTimeoutMs });
  return { text: plainText(text), textFrom: `html-${outcome}` };
}
