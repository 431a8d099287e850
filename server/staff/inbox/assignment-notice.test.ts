import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formLabelOf } from "../../../staff/labels.ts";
import { leadPageAnswer } from "../../../staff/leads-api.ts";
import { SITE_URL, type StaffMemberFixture } from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import { smtpSinkFixture, staffHarnessFixture } from "../../../test-support/vitest-fixtures.ts";
import { mailMessages } from "../../relay/mail-messages.ts";
import { createOutboxWorker, type OutboxWorker } from "../../relay/outbox-worker.ts";
import { createLogger } from "../../runtime/logger.ts";

const MAIL_FROM = "Northwind Care <hello@northwind.example>";
const LEAD = {
  name: "Grace Hopper",
  email: "grace.canary@example.com",
  company: "Navy Yard Clinic",
  phone: "555-0142",
};

/**
 * The assignment notice through the staff API, the mail outbox and its worker to a real SMTP server:
 * one e-mail to whoever someone else assigns a lead, with its link; none on self-assignment, none once they turn
 * them off, none for an unchanged assignee; retried like a reply; nothing the person gave with
 * MAIL_PERSONAL_DATA=false.
 */
describe.each(DIALECTS)("assignment notices on %s", (dialect) => {
  for (const personalData of [true, false]) {
    describe(`with MAIL_PERSONAL_DATA=${personalData}`, () => {
      const sink = smtpSinkFixture();
      const h = staffHarnessFixture(dialect, () => ({
        SMTP_URL: sink.url,
        MAIL_FROM,
        MAIL_PERSONAL_DATA: String(personalData),
        RELAY_POLL_MS: "50",
        RELAY_BASE_DELAY_MS: "20",
        RELAY_MAX_DELAY_MS: "50",
      }));
      let worker: OutboxWorker;
      let seller: StaffMemberFixture;
      let admin: StaffMemberFixture;

      beforeAll(async () => {
        worker = createOutboxWorker({
          config: h.config,
          logger: createLogger("silent"),
          kinds: [mailMessages({ config: h.config, store: h.store })],
        });
        worker.start();
        seller = await h.addStaff("sales");
        admin = await h.addStaff("admin");
      });
      afterAll(async () => {
        await worker?.stop(1000);
      });
      beforeEach(() => {
        sink.respondWith(() => null);
      });

      const demo = () => h.seedLead("chartassist-demo", LEAD);
      const assign = async (who: StaffMemberFixture, leadId: string, assigneeId: string | null) => {
        const answer = await h.request(`/leads/${leadId}`, {
          method: "PATCH",
          cookie: who.cookie,
          json: { assigneeId },
        });
        expect(answer.status).toBe(200);
      };
      const setAssignmentEmails = async (who: StaffMemberFixture, on: boolean) => {
        const answer = await h.request("/settings", {
          method: "PATCH",
          cookie: who.cookie,
          json: { assignmentEmails: on },
        });
        expect(answer.status).toBe(200);
      };
      /** Every notice queued so far has been sent or given up: what the sink holds is all there will be. */
      const settled = () => h.mailSettled();
      const noticesTo = (who: StaffMemberFixture) =>
        sink.accepted.filter((mail) => mail.envelope.to.includes(who.email));

      it("sends one e-mail to the new assignee, from MAIL_FROM, automatic, with the lead's link", async () => {
        const leadId = await demo();
        await assign(admin, leadId, seller.id);
        const [mail] = await sink.waitForAccepted(1);
        await assign(admin, leadId, seller.id);
        await settled();
        expect(noticesTo(seller)).toHaveLength(1);
        expect(sink.accepted).toHaveLength(1);
        expect(mail?.parsed.from?.value[0]?.address).toBe("hello@northwind.example");
        expect(mail?.parsed.subject).toBe(`Lead assigned to you: ${formLabelOf("chartassist-demo")}`);
        expect(mail?.parsed.headers.get("auto-submitted")).toBe("auto-generated");
        expect(mail?.parsed.html).toBe(false);
        const text = mail?.parsed.text ?? "";
        expect(text).toContain(`${SITE_URL}/staff/leads/${leadId}`);
        expect(text).toContain("assigned you a lead");
        if (personalData) expect(text).toContain("Grace Hopper, Navy Yard Clinic");
        // The notice is no part of the person's thread.
        const page = leadPageAnswer.parse(
          await (await h.request(`/leads/${leadId}`, { cookie: seller.cookie })).json(),
        );
        expect(page.conversation).toEqual([]);
        // Nor does a reply to it thread onto the lead, or a reply to the person cite it.
        expect(await h.store.inbound.leadOf([mail?.parsed.messageId ?? ""])).toBeNull();
        expect(await h.store.mail.threadIds(leadId)).toEqual([]);
      });

      it.skipIf(personalData)("carries nothing the person gave when MAIL_PERSONAL_DATA=false", async () => {
        const leadId = await demo();
        const before = sink.accepted.length;
        await assign(admin, leadId, seller.id);
        const mail = (await sink.waitForAccepted(before + 1))[before];
        const raw = JSON.stringify(mail?.parsed);
        for (const value of [...Object.values(LEAD), "Grace", "grace.canary", "Navy Yard"])
          expect(raw).not.toContain(value);
        expect(mail?.parsed.text).toContain(`${SITE_URL}/staff/leads/${leadId}`);
      });

      it("sends none when the assignee gave themselves the lead", async () => {
        const leadId = await demo();
        const before = sink.accepted.length;
        await assign(seller, leadId, seller.id);
        await assign(admin, leadId, admin.id);
        await settled();
        expect(sink.accepted).toHaveLength(before);
        expect(
          await h.db.selectFrom("mail_outbox").select("id").where("lead_id", "=", leadId).execute(),
        ).toEqual([]);
      });

      it("sends none while the assignee has assignment e-mails off, and again once they turn them on", async () => {
        await setAssignmentEmails(seller, false);
        const quiet = await demo();
        const before = sink.accepted.length;
        await assign(admin, quiet, seller.id);
        await settled();
        expect(sink.accepted).toHaveLength(before);
        await setAssignmentEmails(seller, true);
        const loud = await demo();
        await assign(admin, loud, seller.id);
        const [mail] = (await sink.waitForAccepted(before + 1)).slice(before);
        expect(mail?.parsed.text).toContain(`/staff/leads/${loud}`);
        await settled();
        expect(sink.accepted).toHaveLength(before + 1);
      });

      it("retries a notice the mail server refused for now, and sends it once", async () => {
        const leadId = await demo();
        const before = sink.accepted.length;
        const firstTry = sink.attempts();
        sink.respondWith((index) => (index === firstTry ? 451 : null));
        await assign(admin, leadId, seller.id);
        await settled();
        expect(sink.attempts()).toBe(firstTry + 2);
        expect(sink.accepted.slice(before).map((mail) => mail.parsed.text)).toEqual([
          expect.stringContaining(`/staff/leads/${leadId}`),
        ]);
      });
    });
  }
});
