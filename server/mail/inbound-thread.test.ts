import { beforeAll, describe, expect, it } from "vitest";
import { eraseAnswer, erasePreviewAnswer } from "../../staff/api.ts";
import { leadListAnswer, leadPageAnswer } from "../../staff/leads-api.ts";
import { replyFromPerson } from "../../test-support/inbound-mail.ts";
import type { StaffMemberFixture } from "../../test-support/staff-harness.ts";
import { DIALECTS } from "../../test-support/test-database.ts";
import { staffHarnessFixture } from "../../test-support/vitest-fixtures.ts";
import { createLogger } from "../runtime/logger.ts";
import { newId } from "../store/ids.ts";
import { confirmationPlan, confirmationSettingsOf } from "./confirmation-plan.ts";
import { createInboundApi } from "./inbound-api.ts";
import { tokenOfMessageId } from "./message-ids.ts";

const TOKEN = "inbound-token-0123456789abcdef";
const MAIL_FROM = "Northwind <hello@northwind.example>";
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(300, 0x20)]);

/**
 * A person's reply reaching their lead: matched by In-Reply-To, References or the plus-address against
 * the Message-IDs the server sent; shown on that lead as plain text, with its attachments, to the roles that may
 * see the lead and nobody else.
 */
describe.each(DIALECTS)("replies from people on their leads on %s", (dialect) => {
  const h = staffHarnessFixture(dialect);
  let inbound: ReturnType<typeof createInboundApi>;
  let seller: StaffMemberFixture;
  let recruiter: StaffMemberFixture;
  let admin: StaffMemberFixture;
  const leads = { demo: "", application: "" };
  const sent = { demo: "", application: "" };

  /** A lead as the lead API makes it, with a confirmation sent: its Message-ID is what a reply cites. */
  async function leadWithConfirmation(
    formId: "chartassist-demo" | "nurse-application",
    fields: Record<string, string>,
  ) {
    const lead = { formId, state: "pending" as const, fields };
    const id = newId();
    await h.store.intake.acceptLead({
      id,
      ...lead,
      createdAt: Date.now(),
      confirmation: confirmationPlan(lead, {
        enabled: true,
        mail: { from: MAIL_FROM },
        company: h.config.site.company,
        hoursPerBusinessDay: 8,
        limits: confirmationSettingsOf(h.config).limits,
      }),
    });
    const row = await h.db
      .selectFrom("mail_outbox")
      .select("message_id")
      .where("lead_id", "=", id)
      .executeTakeFirstOrThrow();
    return { id, messageId: row.message_id ?? "" };
  }

  beforeAll(async () => {
    inbound = createInboundApi({
      config: { INBOUND_EMAIL_TOKEN: TOKEN, MAIL_FROM },
      store: h.store,
      logger: createLogger("silent"),
    });
    seller = await h.addStaff("sales", "seller@staff.example");
    recruiter = await h.addStaff("recruiting", "recruiter@staff.example");
    admin = await h.addStaff("admin", "admin@staff.example");
    const demo = await leadWithConfirmation("chartassist-demo", {
      name: "Ada Lovelace",
      email: "ada@example.com",
      company: "Analytical Care",
    });
    const application = await leadWithConfirmation("nurse-application", {
      firstName: "Ada",
      lastName: "Lovelace",
      // Another address: one address gets one confirmation a day, and this lead's must have a Message-ID.
      email: "ada.nurse@example.com",
      consent: "on",
    });
    leads.demo = demo.id;
    sent.demo = demo.messageId;
    leads.application = application.id;
    sent.application = application.messageId;
  });

  const deliver = async (message: Buffer) => {
    const response = await inbound.request("/email", {
      method: "POST",
      body: new Uint8Array(message),
      headers: { "Content-Type": "message/rfc822", Authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(202);
  };
  /** Opens the lead as its page does: reads it, then says it was shown with the messages it showed. */
  const open = async (who: StaffMemberFixture, id: string) => {
    const response = await h.request(`/leads/${id}`, { cookie: who.cookie });
    expect(response.status).toBe(200);
    const page = leadPageAnswer.parse(await response.json());
    const read = page.conversation.flatMap((entry) =>
      entry.kind === "inbound" && !entry.read ? [entry.id] : [],
    );
    const seen = await h.request(`/leads/${id}/seen`, { method: "POST", cookie: who.cookie, json: { read } });
    expect(seen.status).toBe(204);
    return page;
  };

  it("files a reply on the lead whose confirmation it answers, unread and awaiting us, with its attachment", async () => {
    await deliver(
      await replyFromPerson({
        messageId: "<ada-1@mail.example.com>",
        inReplyTo: sent.demo,
        references: [sent.demo],
        text: "Tuesday at 10 suits me.",
        attachments: [{ filename: "../../etc/agenda.pdf", content: PDF, contentType: "application/pdf" }],
      }),
    );
    const list = leadListAnswer.parse(await (await h.request("/leads", { cookie: seller.cookie })).json());
    expect(list.leads.find((lead) => lead.id === leads.demo)).toMatchObject({
      unreadReplies: 1,
      awaitingUs: true,
    });
    const page = await open(seller, leads.demo);
    const reply = page.conversation.find((entry) => entry.kind === "inbound");
    expect(reply).toMatchObject({
      kind: "inbound",
      from: { name: "Ada Lovelace", address: "ada@example.com" },
      subject: "Re: Scheduling your demo",
      read: false,
    });
    expect(reply?.kind === "inbound" && reply.text).toBe("Tuesday at 10 suits me.");
    expect(page.conversation.map((entry) => entry.kind)).toEqual(["confirmation", "inbound"]);
    const [file] = reply?.kind === "inbound" ? reply.attachments : [];
    expect(file).toMatchObject({ filename: "agenda.pdf", size: PDF.length });

    const download = await h.request(`/leads/${leads.demo}/attachments/${file?.id}`, {
      cookie: seller.cookie,
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("Cache-Control")).toBe("no-store");
    expect(download.headers.get("Content-Disposition")).toMatch(/^attachment; /);
    expect(download.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(download.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PDF);
    const forbidden = await h.request(`/leads/${leads.demo}/attachments/${file?.id}`, {
      cookie: recruiter.cookie,
    });
    expect(forbidden.status).toBe(404);
    // Another lead's id with this file's: no such file on that lead.
    const crossed = await h.request(`/leads/${leads.application}/attachments/${file?.id}`, {
      cookie: recruiter.cookie,
    });
    expect(crossed.status).toBe(404);
    expect(
      (await h.request(`/leads/${leads.demo}/attachments/not-an-id`, { cookie: seller.cookie })).status,
    ).toBe(404);

    // Opened: read, still awaiting an answer.
    const again = await open(seller, leads.demo);
    expect(again.conversation.find((entry) => entry.kind === "inbound")).toMatchObject({ read: true });
  });

  it("keeps a message citing another role's lead on that lead, never shown to the wrong role", async () => {
    expect(sent.application).toMatch(/^<[0-9a-f]{44}@northwind\.example>$/);
    await deliver(
      await replyFromPerson({
        messageId: "<ada-2@mail.example.com>",
        // It answers the application, though its References also name the demo.
        inReplyTo: sent.application,
        references: [sent.demo, sent.application],
        text: "recruiting-only-canary: my licence number is attached.",
      }),
    );
    const demo = await open(seller, leads.demo);
    expect(JSON.stringify(demo)).not.toContain("recruiting-only-canary");
    expect((await h.request(`/leads/${leads.application}`, { cookie: seller.cookie })).status).toBe(404);
    const list = leadListAnswer.parse(
      await (await h.request("/leads?awaiting=1", { cookie: seller.cookie })).json(),
    );
    expect(list.leads.map((lead) => lead.id)).toEqual([leads.demo]);
    const application = await open(recruiter, leads.application);
    expect(JSON.stringify(application.conversation)).toContain("recruiting-only-canary");
  });

  it("matches a reply by its plus-address token alone, and shows an HTML-only body as inert text", async () => {
    const token = tokenOfMessageId(sent.demo) ?? "";
    await deliver(
      await replyFromPerson({
        messageId: "<ada-3@mail.example.com>",
        to: `reply+${token}@northwind.example`,
        inReplyTo: undefined,
        references: undefined,
        text: undefined,
        html: '<p>Hello <b>team</b></p><script>alert("pwned")</script><img src=x onerror="alert(1)"><a href="javascript:alert(2)">link</a>',
      }),
    );
    const page = await open(seller, leads.demo);
    const html = page.conversation.filter((entry) => entry.kind === "inbound").at(-1);
    const text = html?.kind === "inbound" ? html.text : "";
    expect(text).toContain("Hello");
    expect(text).toContain("team");
    for (const live of ["<script", "<img", "onerror", "<a ", "<p>", 'alert("pwned")'])
      expect(text).not.toContain(live);
  });

  it("takes a replayed message once, and a reply to nothing we sent stays unmatched", async () => {
    const replay = await replyFromPerson({ messageId: "<ada-1@mail.example.com>", inReplyTo: sent.demo });
    await deliver(replay);
    await deliver(
      await replyFromPerson({
        messageId: "<stranger@mail.example.com>",
        inReplyTo: "<someone-else@example.org>",
      }),
    );
    const rows = await h.db.selectFrom("inbound_messages").select(["message_id", "lead_id"]).execute();
    expect(rows.filter((row) => row.message_id === "<ada-1@mail.example.com>")).toHaveLength(1);
    expect(rows.find((row) => row.message_id === "<stranger@mail.example.com>")?.lead_id).toBeNull();
  });

  it("counts the person's attachments among the erasure preview's files, and erases them with their leads and their unmatched mail", async () => {
    const unmatched = (from: string, messageId: string) =>
      replyFromPerson({
        from,
        messageId,
        inReplyTo: "<nothing-we-sent@example.org>",
        references: undefined,
        attachments: [{ filename: "notes.txt", content: "unmatched-attachment", contentType: "text/plain" }],
      });
    await deliver(await unmatched('"Ada" <ADA@Example.com>', "<ada-unmatched@mail.example.com>"));
    await deliver(await unmatched('"Someone" <someone@example.org>', "<someone-unmatched@mail.example.org>"));
    const preview = await h.request("/erase/preview", {
      method: "POST",
      cookie: admin.cookie,
      json: { email: "ada@example.com" },
    });
    // The agenda on the demo's reply, and the file on the unmatched mail from the same address in another case.
    expect(erasePreviewAnswer.parse(await preview.json())).toMatchObject({ files: 2 });
    const erased = await h.request("/erase", {
      method: "POST",
      cookie: admin.cookie,
      json: { email: "ada@example.com" },
    });
    expect(eraseAnswer.parse(await erased.json()).erased).toMatchObject({ leads: 1, files: 2 });
    const other = await h.request("/erase", {
      method: "POST",
      cookie: admin.cookie,
      json: { email: "ada.nurse@example.com" },
    });
    expect(other.status).toBe(200);
    const left = await h.db.selectFrom("inbound_messages").select(["lead_id", "from_address"]).execute();
    expect(left.filter((row) => row.lead_id !== null)).toEqual([]);
    // Only mail from someone else is left.
    expect(
      left.map((row) => row.from_address.toLowerCase()).filter((address) => address.includes("ada")),
    ).toEqual([]);
    expect(left.map((row) => row.from_address)).toContain("someone@example.org");
    const files = await h.db.selectFrom("inbound_attachments").select("filename").execute();
    expect(files).toEqual([{ filename: "notes.txt" }]);
  });
});
