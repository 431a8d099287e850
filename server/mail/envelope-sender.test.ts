import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { claimedDelivery } from "../../test-support/claimed-delivery.ts";
import { startInProcessServer } from "../../test-support/in-process-server.ts";
import { MINIMAL_BUILD_DIR } from "../../test-support/server-process.ts";
import { type ReceivedMail, type SmtpSink, startSmtpSink } from "../../test-support/smtp-sink.ts";
import { openStaffHarness } from "../../test-support/staff-harness.ts";
import { createTestDatabase, DIALECTS } from "../../test-support/test-database.ts";
import { createAlerts } from "../alerts/alerts.ts";
import { MailRefusal } from "../checks/mail-checks.ts";
import { loadConfig } from "../config.ts";
import { createSmtpChannel } from "../relay/channels/smtp.ts";
import { mailMessages } from "../relay/mail-messages.ts";
import { createOutboxWorker } from "../relay/outbox-worker.ts";
import { createLogger } from "../runtime/logger.ts";

const MAIL_FROM = "Northwind Care <hello@northwind.example>";
/** The SMTP envelope's sender (MAIL FROM): where bounces and delivery reports go. */
const SENDER = "hello@northwind.example";
/** What a visitor types in the form to have the company's bounces and reports sent to them. */
const HOSTILE = "bounce-catcher@attacker.example";
const CONTACT_EMAIL = "contact@northwind.example";
const ALERT_EMAIL = "ops@northwind.example";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function sink(): Promise<SmtpSink> {
  const started = await startSmtpSink();
  cleanups.push(() => started.close());
  return started;
}

const addressedTo = (mails: ReceivedMail[], to: string) =>
  mails.find((mail) => mail.envelope.to.map((address) => address.toLowerCase()).includes(to));

/**
 * Every message the server sends leaves with MAIL_FROM's address as the SMTP envelope's sender, read from a real
 * SMTP server: never the address a visitor typed (a lead e-mail's Reply-To, a confirmation's recipient) nor a
 * staff member's (a reply's Reply-To).
 */
describe.each(DIALECTS)("the SMTP envelope sender on %s", (dialect) => {
  beforeAll(async () => {});
  afterAll(async () => {});

  it("is MAIL_FROM's address for a lead e-mail replying to a hostile address, its confirmation and an alert", async () => {
    const smtp = await sink();
    // The lead's mailbox refuses for a while (451): the lead waits past ALERT_PENDING_AFTER_S, which alerts.
    let refusing = true;
    smtp.respondWith((_index, to) => (refusing && to.includes(CONTACT_EMAIL) ? 451 : null));
    const database = await createTestDatabase(dialect, "envelope");
    cleanups.push(() => database.drop());
    const server = await startInProcessServer({
      ...database.env,
      BUILD_DIR: MINIMAL_BUILD_DIR,
      LEAD_CHANNELS: "smtp",
      SMTP_URL: smtp.url,
      MAIL_FROM,
      CONTACT_EMAIL,
      ALERT_EMAIL,
      ALERT_PENDING_AFTER_S: "1",
      RELAY_POLL_MS: "50",
      RELAY_BASE_DELAY_MS: "20",
      RELAY_MAX_DELAY_MS: "200",
      RATE_LIMIT_PER_MINUTE: "0",
    });
    cleanups.push(() => server.stop());
    const posted = await fetch(`${server.url}/api/leads/chartassist-demo`, {
      method: "POST",
      body: new URLSearchParams({ name: "Mallory Example", email: HOSTILE }),
      headers: { Accept: "application/json" },
    });
    expect(posted.status).toBe(201);

    await smtp.waitForAccepted(2);
    refusing = false;
    const accepted = await smtp.waitForAccepted(3);
    const confirmation = addressedTo(accepted, HOSTILE);
    const alert = addressedTo(accepted, ALERT_EMAIL);
    const leadMail = addressedTo(accepted, CONTACT_EMAIL);
    expect(leadMail?.parsed.replyTo?.value[0]?.address).toBe(HOSTILE);
    expect(alert?.parsed.subject).toContain("Lead delivery stuck");
    for (const mail of [leadMail, confirmation, alert]) {
      expect(mail?.envelope.from).toBe(SENDER);
      expect(mail?.parsed.from?.value).toEqual([{ name: "Northwind Care", address: SENDER }]);
    }
  }, 30_000);

  it("is MAIL_FROM's address for a staff reply, answered at the staff member's own address", async () => {
    const smtp = await sink();
    const h = await openStaffHarness(dialect, { SMTP_URL: smtp.url, MAIL_FROM, RELAY_POLL_MS: "50" });
    cleanups.push(() => h.close());
    const worker = createOutboxWorker({
      config: h.config,
      logger: createLogger("silent"),
      kinds: [mailMessages({ config: h.config, store: h.store })],
    });
    worker.start();
    cleanups.push(() => worker.stop(1000));
    const seller = await h.addStaff("sales", "seller@staff.example");
    const leadId = await h.seedLead("chartassist-demo", { name: "Mallory Example", email: HOSTILE });
    const answer = await h.request(`/leads/${leadId}/replies`, {
      method: "POST",
      cookie: seller.cookie,
      json: { subject: "Your demo", text: "Which day suits you?" },
    });
    expect(answer.status).toBe(201);
    const [reply] = await smtp.waitForAccepted(1);
    expect(reply?.envelope).toEqual({ from: SENDER, to: [HOSTILE] });
    expect(reply?.parsed.replyTo?.value[0]?.address).toBe("seller@staff.example");
  }, 30_000);
});

describe("a MAIL_FROM that is not an address", () => {
  /** What the server would have sent a lead as if loadConfig had let it through. */
  const config = {
    ...loadConfig({ SMTP_URL: "smtp://127.0.0.1:1", MAIL_FROM: SENDER, ALERT_EMAIL }),
    MAIL_FROM: "not an address",
  };

  it("stops the smtp channel and the alerts before they send anything, rather than bounce to the visitor", async () => {
    const smtp = await sink();
    const settings = { ...config, SMTP_URL: smtp.url };
    const build = () => {
      const channel = createSmtpChannel({
        config: settings,
        store: { outbox: { readResume: async () => null } },
      });
      cleanups.push(async () => channel.close?.());
      return channel;
    };
    let sent: Promise<unknown> = Promise.resolve();
    expect(() => {
      const channel = build();
      sent = channel.send(
        claimedDelivery({ channel: "smtp", fields: { name: "Mallory", email: HOSTILE } }),
        new AbortController().signal,
      );
    }).toThrow(MailRefusal);
    await sent;
    expect(() =>
      createAlerts({
        config: settings,
        logger: createLogger("silent"),
        store: {
          incidents: {
            health: async () => ({ pending: 0, dead: 1, spam: 0, oldestPendingAt: null, channels: {} }),
            openIncident: async () => true,
            resolveIncident: async () => true,
            mailBacklog: async () => ({ pending: 0, dead: 0, oldestPendingAt: null }),
          },
        },
      }),
    ).toThrow(/MAIL_FROM/);
    expect(smtp.accepted.map((mail) => mail.envelope.from)).toEqual([]);
  });
});
