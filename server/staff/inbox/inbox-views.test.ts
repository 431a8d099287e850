import { beforeAll, describe, expect, it } from "vitest";
import { type LeadList, type LeadPage, leadListAnswer, leadPageAnswer } from "../../../staff/leads-api.ts";
import type { StaffMemberFixture } from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import { staffHarnessFixture } from "../../../test-support/vitest-fixtures.ts";
import { confirmationPlan, confirmationSettingsOf } from "../../mail/confirmation-plan.ts";
import { newId } from "../../store/ids.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The inbox's views and what the conversation and the response promise add to the lead page (staff/api.ts,
 * staff/conversation.ts):
 * "Awaiting us", "Mine", "Overdue", "Spam" (admins only) and the Due-first sort, with their counts; each lead's
 * promise; "Other requests from this person", limited to what the viewer's role may see. Every answer is
 * parsed with the contract's own schema.
 */
describe.each(DIALECTS)("the inbox's views on %s", (dialect) => {
  const h = staffHarnessFixture(dialect);
  let admin: StaffMemberFixture;
  let recruiter: StaffMemberFixture;
  let seller: StaffMemberFixture;
  const ids = { oldDemo: "", freshDemo: "", application: "", spam: "", stranger: "" };

  beforeAll(async () => {
    admin = await h.addStaff("admin", "admin@staff.example");
    recruiter = await h.addStaff("recruiting", "recruiter@staff.example");
    seller = await h.addStaff("sales", "seller@staff.example");
    const now = Date.now();
    ids.oldDemo = await h.seedLead(
      "chartassist-demo",
      {
        name: "Grace Hopper",
        email: "Grace@Example.com",
        company: "Navy Yard Clinic",
        phone: "(212) 555-0142",
      },
      { createdAt: now - 3 * DAY, dueAt: now - 3 * DAY + 4 * HOUR },
    );
    ids.freshDemo = await h.seedLead(
      "careworks-demo",
      { name: "Ada Lovelace", email: "ada@example.com", company: "Analytical Care" },
      { createdAt: now - HOUR, dueAt: now + 3 * HOUR },
    );
    // The same person as the old demo (another case, another spelling of the phone), as a nurse.
    ids.application = await h.seedLead(
      "nurse-application",
      {
        firstName: "Grace",
        lastName: "Hopper",
        email: " grace@example.COM",
        phone: "+1 212-555-0142",
        consent: "on",
      },
      { createdAt: now - DAY, dueAt: now + DAY },
    );
    ids.spam = await h.seedLead(
      "chartassist-demo",
      { name: "Buy Now", email: "grace@example.com", company: "Spam Inc" },
      { state: "spam", createdAt: now - 2 * HOUR },
    );
    ids.stranger = await h.seedLead(
      "careworks-demo",
      { name: "Someone Else", email: "else@example.com", company: "Elsewhere", phone: "555-0100" },
      { createdAt: now - 2 * DAY, dueAt: now + HOUR },
    );
  });

  const list = async (who: StaffMemberFixture, query = ""): Promise<LeadList> => {
    const answer = await h.request(`/leads${query}`, { cookie: who.cookie });
    expect(answer.status).toBe(200);
    return leadListAnswer.parse(await answer.json());
  };
  /** Opens the lead as its page does: reads it, then says it was shown with the messages it showed. */
  const open = async (who: StaffMemberFixture, id: string): Promise<LeadPage> => {
    const answer = await h.request(`/leads/${id}`, { cookie: who.cookie });
    expect(answer.status).toBe(200);
    const page = leadPageAnswer.parse(await answer.json());
    const read = page.conversation.flatMap((entry) =>
      entry.kind === "inbound" && !entry.read ? [entry.id] : [],
    );
    const seen = await h.request(`/leads/${id}/seen`, { method: "POST", cookie: who.cookie, json: { read } });
    expect(seen.status).toBe(204);
    return page;
  };
  const idsOf = (page: LeadList) => page.leads.map((lead) => lead.id);

  it("gives each lead its promise: due, missed once the due time passed unanswered, met or missed when answered", async () => {
    const page = await list(seller);
    const row = (id: string) => page.leads.find((lead) => lead.id === id);
    expect(row(ids.freshDemo)?.promise).toMatchObject({ state: "due", respondedAt: null });
    expect(row(ids.oldDemo)?.promise.state).toBe("missed");
    const detail = await open(seller, ids.freshDemo);
    expect(detail.lead.promise.state).toBe("due");
    expect(detail.lead.promiseWords).toBe("within 4 business hours");
    expect(detail.lead.firstName).toBe("Ada");
    expect(detail.lead.spam).toBe(false);
    expect(detail.conversation).toEqual([]);
  });

  it("counts and lists Overdue (unanswered past due), and taking a lead out of New answers it", async () => {
    const before = await list(seller, "?overdue=1");
    expect(idsOf(before)).toEqual([ids.oldDemo]);
    expect(before.counts.views.overdue).toBe(1);
    const changed = await h.request(`/leads/${ids.oldDemo}`, {
      method: "PATCH",
      cookie: seller.cookie,
      json: { status: "Contacted" },
    });
    expect(changed.status).toBe(200);
    const after = await list(seller, "?overdue=1");
    expect(idsOf(after)).toEqual([]);
    expect(after.counts.views.overdue).toBe(0);
    const page = await open(seller, ids.oldDemo);
    expect(page.lead.promise.state).toBe("missed");
    expect(page.lead.promise.respondedAt).not.toBeNull();
  });

  it("lists Mine: the leads assigned to the viewer, counted whatever the other filters", async () => {
    expect((await list(seller)).counts.views.mine).toBe(0);
    const assigned = await h.request(`/leads/${ids.stranger}`, {
      method: "PATCH",
      cookie: seller.cookie,
      json: { assigneeId: seller.id },
    });
    expect(assigned.status).toBe(200);
    const mine = await list(seller, "?mine=1");
    expect(idsOf(mine)).toEqual([ids.stranger]);
    expect((await list(seller, "?form=chartassist-demo")).counts.views.mine).toBe(1);
    expect(idsOf(await list(admin, "?mine=1"))).toEqual([]);
  });

  it("lists Awaiting us: the leads whose last message is the person's", async () => {
    await h.db
      .updateTable("leads")
      .set({ awaiting_since: Date.now() - HOUR, unread_replies: 2 })
      .where("id", "=", ids.freshDemo)
      .execute();
    const awaiting = await list(seller, "?awaiting=1");
    expect(idsOf(awaiting)).toEqual([ids.freshDemo]);
    expect(awaiting.counts.views.awaiting).toBe(1);
    expect(awaiting.leads[0]).toMatchObject({ awaitingUs: true, unreadReplies: 2 });
    // Opening the lead reads what the person sent; the lead still awaits an answer.
    await open(seller, ids.freshDemo);
    const read = await list(seller, "?awaiting=1");
    expect(read.leads[0]).toMatchObject({ awaitingUs: true, unreadReplies: 0 });
    expect(idsOf(await list(recruiter, "?awaiting=1"))).toEqual([]);
  });

  it("sorts Due first: unanswered leads by due time, then the rest newest first", async () => {
    const sorted = await list(admin, "?sort=due");
    expect(idsOf(sorted)).toEqual([ids.stranger, ids.freshDemo, ids.application, ids.oldDemo]);
    expect(idsOf(await list(admin))).toEqual([ids.freshDemo, ids.application, ids.stranger, ids.oldDemo]);
  });

  it("shows spam to admins alone, under Spam, and the Spam view is a 404 for everyone else", async () => {
    const spam = await list(admin, "?spam=1");
    expect(idsOf(spam)).toEqual([ids.spam]);
    expect(spam.leads[0]?.spam).toBe(true);
    expect(spam.counts.views.spam).toBe(1);
    expect(idsOf(await list(admin))).not.toContain(ids.spam);
    expect((await list(seller)).counts.views.spam).toBeUndefined();
    const refused = await h.request("/leads?spam=1", { cookie: seller.cookie });
    expect(refused.status).toBe(404);
    expect((await h.request(`/leads/${ids.spam}`, { cookie: seller.cookie })).status).toBe(404);
    expect((await open(admin, ids.spam)).lead.spam).toBe(true);
  });

  it("links one person's requests by e-mail (any case) and phone (E.164), but only those the role may see", async () => {
    const asAdmin = await open(admin, ids.oldDemo);
    expect(asAdmin.otherRequests.map((other) => other.id)).toEqual([ids.application]);
    expect(asAdmin.otherRequests[0]).toMatchObject({ formLabel: "Nurse application", status: "New" });
    // The seller sees the demo, never the nurse application; spam is nobody's "other request".
    expect((await open(seller, ids.oldDemo)).otherRequests).toEqual([]);
    expect((await open(recruiter, ids.application)).otherRequests).toEqual([]);
    expect((await open(admin, ids.application)).otherRequests.map((other) => other.id)).toEqual([
      ids.oldDemo,
    ]);
    // "555-0100" is no valid number: it links nobody.
    expect((await open(admin, ids.stranger)).otherRequests).toEqual([]);
  });

  it("shows the confirmation on the thread and, once queued, in the delivery panel; or why none was sent", async () => {
    const fields = { name: "Katherine Johnson", email: "kj@example.com", company: "Langley Care", phone: "" };
    const settings = {
      enabled: true,
      mail: { from: "Northwind <hello@northwind.example>" },
      company: h.config.site.company,
      hoursPerBusinessDay: 8,
      limits: confirmationSettingsOf(h.config).limits,
    };
    const lead = { formId: "chartassist-demo" as const, state: "pending" as const, fields };
    const queued = newId();
    await h.store.intake.acceptLead({
      id: queued,
      ...lead,
      createdAt: Date.now(),
      confirmation: confirmationPlan(lead, settings),
    });
    await h.db
      .updateTable("mail_outbox")
      .set({ state: "dead", attempts: 9, last_error: "SMTP 550 after DATA", next_attempt_at: null })
      .where("lead_id", "=", queued)
      .execute();
    const page = await open(seller, queued);
    expect(page.lead.deliveries.at(-1)).toMatchObject({
      channel: "confirmation",
      state: "dead",
      attempts: 9,
    });
    expect(page.conversation).toEqual([
      expect.objectContaining({
        kind: "confirmation",
        to: "kj@example.com",
        subject: "We received your ChartAssist demo request",
        notSent: null,
        delivery: expect.objectContaining({ state: "dead", lastError: "SMTP 550 after DATA" }),
      }),
    ]);
    expect(page.conversation[0]?.kind === "confirmation" && page.conversation[0].text).toMatch(
      /^Hello Katherine,/,
    );

    const skipped = newId();
    const off = { ...lead, fields: { ...fields, email: "other@example.com" } };
    await h.store.intake.acceptLead({
      id: skipped,
      ...off,
      createdAt: Date.now(),
      confirmation: confirmationPlan(off, { ...settings, enabled: false }),
    });
    const quiet = await open(seller, skipped);
    expect(quiet.lead.deliveries.map((delivery) => delivery.channel)).not.toContain("confirmation");
    expect(quiet.conversation).toEqual([
      expect.objectContaining({ kind: "confirmation", delivery: null, notSent: "disabled" }),
    ]);
  });
});
