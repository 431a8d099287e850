import { createTransport, type SendMailOptions } from "nodemailer";
import type { ServerConfig } from "../config.ts";
import type { DeliveryProblem } from "../store/store-records.ts";

/**
 * The company's mail server (SMTP_URL) as every sender uses it: the relay's smtp channel and its mail outbox
 * (server/relay), the alerts. What comes back is the server's status and a problem class, never its text.
 */

/** What one message came to: the server took it (its status), or why not. */
export type SmtpOutcome =
  | { ok: true; status: number }
  | {
      ok: false;
      status: number | null;
      problem: Extract<DeliveryProblem, "configuration" | "service" | "network">;
      error: string;
      retryAfterMs: null;
    };

/** What a sender needs of a Nodemailer transport; tests hand in a fake. */
export interface MailTransport {
  sendMail(message: SendMailOptions): Promise<{ response?: unknown }>;
  close(): void;
}

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
 * Sends one message, or stops waiting when `stop` aborts. Nodemailer cannot abort a send: on stop the attempt
 * counts as failed and its lease is released; should the server still take the message, the resend carries the
 * same Message-ID.
 */
export async function sendOverSmtp(
  transport: MailTransport,
  message: SendMailOptions,
  stop: AbortSignal,
): Promise<SmtpOutcome> {
  try {
    const info = await unlessAborted(transport.sendMail(message), stop);
    return { ok: true, status: Number.parseInt(String(info.response), 10) || 250 };
  } catch (error) {
    return smtpFailure(error);
  }
}

/**
 * The server's answer, without its text: a mail server's words may quote addresses. 4xx is temporary (retried),
 * 5xx permanent (retried per backoff until give-up, as a wrong setting can be fixed meanwhile).
 */
export function smtpFailure(error: unknown): Extract<SmtpOutcome, { ok: false }> {
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
