import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTestSchema } from "../../test-support/pg-schema.ts";
import { freePort, startServer } from "../../test-support/server-process.ts";
import { type ReceivedMail, type SmtpSink, startSmtpSink } from "../../test-support/smtp-sink.ts";
import { type Account, test as base, createAccount, expect, type StaffServer } from "./fixtures.ts";

/**
 * A server of its own that sends mail, for the conversation's tests: the suite's servers keep their relay off
 * (seed.setup.ts records the leads' deliveries itself), and mail to people goes out only where the relay runs.
 * This one relays over a real SMTP server (`smtp-server`, kept in the worker) and takes inbound mail.
 */

export const MAIL_FROM_MAILBOX = { name: "Northwind Health Group", address: "no-reply@example.com" };
const MAIL_FROM = `${MAIL_FROM_MAILBOX.name} <${MAIL_FROM_MAILBOX.address}>`;
export const REPLY_TO = "team@example.com";
export const INBOUND_EMAIL_TOKEN = "e2e-inbound-0123456789abcdef";

export interface Mailing {
  server: StaffServer;
  sink: SmtpSink;
  admin: Account;
}

/** A mailing server and what it leaves behind (its DATA_DIR, its PostgreSQL schema), to stop and remove. */
export interface MailingServer {
  server: StaffServer;
  stop(): Promise<void>;
}

/**
 * Starts a server that relays to `sink` on the database of the worker's project (its own schema on
 * PostgreSQL), with `env` on top of the usual settings; `before` runs first, with its DATA_DIR and schema made
 * and nothing listening yet (to fill its store as the first sweep should find it).
 */
export async function startMailingServer(
  project: StaffServer,
  sink: SmtpSink,
  options: { env?: Record<string, string>; before?: (server: StaffServer) => Promise<void> } = {},
): Promise<MailingServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "e2e-staff-mail-"));
  const schema =
    project.databaseUrl && process.env.DATABASE_URL
      ? await createTestSchema(process.env.DATABASE_URL, "staff_mail")
      : undefined;
  const port = await freePort();
  const server: StaffServer = {
    database: project.database,
    origin: `http://127.0.0.1:${port}`,
    dataDir,
    ...(schema && { databaseUrl: schema.url }),
    seedFile: "",
  };
  const removeStores = async () => {
    await schema?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  let served: Awaited<ReturnType<typeof startServer>>;
  try {
    await options.before?.(server);
    served = await startServer(
      {
        PORT: String(port),
        SITE_URL: server.origin,
        BUILD_DIR: path.join(process.env.BUILD_OUT || "build", "client"),
        DATA_DIR: dataDir,
        DATABASE_URL: schema?.url ?? "",
        TRUST_PROXY: "loopback",
        RATE_LIMIT_PER_MINUTE: "0",
        LEAD_CHANNELS: "smtp",
        SMTP_URL: sink.url,
        MAIL_FROM,
        REPLY_TO,
        INBOUND_EMAIL_TOKEN,
        LOG_LEVEL: "warn",
        ...options.env,
      },
      // Start-up compresses the built site once (brotli at its best); a busy 2-core machine took 55 s for it.
      100_000,
    );
  } catch (error) {
    // Nothing of a server that did not start is left behind: its store goes with the failure.
    await removeStores();
    throw error;
  }
  return {
    server,
    async stop() {
      await served.stop();
      await removeStores();
    },
  };
}

export const test = base.extend<object, { mailing: Mailing }>({
  mailing: [
    async ({ server, playwright }, use) => {
      const sink = await startSmtpSink();
      const mailing = await startMailingServer(server, sink);
      const request = await playwright.request.newContext({ baseURL: mailing.server.origin });
      const admin = await createAccount(request, mailing.server, {
        email: "admin@example.com",
        name: "Ada Admin",
        role: "admin",
      });
      await request.dispose();
      await use({ server: mailing.server, sink, admin });
      await mailing.stop();
      await sink.close();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  // Pages and requests go to the mailing server.
  baseURL: async ({ mailing }, use) => use(mailing.server.origin),
});

export { expect };

/** The first message the SMTP server took for `to` whose subject matches, once it has arrived. */
export async function mailTo(sink: SmtpSink, to: string, subject: RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = sink.accepted.find(
          (mail) => mail.envelope.to.includes(to) && subject.test(mail.parsed.subject ?? ""),
        );
        return found !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found as ReceivedMail;
}
