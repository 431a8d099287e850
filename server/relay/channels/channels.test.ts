import { randomUUID } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { pdfFile, uploadedResume } from "../../../test-support/resume-fixtures.ts";
import { waitFor } from "../../../test-support/server-process.ts";
import { startSmtpSink } from "../../../test-support/smtp-sink.ts";
import { createTestDatabase, DIALECTS } from "../../../test-support/test-database.ts";
import { cleanupsAfterEach } from "../../../test-support/vitest-fixtures.ts";
import { startWebhookSink } from "../../../test-support/webhook-sink.ts";
import { createAlerts } from "../../alerts/alerts.ts";
import { loadConfig } from "../../config.ts";
import { createLogger } from "../../runtime/logger.ts";
import type { Store } from "../../store/store.ts";
import type { Channel, NewLead } from "../../store/store-records.ts";
import { leadDeliveries } from "../lead-deliveries.ts";
import { createOutboxWorker, type OutboxWorker, type OutboxWorkerDeps } from "../outbox-worker.ts";
import { createResumeLinkApi } from "./resume-link.ts";

/** The outbox worker over the leads' deliveries alone (no mail outbox), as these tests drive it. */
const leadRelay = (deps: Parameters<typeof leadDeliveries>[0] & Omit<OutboxWorkerDeps, "kinds" | "config">) =>
  createOutboxWorker({ ...deps, kinds: [leadDeliveries(deps)] });
const SECRET = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
const SITE = {
  SITE_URL: "https://www.example.org",
  CONTACT_EMAIL: "contact@example.org",
  RECRUITING_EMAIL: "careers@example.org",
};
/** Personal data a lead carries; with MAIL_PERSONAL_DATA=false none of it may leave in a message. */
const CANARY = {
  firstName: "Zebulon",
  lastName: "Canarywhistle",
  email: "canary.7f3a9@example.com",
  phone: "+1 (555) 017-3344",
  message: "<b>canary</b> & message-a81b2c",
  consent: "on",
};
const logger = createLogger("silent");
/** RELAY_GIVE_UP_AFTER_MS where a test moves the relay's clock past it. */
const GIVE_UP_MS = 60_000;

describe("channel configuration", () => {
  it("stops start-up naming the variable a channel is missing", () => {
    expect(() => loadConfig({ LEAD_CHANNELS: "smtp" })).toThrow(
      /SMTP_URL is required when LEAD_CHANNELS includes smtp; MAIL_FROM is required/,
    );
    expect(() =>
      loadConfig({ LEAD_CHANNELS: "webhook", WEBHOOK_URL: "https://crm.example.org/hook" }),
    ).toThrow(/WEBHOOK_SECRET is required when LEAD_CHANNELS includes webhook/);
    expect(() => loadConfig({ ALERT_EMAIL: "ops@example.org" })).toThrow(
      /SMTP_URL is required when ALERT_EMAIL/,
    );
    expect(() => loadConfig({ LEAD_CHANNELS: "smtp,fax" })).toThrow(/LEAD_CHANNELS/);
    expect(() => loadConfig({ WEBHOOK_SECRET: "hunter2" })).toThrow(/WEBHOOK_SECRET must be whsec_/);
    expect(loadConfig({}).LEAD_CHANNELS).toEqual(["formservice"]);
  });
});

describe.each(DIALECTS)("delivery channels on %s", (dialect) => {
  const cleanups = cleanupsAfterEach();

  async function setup(env: Record<string, string>, channels: Channel[]) {
    const database = await createTestDatabase(dialect, "channels");
    cleanups.push(() => database.drop());
    const store = await database.openStore({ channels });
    cleanups.push(() => store.close());
    const config = loadConfig({
      ...SITE,
      ...database.env,
      LEAD_CHANNELS: channels.join(","),
      MAIL_FROM: "Website <leads@example.org>",
      WEBHOOK_SECRET: SECRET,
      RELAY_POLL_MS: "20",
      RELAY_BASE_DELAY_MS: "20",
      RELAY_MAX_DELAY_MS: "40",
      ...env,
    });
    return { config, store, dataDir: database.dataDir };
  }

  function startRelay(relay: OutboxWorker) {
    relay.start();
    cleanups.push(() => relay.stop());
  }

  async function accept(store: Store, dataDir: string, resume?: Buffer) {
    const lead: NewLead = {
      id: randomUUID(),
      formId: "nurse-application",
      state: "pending",
      fields: CANARY,
      createdAt: Date.now(),
    };
    if (resume) lead.resume = await uploadedResume(dataDir, resume);
    await store.intake.acceptLead(lead);
    return lead;
  }

  function waitForState(store: Store, id: string, state: string) {
    return waitFor(
      async () => {
        const lead = await store.operations.get(id);
        return lead?.state === state ? lead : undefined;
      },
      10_000,
      `the lead to be ${state}`,
    );
  }

  async function smtpSink() {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    return sink;
  }

  async function webhookSink() {
    const sink = await startWebhookSink();
    cleanups.push(() => sink.close());
    return sink;
  }

  it("mails the lead: subject, recipients, Reply-To, both bodies, the resume's bytes, a lead-derived Message-ID", async () => {
    const sink = await smtpSink();
    const { config, store, dataDir } = await setup({ SMTP_URL: sink.url }, ["smtp"]);
    startRelay(leadRelay({ config, logger, store }));
    const resume = await pdfFile(4096);
    const lead = await accept(store, dataDir, resume);
    const [mail] = await sink.waitForAccepted(1);
    const parsed = mail?.parsed;
    expect(mail?.envelope).toEqual({ from: "leads@example.org", to: ["careers@example.org"] });
    expect(parsed?.subject).toBe("New Online Nursing Application Submission");
    expect(parsed?.from?.text).toBe('"Website" <leads@example.org>');
    expect(parsed?.replyTo?.value[0]?.address).toBe(CANARY.email);
    expect(parsed?.messageId).toBe(`<${lead.id}@www.example.org>`);
    expect(parsed?.text).toContain(`First Name: ${CANARY.firstName}`);
    expect(parsed?.text).toContain(`Message: ${CANARY.message}`);
    expect(parsed?.html).toContain("&lt;b&gt;canary&lt;/b&gt; &amp; message-a81b2c");
    expect(parsed?.html).not.toContain("<b>canary</b>");
    expect(parsed?.attachments).toHaveLength(1);
    expect(parsed?.attachments[0]?.filename).toBe("cv.pdf");
    expect(parsed?.attachments[0]?.contentType).toBe("application/pdf");
    expect(Buffer.compare(parsed?.attachments[0]?.content ?? Buffer.alloc(0), resume)).toBe(0);
    expect(await waitForState(store, lead.id, "delivered")).toMatchObject({
      deliveries: [{ channel: "smtp", state: "delivered", attempts: 1 }],
    });
  });

  it("with MAIL_PERSONAL_DATA=false sends only the form, the time and the staff inbox link", async () => {
    const sink = await smtpSink();
    const { config, store, dataDir } = await setup({ SMTP_URL: sink.url, MAIL_PERSONAL_DATA: "false" }, [
      "smtp",
    ]);
    startRelay(leadRelay({ config, logger, store }));
    const lead = await accept(store, dataDir, await pdfFile());
    const [mail] = await sink.waitForAccepted(1);
    const parsed = mail?.parsed;
    expect(parsed?.subject).toBe("New Online Nursing Application Submission");
    expect(parsed?.text).toContain(`https://www.example.org/staff/leads/${lead.id}`);
    expect(parsed?.html).toContain(`href="https://www.example.org/staff/leads/${lead.id}"`);
    expect(parsed?.attachments).toEqual([]);
    expect(parsed?.replyTo).toBeUndefined();
    const everything = JSON.stringify({
      headers: [...(parsed?.headers ?? [])],
      text: parsed?.text,
      html: parsed?.html,
    });
    for (const value of ["Zebulon", "Canarywhistle", "canary.7f3a9", "017-3344", "a81b2c", "cv.pdf"])
      expect(everything).not.toContain(value);
  });

  it("retries a mail server that answers 4xx, then delivers once it accepts", async () => {
    const sink = await smtpSink();
    sink.respondWith((index) => (index === 0 ? 451 : null));
    const { config, store, dataDir } = await setup({ SMTP_URL: sink.url }, ["smtp"]);
    startRelay(leadRelay({ config, logger, store }));
    const lead = await accept(store, dataDir);
    await sink.waitForAccepted(1);
    expect(await waitForState(store, lead.id, "delivered")).toMatchObject({
      deliveries: [{ channel: "smtp", state: "delivered", attempts: 2, lastStatus: 200 }],
    });
    expect(sink.attempts()).toBe(2);
  });

  it("gives a 5xx refusal up after RELAY_GIVE_UP_AFTER_MS, dead, and alerts exactly once", async () => {
    const sink = await smtpSink();
    // The mailbox refuses for good; the alert mailbox accepts.
    sink.respondWith((_index, to) => (to.includes(SITE.RECRUITING_EMAIL) ? 550 : null));
    const { config, store, dataDir } = await setup(
      { SMTP_URL: sink.url, RELAY_GIVE_UP_AFTER_MS: String(GIVE_UP_MS), ALERT_EMAIL: "ops@example.org" },
      ["smtp"],
    );
    const alerts = createAlerts({ config, logger, store });
    cleanups.push(() => alerts.stop());
    // The relay's clock jumps past the deadline once the mailbox has refused: the give-up comes on a retry
    // however slow the machine is (a window of real time was missed under load, before any retry came).
    let skipped = 0;
    const now = () => Date.now() + skipped;
    startRelay(leadRelay({ config, logger, store, now, onDead: () => void alerts.check() }));
    const lead = await accept(store, dataDir);
    await waitFor(
      async () => ((await store.operations.get(lead.id))?.deliveries[0]?.attempts ?? 0) >= 1 || undefined,
      15_000,
      "the first refusal recorded",
    );
    skipped = GIVE_UP_MS;
    const dead = await waitForState(store, lead.id, "dead");
    expect(dead.deliveries).toMatchObject([
      { channel: "smtp", state: "dead", lastStatus: 550, problem: "configuration" },
    ]);
    expect(dead.deliveries[0]?.attempts).toBeGreaterThan(1);
    const [alert] = await sink.waitForAccepted(1);
    await alerts.check();
    await alerts.check();
    // A restarted server finds the incident open and stays quiet.
    const restarted = createAlerts({ config, logger, store });
    await restarted.check();
    await restarted.stop();
    expect(sink.accepted).toHaveLength(1);
    expect(alert?.envelope.to).toEqual(["ops@example.org"]);
    expect(alert?.parsed.subject).toContain("1 lead(s) dead");
    expect(alert?.parsed.text).toContain("smtp: 0 pending, 1 dead");
    for (const value of Object.values(CANARY).filter((value) => value !== "on"))
      expect(JSON.stringify(alert?.parsed)).not.toContain(value);

    // Resolved (the lead delivered), then a new incident: one more alert.
    sink.respondWith(() => null);
    await store.operations.retry(lead.id, Date.now());
    await waitForState(store, lead.id, "delivered");
    await alerts.check();
    sink.respondWith((_index, to) => (to.includes(SITE.RECRUITING_EMAIL) ? 550 : null));
    const second = await accept(store, dataDir);
    await waitForState(store, second.id, "dead");
    await sink.waitForAccepted(3);
    await alerts.check();
    expect(sink.accepted.map((mail) => mail.envelope.to[0])).toEqual([
      "ops@example.org",
      SITE.RECRUITING_EMAIL,
      "ops@example.org",
    ]);
  });

  it("alerts once when the oldest pending delivery waits past ALERT_PENDING_AFTER_S", async () => {
    const sink = await smtpSink();
    const { config, store, dataDir } = await setup(
      { SMTP_URL: sink.url, ALERT_EMAIL: "ops@example.org", ALERT_PENDING_AFTER_S: "60" },
      ["smtp"],
    );
    let clock = Date.now();
    const alerts = createAlerts({ config, logger, store, now: () => clock });
    cleanups.push(() => alerts.stop());
    await accept(store, dataDir);
    await alerts.check();
    expect(sink.accepted).toHaveLength(0);
    clock += 61_000;
    await alerts.check();
    await alerts.check();
    const [alert] = await sink.waitForAccepted(1);
    expect(sink.accepted).toHaveLength(1);
    expect(alert?.parsed.subject).toMatch(/Lead delivery stuck: a lead has waited 6\d s/);
  });

  it("signs each webhook per Standard Webhooks, with the same webhook-id on every retry", async () => {
    const sink = await webhookSink();
    sink.respondWith((index) => (index < 2 ? 503 : 200));
    const { config, store, dataDir } = await setup({ WEBHOOK_URL: sink.url }, ["webhook"]);
    startRelay(leadRelay({ config, logger, store }));
    const lead = await accept(store, dataDir);
    const hooks = await sink.waitFor(3);
    const verifier = new Webhook(SECRET);
    const ids = new Set<unknown>();
    for (const hook of hooks) {
      const payload = verifier.verify(hook.body, hook.headers as Record<string, string>);
      expect(payload).toMatchObject({
        type: "lead.accepted",
        data: { leadId: lead.id, formId: "nurse-application", fields: CANARY, resume: null },
      });
      ids.add(hook.headers["webhook-id"]);
    }
    expect(ids.size).toBe(1);
    const delivered = await waitForState(store, lead.id, "delivered");
    expect(ids).toEqual(new Set([delivered.deliveries[0]?.id]));
    // A tampered body fails verification.
    expect(() =>
      verifier.verify(
        hooks[0]?.body.replace("Zebulon", "Mallory") ?? "",
        hooks[0]?.headers as Record<string, string>,
      ),
    ).toThrow();
  });

  it("stops the webhook channel for a lead that got 410 and flags it, while smtp still delivers", async () => {
    const hooks = await webhookSink();
    hooks.respondWith(() => 410);
    const mails = await smtpSink();
    const { config, store, dataDir } = await setup({ WEBHOOK_URL: hooks.url, SMTP_URL: mails.url }, [
      "smtp",
      "webhook",
    ]);
    startRelay(leadRelay({ config, logger, store }));
    const lead = await accept(store, dataDir);
    const dead = await waitForState(store, lead.id, "dead");
    await mails.waitForAccepted(1);
    for (;;) {
      const current = await store.operations.get(lead.id);
      if (current?.deliveries.every((delivery) => delivery.state !== "pending")) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await store.operations.get(lead.id)).toMatchObject({
      state: "dead",
      deliveries: [
        { channel: "smtp", state: "delivered" },
        {
          channel: "webhook",
          state: "dead",
          attempts: 1,
          lastStatus: 410,
          problem: "gone",
          nextAttemptAt: null,
        },
      ],
    });
    expect(dead.id).toBe(lead.id);
    expect(hooks.received).toHaveLength(1);
    expect(await store.outbox.nextDueAt()).toBeNull();
    expect((await store.operations.status()).problems).toMatchObject([
      { channel: "webhook", problem: "gone", count: 1 },
    ]);
  });

  it("links the resume under /api, never inline, and refuses the link without the secret's signature", async () => {
    const sink = await webhookSink();
    const { config, store, dataDir } = await setup({ WEBHOOK_URL: sink.url }, ["webhook"]);
    startRelay(leadRelay({ config, logger, store }));
    const resume = await pdfFile(3000);
    const lead = await accept(store, dataDir, resume);
    const [hook] = await sink.waitFor(1);
    const payload = new Webhook(SECRET).verify(hook?.body ?? "", hook?.headers as Record<string, string>) as {
      data: { resume: { url: string; name: string; size: number } };
    };
    expect(hook?.body).not.toContain(resume.subarray(0, 64).toString("base64"));
    expect(payload.data.resume).toMatchObject({ name: "cv.pdf", size: 3000 });
    const link = new URL(payload.data.resume.url);
    expect(link.origin + link.pathname).toBe(`https://www.example.org/api/webhook/resumes/${lead.id}`);

    const api = createResumeLinkApi({ config, store });
    const get = (url: string) => api.request(url.replace("https://www.example.org/api/webhook", ""));
    const ok = await get(link.href);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toBe("application/pdf");
    expect(Buffer.compare(Buffer.from(await ok.arrayBuffer()), resume)).toBe(0);

    expect((await get(`${link.origin}${link.pathname}`)).status).toBe(403);
    const tampered = new URL(link);
    tampered.searchParams.set("expires", String(Number(link.searchParams.get("expires")) + 1));
    expect((await get(tampered.href)).status).toBe(403);
    const otherSecret = createResumeLinkApi({
      config: { WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 9).toString("base64")}` },
      store,
    });
    expect((await otherSecret.request(link.pathname.replace("/api/webhook", "") + link.search)).status).toBe(
      403,
    );
    const later = createResumeLinkApi({ config, store, now: () => Date.now() + 8 * 24 * 3_600_000 });
    expect((await later.request(link.pathname.replace("/api/webhook", "") + link.search)).status).toBe(403);
  });
});
