import type { SendMailOptions } from "nodemailer";
import { composeRaw } from "../server/mail/outgoing-mail.ts";

/** A person's reply as their mail client would write it, composed by Nodemailer: RFC 822 bytes. */
export function replyFromPerson(overrides: SendMailOptions = {}): Promise<Buffer> {
  return composeRaw({
    from: '"Ada Lovelace" <ada@example.com>',
    to: "leads@example.org",
    subject: "Re: Scheduling your demo",
    messageId: "<CAF-reply-1@mail.example.com>",
    inReplyTo: "<0123456789abcdef0123456789abcdef@example.org>",
    references: ["<0123456789abcdef0123456789abcdef@example.org>"],
    date: new Date("2025-03-04T10:20:30Z"),
    text: "Tuesday works for me.\n\n> Does Tuesday at 10 suit you?\n",
    ...overrides,
  });
}

/** The bytes in chunks of `size`, as a request body arrives. */
export async function* chunksOf(bytes: Buffer, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/**
 * A body of `total` bytes that opens like a message and goes on with text, generated as it is read, counting
 * what was read and whether the reader let go of it.
 */
export function endlessMessage(total: number, chunk = 64 * 1024) {
  const state = { read: 0, closed: false };
  async function* body(): AsyncGenerator<Uint8Array> {
    try {
      const line = Buffer.from(`${"x".repeat(76)}\r\n`);
      const filler = Buffer.alloc(chunk, line.toString().repeat(Math.ceil(chunk / line.length)));
      const head = Buffer.from("From: ada@example.com\r\nSubject: big\r\n\r\n");
      state.read += head.length;
      yield head;
      while (state.read < total) {
        state.read += filler.length;
        yield filler;
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, body: body() };
}
