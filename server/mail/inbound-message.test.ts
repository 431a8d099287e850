import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { chunksOf, replyFromPerson } from "../../test-support/inbound-mail.ts";
import { readInboundMessage } from "./inbound-message.ts";

const TOKEN = "0123456789abcdef0123456789abcdef";
const read = async (raw: Buffer | Promise<Buffer>, chunk?: number) =>
  readInboundMessage(chunksOf(await raw, chunk));
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe("readInboundMessage", () => {
  it("reads a plain reply: ids, thread, sender, subject, date and text", async () => {
    expect(await read(replyFromPerson())).toEqual({
      messageId: "<CAF-reply-1@mail.example.com>",
      inReplyTo: [`<${TOKEN}@example.org>`],
      references: [`<${TOKEN}@example.org>`],
      replyToken: null,
      from: { address: "ada@example.com", name: "Ada Lovelace" },
      subject: "Re: Scheduling your demo",
      date: new Date("2025-03-04T10:20:30Z"),
      text: "Tuesday works for me.\n\n> Does Tuesday at 10 suit you?",
      textFrom: "plain",
      attachments: [],
    });
  });

  it("reads the message the same however its bytes are chunked", async () => {
    const raw = await replyFromPerson();
    expect(await read(raw, 1)).toEqual(await read(raw));
  });

  it("finds a reply+<token> address among To, Cc and Delivered-To", async () => {
    const to = await read(replyFromPerson({ to: `"Northwind" <reply+${TOKEN}@replies.example.org>` }));
    expect(to.replyToken).toBe(TOKEN);
    const cc = await read(
      replyFromPerson({ cc: ["sam@example.org", `Team: reply+${TOKEN.toUpperCase()}@x.org;`] }),
    );
    expect(cc.replyToken).toBe(TOKEN);
    const forwarded = await read(
      replyFromPerson({ headers: { "Delivered-To": `reply+${TOKEN}@replies.example.org` } }),
    );
    expect(forwarded.replyToken).toBe(TOKEN);
    expect((await read(replyFromPerson({ to: `ada+${TOKEN}@example.org` }))).replyToken).toBeNull();
  });

  it("takes the text part of multipart/alternative and keeps nothing of the HTML", async () => {
    const mail = await read(
      replyFromPerson({ text: "Plain words.", html: "<p>HTML words <script>alert(1)</script></p>" }),
    );
    expect(mail.text).toBe("Plain words.");
    expect(mail.textFrom).toBe("plain");
    expect(JSON.stringify(mail)).not.toMatch(/HTML words|<p>|script/);
  });

  it("turns an HTML-only body into text with none of its markup, scripts or event handlers", async () => {
    const html = `<div onmouseover="steal()"><p>Tuesday <b>works</b>.</p><script>alert(document.cookie)</script>
<img src="cid:x" onerror="alert(1)"><a href="javascript:alert(2)" onclick="alert(3)">click</a>
<style>body{background:url(https://tracker.example/)}</style><p>&lt;b&gt;literal&lt;/b&gt;</p></div>`;
    const mail = await read(replyFromPerson({ text: undefined, html }));
    expect(mail.textFrom).toBe("html-converted");
    expect(mail.text).toBe("Tuesday works.\n\nclick [javascript:alert(2)]\n\n<b>literal</b>");
    expect(mail.text).not.toMatch(/steal|onerror|onclick|onmouseover|cookie|tracker|<script|<img|<div|<p>/);
  });

  it("says when a message has no body at all", async () => {
    const mail = await read(replyFromPerson({ text: undefined }));
    expect(mail).toMatchObject({ text: "", textFrom: "none" });
  });

  it("lists attachments with a safe name, their type, size and SHA-256, and their bytes", async () => {
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(3000, 0xff)]);
    const mail = await read(
      replyFromPerson({
        attachments: [
          { filename: "C:\\Users\\ada\\My CV <final>.pdf", content: pdf, contentType: "application/pdf" },
          { filename: "../../etc/passwd", content: "root:x:0:0", contentType: "text/plain" },
          { filename: ".htaccess", content: "x", contentType: "application/x-evil; boundary=<script>" },
          { filename: `${"n".repeat(300)}.docx`, content: "d", contentType: "Application/MSWord" },
          { content: Buffer.from([0, 1, 2]), contentType: "application/octet-stream", filename: false },
        ],
      }),
    );
    expect(mail.attachments.map(({ content, ...rest }) => rest)).toEqual([
      {
        filename: "My CV _final_.pdf",
        contentType: "application/pdf",
        size: pdf.length,
        sha256: sha256(pdf),
      },
      { filename: "passwd", contentType: "text/plain", size: 10, sha256: sha256(Buffer.from("root:x:0:0")) },
      { filename: "htaccess", contentType: "application/x-evil", size: 1, sha256: sha256(Buffer.from("x")) },
      {
        filename: `${"n".repeat(95)}.docx`,
        contentType: "application/msword",
        size: 1,
        sha256: sha256(Buffer.from("d")),
      },
      {
        filename: "attachment",
        contentType: "application/octet-stream",
        size: 3,
        sha256: sha256(Buffer.from([0, 1, 2])),
      },
    ]);
    expect(mail.attachments[0]?.content.equals(pdf)).toBe(true);
    expect(mail.text).toBe("Tuesday works for me.\n\n> Does Tuesday at 10 suit you?");
  });

  it.each(["quoted-printable", "base64"])("decodes a %s body", async (textEncoding) => {
    const text = `Grüße aus Köln – ${"long line ".repeat(30)}\n日本語 😀`;
    const mail = await read(replyFromPerson({ text, textEncoding: textEncoding as "base64" }));
    expect(mail.text).toBe(text.trimEnd());
  });

  it.each([
    ["ISO-8859-1", Buffer.from("Grüße aus Köln", "latin1"), "Grüße aus Köln"],
    ["windows-1252", Buffer.from([0x93, 0x48, 0x69, 0x94, 0x20, 0x80, 0x35]), "\u201cHi\u201d €5"],
    ["Shift_JIS", Buffer.from([0x93, 0xfa, 0x96, 0x7b]), "日本"],
  ])("decodes a %s body and a subject in encoded words of that charset", async (charset, bytes, text) => {
    const mail = await read(
      replyFromPerson({
        text: undefined,
        subject: undefined,
        headers: { Subject: { prepared: true, value: "Re: =?ISO-8859-1?Q?Gr=FC=DFe?=" } },
        alternatives: [{ content: bytes, contentType: `text/plain; charset=${charset}` }],
      }),
    );
    expect(mail.subject).toBe("Re: Grüße");
    expect(mail.text).toBe(text);
  });

  it("leaves UTF-7 undecoded, so +ADw-script+AD4- never becomes markup", async () => {
    const mail = await read(
      replyFromPerson({
        text: undefined,
        alternatives: [
          { content: "+ADw-script+AD4-alert(1)+ADw-/script+AD4-", contentType: "text/plain; charset=utf-7" },
        ],
      }),
    );
    expect(mail.text).toBe("+ADw-script+AD4-alert(1)+ADw-/script+AD4-");
  });

  it("keeps a missing or unreadable Date and a malformed Message-ID as null, not as now", async () => {
    const raw = Buffer.from("From: ada@example.com\r\nDate: someday\r\nMessage-ID: not an id\r\n\r\nHi\r\n");
    expect(await read(raw)).toMatchObject({ date: null, messageId: null, subject: "", text: "Hi" });
    expect((await read(Buffer.from("From: ada@example.com\r\n\r\nHi"))).date).toBeNull();
  });

  it("bounds In-Reply-To and References, keeping the thread's root and nearest ids", async () => {
    const ids = Array.from({ length: 500 }, (_, i) => `<m${i}@example.org>`);
    const mail = await read(replyFromPerson({ inReplyTo: ids.slice(0, 20).join(" "), references: ids }));
    expect(mail.inReplyTo).toEqual([ids[0], ...ids.slice(16, 20)]);
    expect(mail.references).toHaveLength(50);
    expect(mail.references[0]).toBe("<m0@example.org>");
    expect(mail.references.at(-1)).toBe("<m499@example.org>");
  });
});
