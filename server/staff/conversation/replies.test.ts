import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditPageAnswer } from "../../../staff/api.ts";
import { replyAnswer } from "../../../staff/conversation.ts";
import { leadListAnswer, leadPageAnswer } from "../../../staff/leads-api.ts";
import { waitFor } from "../../../test-support/server-process.ts";
import type { StaffMemberFixture } from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import { smtpSinkFixture, staffHarnessFixture } from "../../../test-support/vitest-fixtures.ts";
import { mailMessages } from "../../relay/mail-messages.ts";
import { createOutboxWorker, type OutboxWorker } from "../../relay/outbox-worker.ts";
import { createLogger } from "../../runtime/logger.ts";

const MAIL_FROM = "Northwind Care <hello@northwind.example>";
const TEXT = "Hello Grace,\n\nCould you tell us which days suit you?\n\nsecret-reply-canary-41";

/**
 * Replies from the lead page through the staff API, the mail outbox and its worker to a real SMTP
 * server: the headers, the thread, the refusals (header injection, a message too long, another role's lead), the
 * audit, and Retry of a reply the mail server refused.
 */
describe.each(DIALECTS)("staff replies on %s", (dialect) => {
  const sink = smtpSinkFixture();
  const h = staffHarnessFixture(dialect, () => ({
    SMTP_URL: sink.url,
    MAIL_FROM,
    RELAY_POLL_MS: "50",
    RELAY_BASE_DELAY_MS: "20",
    RELAY_MAX_DELAY_MS: "50",
    RELAY_GIVE_UP_AFTER_MS: "400",
  }));
  let worker: OutboxWorker;
  let seller: StaffMemberFixture;
  let recruiter: StaffMemberFixture;
  let admin: StaffMemberFixture;
  let demo = "";

  beforeAll(async () => {
    worker = createOutboxWorker({
      config: h.config,
      logger: createLogger("silent"),
      kinds: [mailMessages({ config: h.config, store: h.store })],
    });
    worker.start();
    seller = await h.addStaff("sales", "seller@staff.example");
    recruiter = await h.addStaff("recruiting", "recruiter@staff.example");
    admin = await h.addStaff("admin", "admin@staff.example");
    demo = await h.seedLead("chartassist-demo", {
      name: "Grace Hopper",
      email: "grace@example.com",
      company: "Navy Yard Clinic",
    });
  });
  afterAll(async () => {
    await worker.stop(1000);
  });
  beforeEach(() => {
    sink.respondWith(() => null);
  });

  const reply = (who: StaffMemberFixture, leadId: string, json: unknown) =>
    h.request(`/leads/${leadId}/replies`, { method: "POST", cookie: who.cookie, json });
  const queued = () =>
    h.db.selectFrom("mail_outbox").select(["id", "message_id"]).where("kind", "=", "reply").execute();

  it("sends a reply from MAIL_FROM, answered at the staff member's address, with the Message-ID it records", async () => {
    const answer = await reply(seller, demo, { subject: "Your ChartAssist demo", text: TEXT });
    expect(answer.status).toBe(201);
    const body: unknown = await answer.json();
    // Exactly the contract's answer: parsing keeps every field.
    expect(replyAnswer.parse(body)).toEqual(body);
    const { message } = replyAnswer.parse(body);
    expect(message).toMatchObject({
      to: "grace@example.com",
      subject: "Your ChartAssist demo",
      author: { id: seller.id, email: "seller@staff.example" },
    });
    const [mail] = await sink.waitForAccepted(1);
    const [row] = await queued();
    expect(mail?.parsed.messageId).toBe(row?.message_id);
    expect(mail?.parsed.from?.value[0]?.address).toBe("hello@northwind.example");
    expect(mail?.parsed.replyTo?.value[0]?.address).toBe("seller@staff.example");
    expect(mail?.parsed.subject).toBe("Your ChartAssist demo");
    expect(mail?.parsed.text?.trim()).toBe(TEXT);
    expect(mail?.parsed.html).toBe(false);

    const page = leadPageAnswer.parse(
      await (await h.request(`/leads/${demo}`, { cookie: seller.cookie })).json(),
    );
    const entry = page.conversation.find((item) => item.id === message.id);
    await waitFor(async () => {
      const opened = leadPageAnswer.parse(
        await (await h.request(`/leads/${demo}`, { cookie: seller.cookie })).json(),
      );
      const sent = opened.conversation.find((item) => item.id === message.id);
      return sent?.kind === "reply" && sent.delivery.state === "delivered" ? true : undefined;
    });
    expect(entry?.kind).toBe("reply");
    // A reply answers the lead: its promise has its first response.
    expect(page.lead.promise.respondedAt).not.toBeNull();
    expect(page.history.map((item) => item.action)).toContain("reply");
  });

  it("threads a second reply after the first, and audits each with the lead and the Message-ID, never the text", async () => {
    const answer = await reply(seller, demo, { subject: "Re: Your ChartAssist demo", text: "And Tuesday?" });
    expect(answer.status).toBe(201);
    await sink.waitForAccepted(2);
    const [first, second] = sink.accepted;
    expect(second?.parsed.inReplyTo).toBe(first?.parsed.messageId);
    expect(second?.parsed.references).toBe(first?.parsed.messageId);
    const audit = auditPageAnswer.parse(await (await h.request("/audit", { cookie: admin.cookie })).json());
    const sent = audit.entries.filter((entry) => entry.action === "reply_sent");
    expect(sent).toHaveLength(2);
    for (const entry of sent) {
      expect(entry.leadId).toBe(demo);
      expect(entry.detail).toMatch(/^message <[0-9a-f]{44}@northwind\.example>$/);
    }
    expect(JSON.stringify(audit)).not.toContain("secret-reply-canary");
  });

  it("refuses header injection in the subject and a message over 20,000 characters with 422, and sends nothing", async () => {
    const before = (await queued()).length;
    for (const subject of [
      "Hello\r\nBcc: victim@evil.example",
      "Hello\nX-Injected: 1",
      "Hello\u2028Bcc: x@evil.example",
    ]) {
      const refused = await reply(seller, demo, { subject, text: "Hi" });
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({
        error: "bad_reply",
        message: "The subject must be a single line.",
      });
    }
    const long = await reply(seller, demo, { subject: "Long", text: "x".repeat(20_001) });
    expect(long.status).toBe(422);
    expect(await long.json()).toMatchObject({ message: "A message has at most 20000 characters." });
    expect((await reply(seller, demo, { subject: "Fits", text: "é".repeat(20_000) })).status).toBe(201);
    expect((await queued()).length).toBe(before + 1);
  });

  it("refuses an address with a line break (a lead planted past the form's check) with 422", async () => {
    const planted = await h.seedLead("chartassist-demo", {
      name: "Mallory",
      email: "mallory@example.com\r\nBcc: victim@evil.example",
      company: "Evil",
    });
    const refused = await reply(seller, planted, { subject: "Hi", text: "Hi" });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      error: "bad_reply",
      message: "The recipient's address must be a single line.",
    });
  });

  it("answers 404 to a role that may not see the lead, exactly as for a lead that does not exist", async () => {
    const other = await reply(recruiter, demo, { subject: "Hi", text: "Hi" });
    const missing = await reply(recruiter, "0190d4a0-0000-7000-8000-000000000000", {
      subject: "Hi",
      text: "Hi",
    });
    expect(other.status).toBe(404);
    expect(await other.text()).toBe(await missing.text());
    const retry = await h.request(`/leads/${demo}/replies/x/retry`, {
      method: "POST",
      cookie: recruiter.cookie,
    });
    expect(retry.status).toBe(404);
  });

  it("gives up on a refused reply, and Retry sends it again with the same Message-ID", async () => {
    // The earlier tests' replies settled first, so that only this one meets the refusals.
    await h.mailSettled();
    sink.respondWith(() => 550);
    const answer = await reply(seller, demo, { subject: "Will bounce", text: "Hi" });
    const { message } = replyAnswer.parse(await answer.json());
    await waitFor(async () => {
      const row = await h.db
        .selectFrom("mail_outbox")
        .select("state")
        .where("id", "=", message.id)
        .executeTakeFirst();
      return row?.state === "dead" ? true : undefined;
    });
    sink.respondWith(() => null);
    const retried = await h.request(`/leads/${demo}/replies/${message.id}/retry`, {
      method: "POST",
      cookie: seller.cookie,
    });
    expect(retried.status).toBe(200);
    expect(replyAnswer.parse(await retried.json()).message.delivery.state).toBe("pending");
    const row = await h.db
      .selectFrom("mail_outbox")
      .select(["message_id"])
      .where("id", "=", message.id)
      .executeTakeFirst();
    await waitFor(() =>
      sink.accepted.some((mail) => mail.parsed.messageId === row?.message_id) ? true : undefined,
    );
    // Only a reply that was given up can be retried.
    const again = await h.request(`/leads/${demo}/replies/${message.id}/retry`, {
      method: "POST",
      cookie: seller.cookie,
    });
    expect(again.status).toBe(422);
  });

  it("takes the lead off Awaiting us once staff reply", async () => {
    await h.db.updateTable("leads").set({ awaiting_since: Date.now() }).where("id", "=", demo).execute();
    const awaiting = async () =>
      leadListAnswer.parse(await (await h.request("/leads?awaiting=1", { cookie: seller.cookie })).json());
    expect((await awaiting()).leads.map((lead) => lead.id)).toEqual([demo]);
    expect((await reply(seller, demo, { subject: "Re: Tuesday", text: "Tuesday it is." })).status).toBe(201);
    expect((await awaiting()).leads).toEqual([]);
  });
});
