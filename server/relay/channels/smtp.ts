import { createTransport, type SendMailOptions } from "nodemailer";
import { findLeadForm } from "../../../leads/forms.ts";
import type { ServerConfig } from "../../config.ts";
import { mailbox } from "../../mail/mail-checks.ts";
import type { Outbox } from "../../store/queries/outbox.ts";
import type { SendOutcome } from "../send-lead.ts";
import { configurationProblem, type DeliveryChannel, resumeOf } from "./channel.ts";
import { composeLeadMail } from "./lead-mail.ts";

type SmtpConfig = Pick<
  ServerConfig,
  "SMTP_URL" | "MAIL_FROM" | "MAIL_PERSONAL_DATA" | "RELAY_TIMEOUT_MS" | "RELAY_CONCURRENCY" | "site"
>;

/** An SMTP transport over SMTP_URL; `pool` keeps connections open for the relay's steady stream. */
export function smtpTransport(config: Pick<ServerConfig, "SMTP_URL" | "RELAY_TIMEOUT_MS">, pool?: number) {
  if (!config.SMTP_URL) throw new Error("SMTP_URL is not set");
  return createTransport({
    url: config.SMTP_URL,
    ...(pool && { pool: true, maxConnections: pool }),
    connectionTimeout: config.RELAY_TIMEOUT_MS,
    greetingTimeout: config.RELAY_TIMEOUT_MS,
    socketTimeout: config.RELAY_TIMEOUT_MS,
    // Nothing in a message may make Nodemailer read a file or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
}

/**
 * The server's answer, without its text: a mail server's words may quote addresses. 4xx is temporary (retried),
 * 5xx permanent (retried per backoff until give-up, as a wrong setting can be fixed meanwhile).
 */
export function smtpFailure(error: unknown): Extract<SendOutcome, { ok: false }> {
  const { responseCode, command, code } = error as {
    responseCode?: unknown;
    command?: unknown;
    code?: unknown;
  };
  const after = typeof command === "string" ? ` after ${command.split(" ")[0]}` : "";
  if (typeof responseCode === "number") {
    return {
      ok: false,
      status: responseCode,
      problem: responseCode >= 500 ? "configuration" : "service",
      error: `SMTP ${responseCode}${after}`,
      retryAfterMs: null,
    };
  }
  return {
    ok: false,
    status: null,
    problem: "network",
    error: `SMTP ${typeof code === "string" ? code : error instanceof Error ? error.name : "error"}${after}`,
    retryAfterMs: null,
  };
}

/** What the channel needs of a Nodemailer transport; tests hand in a fake. */
export interface MailTransport {
  sendMail(message: SendMailOptions): Promise<{ response?: unknown }>;
  close(): void;
}

/** E-mail straight from the company's mail server (decision 014): one message per lead to the form's mailbox. */
export function createSmtpChannel(deps: {
  config: SmtpConfig;
  /** Where the resumes are read from. */
  store: { outbox: Pick<Outbox, "readResume"> };
  transport?: MailTransport;
}): DeliveryChannel {
  const { config, store } = deps;
  if (!config.MAIL_FROM) throw new Error("MAIL_FROM is not set");
  // Refused here, before any message, when MAIL_FROM is not one address (loadConfig refuses it first).
  mailbox(config.MAIL_FROM, "from");
  const transport = deps.transport ?? smtpTransport(config, config.RELAY_CONCURRENCY);
  const settings = {
    from: config.MAIL_FROM,
    siteUrl: config.site.url,
    mailboxes: config.site.email,
    personalData: config.MAIL_PERSONAL_DATA,
  };
  return {
    async send(delivery, stop) {
      const form = findLeadForm(delivery.formId);
      if (!form) return configurationProblem("unknown form id");
      const resume = settings.personalData ? await resumeOf(store, delivery) : { blob: null };
      if ("failure" in resume) return resume.failure;
      try {
        const message = await composeLeadMail(form, delivery, resume.blob, settings);
        // Nodemailer cannot abort a send: on stop the attempt counts as failed (the lease is released) and the
        // pool is closed. Should the server still take the message, the resend carries the same Message-ID.
        const info = await unlessAborted(transport.sendMail(message), stop);
        return { ok: true, status: Number.parseInt(String(info.response), 10) || 250 };
      } catch (error) {
        return smtpFailure(error);
      }
    },
    close() {
      transport.close();
    },
  };
}

/** Settles as `sending` does, or rejects with the signal's reason should it abort first. */
export async function unlessAborted<T>(sending: Promise<T>, signal: AbortSignal): Promise<T> {
  let abort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    abort = () => reject(signal.reason);
    if (signal.aborted) abort();
    else signal.addEventListener("abort", abort);
  });
  try {
    return await Promise.race([sending, aborted]);
  } finally {
    // The relay's signal lives as long as the relay: a listener left per message would pile up.
    signal.removeEventListener("abort", abort);
  }
}
