import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A message the sink took, parsed with mailparser, with the envelope the client gave. */
export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  parsed: ParsedMail;
}

/** Decides the answer to the nth DATA (0-based) for these recipients: null accepts, else the code to refuse with. */
export type SmtpResponder = (index: number, recipients: string[]) => number | null;

export interface SmtpSink {
  /** An SMTP_URL pointing here (plain SMTP on loopback, any credentials accepted). */
  url: string;
  accepted: ReceivedMail[];
  /** How many DATA commands it answered, accepted or not. */
  attempts(): number;
  respondWith(responder: SmtpResponder): void;
  /** Resolves once `count` messages were accepted. */
  waitForAccepted(count: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server (the `smtp-server` package) on loopback that keeps what it accepts. */
export async function startSmtpSink(options: { parse?: boolean } = {}): Promise<SmtpSink> {
  const parse = options.parse ?? true;
  const accepted: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  let responder: SmtpResponder = () => null;
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: "relay" }),
    onData(stream, session, callback) {
      const index = attempts++;
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const code = responder(
          index,
          session.envelope.rcptTo.map((rcpt) => rcpt.address),
        );
        if (code !== null) {
          const error = Object.assign(new Error(code >= 500 ? "Rejected for good" : "Try again later"), {
            responseCode: code,
          });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks);
        const mail: ReceivedMail = {
          envelope: {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          },
          parsed: parse ? await simpleParser(raw) : ({ messageId: messageIdOf(raw) } as ParsedMail),
        };
        accepted.push(mail);
        callback();
        for (const wake of waiters.splice(0)) wake();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://relay:secret@127.0.0.1:${port}`,
    accepted,
    attempts: () => attempts,
    respondWith(next) {
      responder = next;
    },
    async waitForAccepted(count) {
      while (accepted.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return accepted;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Message-ID header alone, for counting thousands of messages without parsing them. */
function messageIdOf(raw: Buffer): string | undefined {
  const head = raw.subarray(0, raw.indexOf("\r\n\r\n")).toString("latin1");
  return /^Message-ID:\s*(.+)$/im.exec(head)?.[1]?.trim();
}
