import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { readSiteConfig } from "../../config/site.ts";
import { confirmationFor } from "../../leads/confirmations.ts";
import { REPLY_TEXT_MAX } from "../../staff/reply-templates.ts";
import { startSmtpSink } from "../../test-support/smtp-sink.ts";
import { cleanupsAfterEach } from "../../test-support/vitest-fixtures.ts";
import { MailRefusal } from "../checks/mail-checks.ts";
import { tokenOfMessageId } from "./message-ids.ts";
import { buildConfirmation, buildStaffReply, composeRaw, type MailSettings } from "./outgoing-mail.ts";
import { smtpTransport } from "./smtp-transport.ts";

const SETTINGS: MailSettings = { from: "Northwind Health <leads@example.org>" };
const STAFF = { name: "Sam Rivera", email: "sam@example.org" };
const confirmation = confirmationFor("chartassist-demo", { name: "Ada" }, readSiteConfig({}).company, 8);

const cleanups = cleanupsAfterEach();

const reply = (overrides: Partial<Parameters<typeof buildStaffReply>[0]> = {}) =>
  buildStaffReply({
    to: "ada@example.com",
    subject: "Scheduling your demo",
    text: "Hello Ada,\n\nDoes Tuesday at 10 suit you?",
    staff: STAFF,
    thread: [],
    settings: SETTINGS,
    ...overrides,
  });

/** What a build refused: the field and the sentence the API answers 422 with. */
function refusalOf(build: () => unknown): { field: string; message: string } | null {
  try {
    build();
    return null;
  } catch (error) {
    if (!(error instanceof MailRefusal)) throw error;
    return { field: error.field, message: error.message };
  }
}

/** The message as a mail client reads it: composed to RFC 822 and parsed back. */
const delivered = async (message: Parameters<typeof composeRaw>[0]) =>
  simpleParser(await composeRaw(message));

/** The header section of the composed message, as sent. */
const headerSection = async (message: Parameters<typeof composeRaw>[0]) => {
  const raw = (await composeRaw(message)).toString("latin1");
  return raw.slice(0, raw.indexOf("\r\n\r\n"));
};

describe("buildConfirmation", () => {
  it("is From MAIL_FROM, to the lead's address, marked auto-replied, with a Message-ID on MAIL_FROM's domain", async () => {
    const mail = buildConfirmation({ to: "ada@example.com", confirmation, settings: SETTINGS });
    expect(mail.messageId).toBe(`<${mail.token}@example.org>`);
    const parsed = await delivered(mail.message);
    expect(parsed.from?.value).toEqual([{ name: "Northwind Health", address: "leads@example.org" }]);
    expect(parsed.to).toMatchObject({ value: [{ address: "ada@example.com" }] });
    expect(parsed.replyTo).toBeUndefined();
    expect(parsed.messageId).toBe(mail.messageId);
    expect(parsed.subject).toBe("We received your ChartAssist demo request");
    expect(parsed.text).toBe(confirmation.text);
    expect(parsed.html).toBe(false);
    expect(parsed.headers.get("auto-submitted")).toBe("auto-replied");
    expect(parsed.headers.get("x-auto-response-suppress")).toBe("All");
  });

  it("answers to REPLY_TO when set, and to a reply+<token> address on the reply domain when one is configured", async () => {
    const shared = buildConfirmation({
      to: "ada@example.com",
      confirmation,
      settings: { ...SETTINGS, replyTo: "Front desk <desk@example.org>" },
    });
    expect((await delivered(shared.message)).replyTo?.value).toEqual([
      { name: "Front desk", address: "desk@example.org" },
    ]);
    const plus = buildConfirmation({
      to: "ada@example.com",
      confirmation,
      settings: { ...SETTINGS, replyTo: "desk@example.org", replyDomain: "replies.example.org" },
    });
    expect((await delivered(plus.message)).replyTo?.value).toEqual([
      { name: "Northwind Health", address: `reply+${plus.token}@replies.example.org` },
    ]);
  });

  it("sends the same Message-ID on every attempt of a queued message, from the token it recorded", async () => {
    const queued = buildConfirmation({ to: "ada@example.com", confirmation, settings: SETTINGS });
    const retried = buildConfirmation({
      to: "ada@example.com",
      confirmation,
      settings: SETTINGS,
      token: queued.token,
    });
    expect(retried.messageId).toBe(queued.messageId);
    expect((await delivered(retried.message)).messageId).toBe(queued.messageId);
    expect(reply({ token: queued.token }).messageId).toBe(queued.messageId);
    expect(() => reply({ token: "<x@evil.example>\r\nBcc: eve@evil.example" })).toThrow(
      "Not a message token",
    );
  });

  it("gives every message a new, unguessable Message-ID", () => {
    const ids = new Set(
      Array.from(
        { length: 200 },
        () => buildConfirmation({ to: "ada@example.com", confirmation, settings: SETTINGS }).messageId,
      ),
    );
    expect(ids.size).toBe(200);
    for (const id of ids) expect(tokenOfMessageId(id)).toMatch(/^[0-9a-f]{44}$/);
  });
});

describe("buildStaffReply", () => {
  it("is From MAIL_FROM with Reply-To the staff member, and no auto-reply mark", async () => {
    const mail = reply();
    const parsed = await delivered(mail.message);
    expect(parsed.from?.value).toEqual([{ name: "Northwind Health", address: "leads@example.org" }]);
    expect(parsed.replyTo?.value).toEqual([{ name: "Sam Rivera", address: "sam@example.org" }]);
    expect(parsed.subject).toBe("Scheduling your demo");
    expect(parsed.text).toBe("Hello Ada,\n\nDoes Tuesday at 10 suit you?\n");
    expect(parsed.messageId).toBe(mail.messageId);
    expect(parsed.headers.has("auto-submitted")).toBe(false);
  });

  it("answers to REPLY_TO when set, and to the plus-address ahead of it", async () => {
    const shared = reply({ settings: { ...SETTINGS, replyTo: "team@example.org" } });
    expect((await delivered(shared.message)).replyTo?.value).toEqual([
      { name: "", address: "team@example.org" },
    ]);
    const plus = reply({
      settings: { ...SETTINGS, replyTo: "team@example.org", replyDomain: "example.org" },
    });
    expect((await delivered(plus.message)).replyTo?.value).toEqual([
      { name: "Sam Rivera", address: `reply+${plus.token}@example.org` },
    ]);
  });

  it("threads after the lead's earlier messages", async () => {
    const parsed = await delivered(
      reply({ thread: ["<root@example.org>", "<CAF-1=x@mail.example.com>"] }).message,
    );
    expect(parsed.inReplyTo).toBe("<CAF-1=x@mail.example.com>");
    expect(parsed.references).toEqual(["<root@example.org>", "<CAF-1=x@mail.example.com>"]);
  });

  it("writes every line break as one and drops control characters from the text", async () => {
    const parsed = await delivered(reply({ text: "One\r\nTwo\rThree\u0007\u202e" }).message);
    expect(parsed.text).toBe("One\nTwo\nThree\n");
  });

  it("takes a message of exactly REPLY_TEXT_MAX characters (astral ones count once) and refuses one more", () => {
    expect(() => reply({ text: "x".repeat(REPLY_TEXT_MAX) })).not.toThrow();
    expect(() => reply({ text: "😀".repeat(REPLY_TEXT_MAX) })).not.toThrow();
    expect(refusalOf(() => reply({ text: "x".repeat(REPLY_TEXT_MAX + 1) }))).toEqual({
      field: "text",
      message: "The message is longer than 20,000 characters.",
    });
  });

  it.each([
    ["an empty subject", { subject: "  " }, "subject", "The subject is empty."],
    ["an empty message", { text: " \n\t " }, "text", "The message is empty."],
    [
      "a subject over 200 characters",
      { subject: "s".repeat(201) },
      "subject",
      "The subject is longer than 200 characters.",
    ],
    [
      "a recipient that is not an address",
      { to: "ada" },
      "to",
      "The recipient's address must be one e-mail address.",
    ],
    [
      "two recipients",
      { to: "ada@example.com, eve@example.com" },
      "to",
      "The recipient's address must be one e-mail address.",
    ],
    [
      "a recipient with a name",
      { to: "Eve <eve@example.com>" },
      "to",
      "The recipient's address must be one e-mail address.",
    ],
    [
      "a staff address that is not one",
      { staff: { name: "Sam", email: "sam" } },
      "replyTo",
      "The reply-to address must be one e-mail address.",
    ],
    [
      "a REPLY_TO group",
      { settings: { ...SETTINGS, replyTo: "Team: a@example.org, b@example.org;" } },
      "replyTo",
      "The reply-to address must be one e-mail address.",
    ],
    [
      "a MAIL_FROM that is no address",
      { settings: { from: "Website" } },
      "from",
      "The sender's address (MAIL_FROM) must be one e-mail address.",
    ],
  ])("refuses %s", (_, overrides, field, message) => {
    expect(refusalOf(() => reply(overrides))).toEqual({ field, message });
  });
});

describe("header injection", () => {
  const injections = [
    "\r\nBcc: eve@evil.example",
    "\nBcc: eve@evil.example",
    "\rBcc: eve@evil.example",
    "\u2028Bcc: eve@evil.example",
    "\u0085Bcc: eve@evil.example",
  ];

  it.each(injections)("refuses a subject carrying %j", (injection) => {
    expect(refusalOf(() => reply({ subject: `Hello${injection}` }))).toEqual({
      field: "subject",
      message: "The subject must be a single line.",
    });
  });

  it.each(injections)("refuses every address and name carrying %j", (injection) => {
    const cases: [Partial<Parameters<typeof buildStaffReply>[0]>, MailRefusal["field"]][] = [
      [{ to: `ada@example.com${injection}` }, "to"],
      [{ staff: { name: `Sam${injection}`, email: "sam@example.org" } }, "name"],
      [{ staff: { name: "Sam", email: `sam@example.org${injection}` } }, "replyTo"],
      [{ settings: { ...SETTINGS, replyTo: `team@example.org${injection}` } }, "replyTo"],
      [{ settings: { from: `Website <leads@example.org>${injection}` } }, "from"],
      [{ settings: { ...SETTINGS, replyDomain: `example.org${injection}` } }, "replyTo"],
    ];
    for (const [overrides, field] of cases) {
      expect(refusalOf(() => reply(overrides))?.field).toBe(field);
      expect(refusalOf(() => reply(overrides))?.message, field).toMatch(/ must be a single line\.$/);
    }
  });

  it("refuses control characters and direction overrides in a subject or name", () => {
    expect(refusalOf(() => reply({ subject: "Hi\u0000there" }))).toEqual({
      field: "subject",
      message: "The subject contains a control character.",
    });
    expect(refusalOf(() => reply({ staff: { name: "\u202eSam", email: "sam@example.org" } }))).toEqual({
      field: "name",
      message: "The sender's name contains a control character.",
    });
  });

  it("sends a name or subject that only looks like a header as encoded text in its own header", async () => {
    const mail = reply({
      subject: "Bcc: eve@evil.example",
      staff: { name: 'Sam" <eve@evil.example>, Bcc: eve@evil.example', email: "sam@example.org" },
    });
    const head = await headerSection(mail.message);
    expect(head).not.toMatch(/^bcc:/im);
    const parsed = await delivered(mail.message);
    expect(parsed.subject).toBe("Bcc: eve@evil.example");
    expect(parsed.replyTo?.value).toEqual([
      { name: 'Sam" <eve@evil.example>, Bcc: eve@evil.example', address: "sam@example.org" },
    ]);
    expect(parsed.to).toMatchObject({ value: [{ address: "ada@example.com" }] });
    expect(parsed.bcc).toBeUndefined();
  });
});

describe("over a real SMTP server", () => {
  it("a confirmation and a threaded reply arrive with their headers intact, to the person alone", async () => {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const transport = smtpTransport({ SMTP_URL: sink.url, RELAY_TIMEOUT_MS: 5_000 });
    cleanups.push(() => transport.close());
    const settings = { ...SETTINGS, replyDomain: "replies.example.org" };
    const first = buildConfirmation({ to: "ada@example.com", confirmation, settings });
    const second = reply({ thread: [first.messageId], settings });
    await transport.sendMail(first.message);
    await transport.sendMail(second.message);
    const [confirmed, replied] = await sink.waitForAccepted(2);
    expect(confirmed?.envelope).toEqual({ from: "leads@example.org", to: ["ada@example.com"] });
    expect(confirmed?.parsed.messageId).toBe(first.messageId);
    expect(confirmed?.parsed.headers.get("auto-submitted")).toBe("auto-replied");
    expect(confirmed?.parsed.replyTo?.text).toBe(
      `"Northwind Health" <reply+${first.token}@replies.example.org>`,
    );
    expect(replied?.envelope).toEqual({ from: "leads@example.org", to: ["ada@example.com"] });
    expect(replied?.parsed.messageId).toBe(second.messageId);
    expect(replied?.parsed.inReplyTo).toBe(first.messageId);
    expect(replied?.parsed.references).toBe(first.messageId);
    expect(replied?.parsed.replyTo?.value).toEqual([
      { name: "Sam Rivera", address: `reply+${second.token}@replies.example.org` },
    ]);
    expect(replied?.parsed.text).toBe("Hello Ada,\n\nDoes Tuesday at 10 suit you?\n");
  });
});
