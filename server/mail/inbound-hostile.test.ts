import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { chunksOf, endlessMessage, replyFromPerson } from "../../test-support/inbound-mail.ts";
import { safeContentType, safeFileName } from "./inbound-fields.ts";
import {
  INBOUND_MAX_BYTES,
  INBOUND_MAX_PARTS,
  InboundMailError,
  readInboundMessage,
} from "./inbound-message.ts";

const read = async (raw: Buffer | string, options?: Parameters<typeof readInboundMessage>[1]) =>
  readInboundMessage(chunksOf(Buffer.from(raw)), options);

/** What the read was refused for, as the endpoint would answer it. */
async function refusal(reading: Promise<unknown>): Promise<{ problem: string; message: string }> {
  const error = await reading.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof InboundMailError))
    throw new Error(`Expected an InboundMailError, got ${String(error)}`);
  return { problem: error.problem, message: error.message };
}

describe("the size limit", () => {
  it("refuses a 50 MB body once past 10 MB, having read no more than one chunk beyond, and closes it", async () => {
    const { state, body } = endlessMessage(50 * 1024 * 1024);
    expect(await refusal(readInboundMessage(body))).toEqual({
      problem: "too_large",
      message: `The message is larger than ${INBOUND_MAX_BYTES} bytes.`,
    });
    expect(state.read).toBeGreaterThan(INBOUND_MAX_BYTES);
    expect(state.read).toBeLessThanOrEqual(INBOUND_MAX_BYTES + 64 * 1024);
    expect(state.closed).toBe(true);
  });

  it("cancels a web stream (a request's body) it refuses", async () => {
    let pulled = 0;
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 16 * 1024;
        controller.enqueue(
          pulled === 16 * 1024 ? Buffer.from("From: a@example.com\r\n\r\n") : new Uint8Array(16 * 1024),
        );
      },
      cancel() {
        cancelled = true;
      },
    });
    expect((await refusal(readInboundMessage(stream, { maxBytes: 1024 * 1024 }))).problem).toBe("too_large");
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThanOrEqual(1024 * 1024 + 4 * 16 * 1024);
  });

  it("takes a message of exactly the limit and refuses it one byte under", async () => {
    const raw = await replyFromPerson();
    await expect(read(raw, { maxBytes: raw.length })).resolves.toMatchObject({
      subject: "Re: Scheduling your demo",
    });
    expect((await refusal(read(raw, { maxBytes: raw.length - 1 }))).problem).toBe("too_large");
  });

  it("passes on the source's own failure as it is (an aborted request)", async () => {
    const aborted = new Error("aborted");
    async function* body() {
      yield Buffer.from("From: a@example.com\r\n\r\nHello");
      throw aborted;
    }
    await expect(readInboundMessage(body())).rejects.toBe(aborted);
  });
});

/**
 * Random bytes that cannot open a header field: plain random bytes start with one (a printable name and a colon)
 * about once in 450 draws, and are then read on as a message.
 */
const junk = (size: number) => {
  const bytes = randomBytes(size);
  bytes[0] = 0xff;
  return bytes;
};

describe("what is not a message", () => {
  it.each([
    ["an empty body", ""],
    ["binary junk", junk(64 * 1024)],
    ["text without headers", "Hello, I would like to apply.\n\nThanks"],
    ["an HTML page", "<!doctype html><html><body>Hi</body></html>"],
    ["an mbox separator first", "From ada@example.com Mon Jan  1 00:00:00 2025\r\nSubject: x\r\n\r\nbody"],
    ["a first line of 1,000 bytes with no colon", `${"x".repeat(1000)}: y\r\n\r\n`],
  ])("refuses %s at its first line", async (_, body) => {
    expect(await refusal(read(body))).toEqual({
      problem: "not_a_message",
      message: "The body does not start with a mail header.",
    });
  });

  it("refuses 50 MB of junk at its first chunk, reading nothing more", async () => {
    let read = 0;
    async function* endless() {
      for (;;) {
        read += 64 * 1024;
        yield junk(64 * 1024);
      }
    }
    expect((await refusal(readInboundMessage(endless()))).problem).toBe("not_a_message");
    expect(read).toBe(64 * 1024);
  });

  it.each([
    [
      "a header section with a line that is no field",
      "From: ada@example.com\r\nthis is no header\r\n\r\nbody",
    ],
  ])("refuses %s, whose header section is malformed", async (_, body) => {
    expect(await refusal(read(body))).toEqual({
      problem: "not_a_message",
      message: "The message's header section is malformed.",
    });
  });

  it.each([
    ["no From", "Subject: hello\r\n\r\nbody"],
    ["JSON (whose one line reads as a field)", '{"from":"ada@example.com"}'],
    ["a From without an address", "From: Ada Lovelace\r\nSubject: hello\r\n\r\nbody"],
    ["a From whose address is an encoded word", "From: =?utf-8?B?YUBiLmM=?= <=?utf-8?B?YUBiLmM=?=>\r\n\r\nx"],
  ])("refuses a message with %s", async (_, body) => {
    expect(await refusal(read(body))).toEqual({
      problem: "not_a_message",
      message: "The message has no sender address.",
    });
  });
});

describe("header injection from the sender", () => {
  it("reads an encoded subject or name hiding line breaks as one plain line", async () => {
    const crlf = (text: string) => `=?utf-8?B?${Buffer.from(text).toString("base64")}?=`;
    const raw = [
      `From: ${crlf("Ada\r\nBcc: eve@evil.example\u202e")} <ada@example.com>`,
      `Subject: ${crlf("Hi\r\nBcc: eve@evil.example\r\n\r\n<script>")}`,
      "",
      "body",
    ].join("\r\n");
    const mail = await read(raw);
    expect(mail.from).toEqual({ address: "ada@example.com", name: "Ada Bcc: eve@evil.example" });
    expect(mail.subject).toBe("Hi Bcc: eve@evil.example <script>");
  });

  it("bounds a subject of 200,000 characters and a display name of 50,000", async () => {
    const raw = `From: "${"N".repeat(50_000)}" <ada@example.com>\r\nSubject: ${"S".repeat(200_000)}\r\n\r\nbody`;
    const mail = await read(raw);
    expect(mail.subject).toBe("S".repeat(500));
    expect(mail.from.name).toBe("N".repeat(200));
  });

  it("refuses a header block over 256 KiB as not a message", async () => {
    const raw = `From: ada@example.com\r\nSubject: ${"S".repeat(300 * 1024)}\r\n\r\nbody`;
    expect((await refusal(read(raw))).problem).toBe("not_a_message");
  });

  it("drops control characters from the text, keeping its lines", async () => {
    const mail = await read("From: ada@example.com\r\n\r\nOne\u0000\u001b[2J\r\nTwo\u202e\r\n");
    expect(mail.text).toBe("One[2J\nTwo");
  });
});

describe("hostile MIME", () => {
  const multipart = (boundary: string, parts: string[]) =>
    `${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join("")}--${boundary}--\r\n`;

  it("reads multiparts nested 100 deep down to their text", async () => {
    let body = "Content-Type: text/plain\r\n\r\nDeep hello";
    for (let depth = 0; depth < 100; depth++)
      body = `Content-Type: multipart/mixed; boundary="b${depth}"\r\n\r\n${multipart(`b${depth}`, [body])}`;
    const mail = await read(`From: ada@example.com\r\n${body}`);
    expect(mail.text).toBe("Deep hello");
  });

  it(`refuses a message of more than ${INBOUND_MAX_PARTS} parts as not a message`, async () => {
    const parts = Array.from(
      { length: INBOUND_MAX_PARTS + 1 },
      (_, i) => `Content-Type: text/plain\r\n\r\npart ${i}`,
    );
    const raw = `From: ada@example.com\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n${multipart("b", parts)}`;
    expect((await refusal(read(raw))).problem).toBe("not_a_message");
  });

  it("reads a multipart without a boundary parameter, or whose boundary never comes, as a message", async () => {
    const noBoundary = await read(
      "From: ada@example.com\r\nContent-Type: multipart/mixed\r\n\r\n--x\r\n\r\nHello\r\n",
    );
    expect(noBoundary.from.address).toBe("ada@example.com");
    expect(noBoundary.attachments).toEqual([]);
    const neverComes = await read(
      'From: ada@example.com\r\nContent-Type: multipart/mixed; boundary="nope"\r\n\r\nHello there\r\n',
    );
    expect(neverComes).toMatchObject({ from: { address: "ada@example.com" }, attachments: [] });
  });

  it("reads a truncated message, its last part cut short, as far as it goes", async () => {
    const raw = (
      await replyFromPerson({ attachments: [{ filename: "a.bin", content: randomBytes(10_000) }] })
    ).subarray(0, 2_000);
    const mail = await read(raw);
    expect(mail.text).toBe("Tuesday works for me.\n\n> Does Tuesday at 10 suit you?");
  });
});

describe("attachment names and types", () => {
  it.each([
    ["../../etc/passwd", "passwd"],
    ["C:\\Windows\\evil.exe", "evil.exe"],
    ["...", "attachment"],
    [".bashrc", "bashrc"],
    ["résumé (final).pdf", "résumé (final).pdf"],
    ["a\r\nContent-Type: text\\html\u0000.html", "html.html"],
    ["a\r\nb\u0000c\u202e.txt", "a bc.txt"],
    ['"><script>alert(1).pdf', "___script_alert(1).pdf"],
    [undefined, "attachment"],
  ])("names %j as %j", (name, safe) => {
    expect(safeFileName(name)).toBe(safe);
  });

  it("keeps the extension of a name cut to 100 characters", () => {
    const name = safeFileName(`${"é".repeat(500)}.pdf`);
    expect(name).toBe(`${"é".repeat(96)}.pdf`);
  });

  it.each([
    ["application/PDF", "application/pdf"],
    ["text/html; charset=utf-8", "application/octet-stream"],
    ["text/html\r\nX-Evil: 1", "application/octet-stream"],
    ["nonsense", "application/octet-stream"],
    [undefined, "application/octet-stream"],
  ])("reads the type %j as %j", (type, safe) => {
    expect(safeContentType(type)).toBe(safe);
  });
});
