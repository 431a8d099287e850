import { getEventListeners } from "node:events";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import type { SendMailOptions } from "nodemailer";
import { describe, expect, it } from "vitest";
import { claimedDelivery } from "../../../test-support/claimed-delivery.ts";
import { startSmtpSink } from "../../../test-support/smtp-sink.ts";
import { cleanupsAfterEach } from "../../../test-support/vitest-fixtures.ts";
import { loadConfig } from "../../config.ts";
import { type MailTransport, smtpFailure, smtpTransport } from "../../mail/smtp-transport.ts";
import type { ClaimedDelivery } from "../../store/queries/outbox.ts";
import { createSmtpChannel } from "./smtp.ts";

const CONFIG = loadConfig({
  SITE_URL: "https://www.example.org",
  CONTACT_EMAIL: "contact@example.org",
  RECRUITING_EMAIL: "careers@example.org",
  SMTP_URL: "smtp://relay:secret@mail.example.org:587",
  MAIL_FROM: "Website <leads@example.org>",
});
const MESSAGE = { from: "leads@example.org", to: "careers@example.org", subject: "Test", text: "Hello" };
/** What every failed attempt carries besides its status, problem and error: no Retry-After over SMTP. */
const FAILED = { ok: false, retryAfterMs: null };

const cleanups = cleanupsAfterEach();

/** A demo request as the relay claims it. */
const demoRequest = (overrides: Partial<ClaimedDelivery> = {}) =>
  claimedDelivery({
    channel: "smtp",
    fields: { name: "Ada Example", email: "ada@example.com", phone: "555-0142" },
    createdAt: Date.UTC(2025, 0, 2),
    ...overrides,
  });

/** A store holding `resume` as every lead's file (or none), counting how often it was asked. */
function storeWith(resume: Blob | null) {
  const store = {
    reads: 0,
    outbox: {
      async readResume() {
        store.reads++;
        return resume;
      },
    },
  };
  return store;
}

/** A transport that records what it is handed and answers each message with `answer`. */
function fakeTransport(answer: () => Promise<{ response?: unknown }> = async () => ({ response: "250 Ok" })) {
  const transport = {
    sent: [] as SendMailOptions[],
    closed: 0,
    sendMail(message: SendMailOptions) {
      transport.sent.push(message);
      return answer();
    },
    close() {
      transport.closed++;
    },
  };
  return transport;
}

function channelWith(
  transport: MailTransport,
  options: { personalData?: boolean; resume?: Blob | null } = {},
) {
  const store = storeWith(options.resume ?? null);
  const config = { ...CONFIG, MAIL_PERSONAL_DATA: options.personalData ?? true };
  const channel = createSmtpChannel({ config, store, transport });
  return { channel, store };
}

/** Answers after half a second: long enough that only an abort settles a send sooner. */
const late = () =>
  new Promise<{ response: string }>((resolve) => setTimeout(() => resolve({ response: "250 Ok" }), 500));

describe("smtpFailure", () => {
  it.each([421, 450, 451, 452, 499])("counts a %i answer as the service's trouble, retried", (code) => {
    expect(smtpFailure(smtpError(code, "DATA"))).toEqual({
      ...FAILED,
      status: code,
      problem: "service",
      error: `SMTP ${code} after DATA`,
    });
  });

  it.each([500, 535, 550, 554])("counts a %i answer as a configuration problem", (code) => {
    expect(smtpFailure(smtpError(code, "DATA"))).toMatchObject({ status: code, problem: "configuration" });
  });

  it("names the refused command's verb but never the address it carried", () => {
    expect(smtpFailure(smtpError(550, "RCPT TO:<careers@example.org>"))).toMatchObject({
      error: "SMTP 550 after RCPT",
    });
    expect(smtpFailure(smtpError(550))).toMatchObject({ error: "SMTP 550" });
  });

  it("counts a failed connection as the network's, naming only the error code", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 192.0.2.1:587"), {
      code: "ECONNREFUSED",
      command: "CONN",
    });
    expect(smtpFailure(refused)).toEqual({
      ...FAILED,
      status: null,
      problem: "network",
      error: "SMTP ECONNREFUSED after CONN",
    });
  });

  it("names an error without a code by its name, and anything else plainly", () => {
    expect(smtpFailure(new TypeError("careers@example.org is odd"))).toMatchObject({
      problem: "network",
      error: "SMTP TypeError",
    });
    expect(smtpFailure("careers@example.org is odd")).toMatchObject({
      status: null,
      problem: "network",
      error: "SMTP error",
    });
  });
});

describe("smtpTransport", () => {
  async function sink() {
    const started = await startSmtpSink();
    cleanups.push(() => started.close());
    return started;
  }

  function transportTo(url: string, timeoutMs = 2_000, pool?: number) {
    const transport = smtpTransport({ SMTP_URL: url, RELAY_TIMEOUT_MS: timeoutMs }, pool);
    cleanups.push(() => transport.close());
    return transport;
  }

  it("requires SMTP_URL", () => {
    expect(() => smtpTransport({ SMTP_URL: undefined, RELAY_TIMEOUT_MS: 1_000 })).toThrow(
      "SMTP_URL is not set",
    );
  });

  it("pools as many connections as the relay sends at once, and opens one per message otherwise", () => {
    const pooled = transportTo(CONFIG.SMTP_URL ?? "", 1_000, 3);
    expect(pooled.transporter.name).toBe("SMTP (pool)");
    expect(pooled.options).toMatchObject({ pool: true, maxConnections: 3 });
    expect(transportTo(CONFIG.SMTP_URL ?? "").transporter.name).toBe("SMTP");
  });

  it("will not read a file or fetch a URL a message names", async () => {
    const server = await sink();
    const transport = transportTo(server.url);
    const file = fileURLToPath(import.meta.url);
    await expect(transport.sendMail({ ...MESSAGE, attachments: [{ path: file }] })).rejects.toThrow(
      `File access rejected for ${file}`,
    );
    await expect(
      transport.sendMail({ ...MESSAGE, attachments: [{ href: "http://127.0.0.1:9/cv.pdf" }] }),
    ).rejects.toThrow("Url access rejected for http://127.0.0.1:9/cv.pdf");
    expect(server.accepted).toHaveLength(0);
  });

  it("gives up on a server that never greets after RELAY_TIMEOUT_MS", async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise((resolve) => silent.close(resolve)));
    const { port } = silent.address() as { port: number };
    const started = Date.now();
    const error = await transportTo(`smtp://127.0.0.1:${port}`, 100)
      .sendMail(MESSAGE)
      .catch((e) => e);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(smtpFailure(error)).toMatchObject({ problem: "network", error: "SMTP ETIMEDOUT after CONN" });
  });
});

describe("the smtp channel", () => {
  it("requires MAIL_FROM", () => {
    expect(() =>
      createSmtpChannel({
        config: { ...CONFIG, MAIL_FROM: undefined },
        store: storeWith(null),
        transport: fakeTransport(),
      }),
    ).toThrow("MAIL_FROM is not set");
  });

  it("mails the lead with its resume to the form's mailbox, delivered on the server's 250", async () => {
    const transport = fakeTransport(async () => ({ response: "250 2.0.0 Ok: queued as 4BxQ" }));
    const resume = new Blob(["%PDF-1.7\n"], { type: "application/pdf" });
    const { channel, store } = channelWith(transport, { resume });
    const delivery = demoRequest({
      formId: "nurse-application",
      fields: { firstName: "Ada", lastName: "Example", email: "ada@example.com", consent: "on" },
      resume: { name: "cv.pdf", kind: "pdf", size: 9, sha256: "0".repeat(64) },
    });
    expect(await channel.send(delivery, new AbortController().signal)).toEqual({ ok: true, status: 250 });
    expect(store.reads).toBe(1);
    expect(transport.sent).toHaveLength(1);
    expect(transport.sent[0]).toMatchObject({
      from: "Website <leads@example.org>",
      to: "careers@example.org",
      replyTo: "ada@example.com",
      subject: "New Online Nursing Application Submission",
      attachments: [{ filename: "cv.pdf", contentType: "application/pdf" }],
    });
    expect(transport.sent[0]?.text).toContain("First Name: Ada\n");
  });

  it("counts a send the transport confirms without an SMTP answer as a 250", async () => {
    const { channel } = channelWith(fakeTransport(async () => ({})));
    expect(await channel.send(demoRequest(), new AbortController().signal)).toEqual({
      ok: true,
      status: 250,
    });
  });

  it("with MAIL_PERSONAL_DATA=false neither reads the resume nor sends a field", async () => {
    const transport = fakeTransport();
    const { channel, store } = channelWith(transport, { personalData: false, resume: null });
    const delivery = demoRequest({
      resume: { name: "cv.pdf", kind: "pdf", size: 9, sha256: "0".repeat(64) },
    });
    expect(await channel.send(delivery, new AbortController().signal)).toEqual({ ok: true, status: 250 });
    expect(store.reads).toBe(0);
    expect(JSON.stringify(transport.sent)).not.toMatch(/Ada|555-0142|cv\.pdf/);
  });

  it("flags a lead of an unknown form as configuration, sending nothing", async () => {
    const transport = fakeTransport();
    const { channel } = channelWith(transport);
    expect(await channel.send(demoRequest({ formId: "fax-order" }), new AbortController().signal)).toEqual({
      ...FAILED,
      status: null,
      problem: "configuration",
      error: "unknown form id",
    });
    expect(transport.sent).toHaveLength(0);
  });

  it("flags a resume the store lost as configuration, sending nothing", async () => {
    const transport = fakeTransport();
    const { channel } = channelWith(transport, { resume: null });
    const delivery = demoRequest({
      formId: "nurse-application",
      resume: { name: "cv.pdf", kind: "pdf", size: 9, sha256: "0".repeat(64) },
    });
    expect(await channel.send(delivery, new AbortController().signal)).toEqual({
      ...FAILED,
      status: null,
      problem: "configuration",
      error: "resume file missing",
    });
    expect(transport.sent).toHaveLength(0);
  });

  it("reports the mail server's refusal by its code", async () => {
    const { channel } = channelWith(fakeTransport(() => Promise.reject(smtpError(451, "DATA"))));
    expect(await channel.send(demoRequest(), new AbortController().signal)).toEqual({
      ...FAILED,
      status: 451,
      problem: "service",
      error: "SMTP 451 after DATA",
    });
  });

  it("stops waiting for the mail server once the relay stops", async () => {
    const stop = new AbortController();
    const transport = fakeTransport(() => {
      queueMicrotask(() => stop.abort());
      return late();
    });
    const { channel } = channelWith(transport);
    expect(await channel.send(demoRequest(), stop.signal)).toEqual({
      ...FAILED,
      status: null,
      problem: "network",
      error: "SMTP AbortError",
    });
  });

  it("fails at once a send that starts after the relay stopped", async () => {
    const stop = new AbortController();
    stop.abort();
    const { channel } = channelWith(fakeTransport(late));
    expect(await channel.send(demoRequest(), stop.signal)).toMatchObject({
      problem: "network",
      error: "SMTP AbortError",
    });
  });

  it("leaves no listener on the relay's stop signal once a send is over", async () => {
    const stop = new AbortController();
    let fail = false;
    const { channel } = channelWith(
      fakeTransport(async () => {
        if (fail) throw smtpError(550, "DATA");
        return { response: "250 Ok" };
      }),
    );
    await channel.send(demoRequest(), stop.signal);
    fail = true;
    await channel.send(demoRequest(), stop.signal);
    expect(getEventListeners(stop.signal, "abort")).toHaveLength(0);
  });

  it("closes its transport when the relay stops", () => {
    const transport = fakeTransport();
    channelWith(transport).channel.close?.();
    expect(transport.closed).toBe(1);
  });
});

/** An error as Nodemailer raises it for a refusing server. */
function smtpError(responseCode: number, command?: string) {
  return Object.assign(new Error(`${responseCode} careers@example.org: refused`), {
    code: "EMESSAGE",
    responseCode,
    ...(command && { command }),
  });
}
