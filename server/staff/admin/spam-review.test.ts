import { beforeAll, describe, expect, it } from "vitest";
import { auditPageAnswer } from "../../../staff/api.ts";
import { unmatchedPageAnswer } from "../../../staff/conversation.ts";
import { leadChangeAnswer, leadPageAnswer } from "../../../staff/leads-api.ts";
import { replyFromPerson } from "../../../test-support/inbound-mail.ts";
import type { StaffMemberFixture } from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import { staffHarnessFixture } from "../../../test-support/vitest-fixtures.ts";
import { confirmationPlan, confirmationSettingsOf } from "../../mail/confirmation-plan.ts";
import { createInboundApi } from "../../mail/inbound-api.ts";
import { createLogger } from "../../runtime/logger.ts";
import { newId } from "../../store/ids.ts";

const MAIL_FROM = "Northwind <hello@northwind.example>";
const DAY = 86_400_000;

/** The admin's spam review ("Not spam") and "Unmatched mail", as the contract has them. */
describe.each(DIALECTS)("spam review and unmatched mail on %s", (dialect) => {
  // A mail server that is never reached: what matters here is what gets queued.
  const h = staffHarnessFixture(dialect, { SMTP_URL: "smtp://127.0.0.1:9", MAIL_FROM });
  let admin: StaffMemberFixture;
  let seller: StaffMemberFixture;
  let spam = "";

  beforeAll(async () => {
    admin = await h.addStaff("admin", "admin@staff.example");
    seller = await h.addStaff("sales", "seller@staff.example");
    const lead = {
      formId: "careworks-demo" as const,
      state: "spam" as const,
      fields: { name: "Real Person", email: "real@example.com", company: "Real Clinic" },
    };
    spam = newId();
    await h.store.intake.acceptLead({
      id: spam,
      ...lead,
      createdAt: Date.now(),
      confirmation: confirmationPlan(lead, confirmationSettingsOf(h.config)),
    });
  });

  const notSpam = (who: StaffMemberFixture) =>
    h.request(`/leads/${spam}/not-spam`, { method: "POST", cookie: who.cookie });

  it("moves a lead out of Spam into delivery with its confirmation, for admins only, audited", async () => {
    const before = leadPageAnswer.parse(
      await (await h.request(`/leads/${spam}`, { cookie: admin.cookie })).json(),
    );
    expect(before.conversation).toEqual([expect.objectContaining({ kind: "confirmation", notSent: "spam" })]);
    expect(before.lead.deliveries).toEqual([]);
    expect((await notSpam(seller)).status).toBe(404);

    const released = await notSpam(admin);
    expect(released.status).toBe(200);
    const { lead } = leadChangeAnswer.parse(await released.json());
    expect(lead.spam).toBe(false);
    expect(lead.deliveries.map((delivery) => [delivery.channel, delivery.state])).toEqual([
      ["formservice", "pending"],
      ["confirmation", "pending"],
    ]);
    const page = leadPageAnswer.parse(
      await (await h.request(`/leads/${spam}`, { cookie: seller.cookie })).json(),
    );
    expect(page.conversation).toEqual([
      expect.objectContaining({
        kind: "confirmation",
        notSent: null,
        delivery: expect.objectContaining({ state: "pending" }),
      }),
    ]);
    expect(page.history.map((entry) => entry.action)).toContain("not_spam");
    const audit = auditPageAnswer.parse(await (await h.request("/audit", { cookie: admin.cookie })).json());
    expect(
      audit.entries.filter((entry) => entry.action === "marked_not_spam").map((entry) => entry.leadId),
    ).toEqual([spam]);
    // Once only: it is not spam any more.
    expect((await notSpam(admin)).status).toBe(422);
  });

  it("lists mail that matched no lead for admins, audited, and deletes it after 30 days", async () => {
    const inbound = createInboundApi({
      config: { INBOUND_EMAIL_TOKEN: "inbound-token-0123456789abcdef", MAIL_FROM },
      store: h.store,
      logger: createLogger("silent"),
    });
    const posted = await inbound.request("/email", {
      method: "POST",
      body: new Uint8Array(
        await replyFromPerson({
          messageId: "<lost@mail.example.com>",
          html: "<p>Where is my <b>answer</b>?</p><script>alert(1)</script>",
          text: undefined,
          attachments: [{ filename: "note.txt", content: "hello" }],
        }),
      ),
      headers: { "Content-Type": "message/rfc822", Authorization: "Bearer inbound-token-0123456789abcdef" },
    });
    expect(posted.status).toBe(202);
    expect((await h.request("/unmatched", { cookie: seller.cookie })).status).toBe(404);
    const answer = await h.request("/unmatched", { cookie: admin.cookie });
    const body: unknown = await answer.json();
    expect(unmatchedPageAnswer.parse(body)).toEqual(body);
    const page = unmatchedPageAnswer.parse(body);
    expect(page.total).toBe(1);
    expect(page.messages[0]).toMatchObject({
      from: { address: "ada@example.com" },
      attachments: [expect.objectContaining({ filename: "note.txt", size: 5 })],
    });
    expect(page.messages[0]?.text).not.toContain("<");
    const audit = auditPageAnswer.parse(await (await h.request("/audit", { cookie: admin.cookie })).json());
    expect(audit.entries.some((entry) => entry.action === "unmatched_viewed")).toBe(true);

    // Its file downloads for admins only, as an attachment the browser never shows, and only under its own message.
    const message = page.messages[0];
    const fileId = message?.attachments[0]?.id ?? "";
    const fileOf = (messageId: string, cookie: string) =>
      h.request(`/unmatched/${messageId}/attachments/${fileId}`, { cookie });
    expect((await fileOf(message?.id ?? "", seller.cookie)).status).toBe(404);
    expect((await fileOf(fileId, admin.cookie)).status).toBe(404);
    expect((await fileOf("not-an-id", admin.cookie)).status).toBe(404);
    const file = await fileOf(message?.id ?? "", admin.cookie);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe("hello");
    expect(file.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="note\.txt"/);
    expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(file.headers.get("Cache-Control")).toBe("no-store");
    const downloads = auditPageAnswer.parse(
      await (await h.request("/audit", { cookie: admin.cookie })).json(),
    );
    expect(downloads.entries.filter((entry) => entry.action === "attachment_downloaded")).toHaveLength(1);

    expect(await h.store.inbound.purgeUnmatched(Date.now() + 29 * DAY)).toBe(0);
    expect(await h.store.inbound.purgeUnmatched(Date.now() + 31 * DAY)).toBe(1);
    expect(await h.db.selectFrom("inbound_attachments").select("id").execute()).toEqual([]);
  });
});
