import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditPageAnswer } from "../../../staff/api.ts";
import { leadListAnswer, leadPageAnswer } from "../../../staff/leads-api.ts";
import {
  openStaffHarness,
  type StaffHarness,
  type StaffMemberFixture,
} from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import type { InboundMail } from "../../store/store-records.ts";

const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(400, 0x20)]);

/** The headers of a request a page on another site makes: a link followed, a frame, an image. */
const FROM_ELSEWHERE: Record<string, string>[] = [
  { "X-No-Origin": "1", "Sec-Fetch-Site": "cross-site" },
  { "X-No-Origin": "1", "Sec-Fetch-Site": "same-site" },
  { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
  { Origin: "null" },
];

/**
 * No GET changes anything, and no request another site makes reaches a handler: a lead filed by an attacker
 * cannot have its replies marked read, or an export or a file fetched, by a link a staff member follows.
 */
describe.each(DIALECTS)("staff reads on %s", (dialect) => {
  let h: StaffHarness;
  let seller: StaffMemberFixture;
  let recruiter: StaffMemberFixture;
  let admin: StaffMemberFixture;

  beforeAll(async () => {
    h = await openStaffHarness(dialect);
    [seller, recruiter, admin] = await Promise.all([
      h.addStaff("sales"),
      h.addStaff("recruiting"),
      h.addStaff("admin"),
    ]);
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A message from the person, filed on their lead as the inbound endpoint files it. */
  const reply = (leadId: string, messageId: string, text: string) =>
    h.store.inbound.keep(
      {
        messageId: `<${messageId}@mail.example.com>`,
        from: { name: "Ada Lovelace", address: "ada@example.com" },
        subject: "Re: your demo",
        date: null,
        text,
        attachments: [],
      } satisfies InboundMail,
      leadId,
      Date.now(),
    );

  /** A demo request with one unread message from the person on it. */
  async function leadWithReply(text = "Tuesday works.") {
    const id = await h.seedLead("chartassist-demo", { name: "Ada Lovelace", email: "ada@example.com" });
    await reply(id, `${id}-first`, text);
    return id;
  }

  const stateOf = async (id: string) => {
    const lead = await h.db
      .selectFrom("leads")
      .select(["first_opened_at", "unread_replies"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const unread = await h.db
      .selectFrom("inbound_messages")
      .select("id")
      .where("lead_id", "=", id)
      .where("read_at", "is", null)
      .execute();
    return {
      opened: lead.first_opened_at !== null,
      unreadCount: Number(lead.unread_replies),
      unread: unread.length,
    };
  };

  const auditOf = async (action: string) => {
    const page = auditPageAnswer.parse(await (await h.request("/audit", { cookie: admin.cookie })).json());
    return page.entries.filter((entry) => entry.action === action);
  };

  it("reading a lead changes nothing but the audit; the page's seen request marks what it showed", async () => {
    const id = await leadWithReply();
    const read = await h.request(`/leads/${id}`, { cookie: seller.cookie });
    expect(read.status).toBe(200);
    const page = leadPageAnswer.parse(await read.json());
    expect(await stateOf(id)).toEqual({ opened: false, unreadCount: 1, unread: 1 });
    expect((await auditOf("lead_viewed")).filter((entry) => entry.leadId === id)).toHaveLength(1);

    // A second message arrives between the read and the seen request: it stays unread.
    const shown = page.conversation.flatMap((entry) => (entry.kind === "inbound" ? [entry.id] : []));
    expect(shown).toHaveLength(1);
    await reply(id, `${id}-late`, "Or Wednesday.");
    const seen = await h.request(`/leads/${id}/seen`, {
      method: "POST",
      cookie: seller.cookie,
      json: { read: shown },
    });
    expect(seen.status).toBe(204);
    expect(await stateOf(id)).toEqual({ opened: true, unreadCount: 1, unread: 1 });
    const list = leadListAnswer.parse(await (await h.request("/leads", { cookie: seller.cookie })).json());
    expect(list.leads.find((lead) => lead.id === id)).toMatchObject({ isNew: false, unreadReplies: 1 });
  });

  it("refuses the seen request for a lead outside the role's scope, as if it did not exist", async () => {
    const id = await leadWithReply("Hello again.");
    const refused = await h.request(`/leads/${id}/seen`, {
      method: "POST",
      cookie: recruiter.cookie,
      json: { read: [] },
    });
    expect(refused.status).toBe(404);
    expect(await stateOf(id)).toEqual({ opened: false, unreadCount: 1, unread: 1 });
  });

  it("refuses a lead, the export and a resume asked for from another site, and records no view", async () => {
    const id = await leadWithReply("From elsewhere?");
    const application = await h.seedLead(
      "nurse-application",
      { firstName: "Mary", lastName: "Seacole", email: "mary@example.com", consent: "on" },
      { resume: PDF },
    );
    const before = {
      viewed: (await auditOf("lead_viewed")).length,
      exports: (await auditOf("export")).length,
      resumes: (await auditOf("resume_downloaded")).length,
    };
    for (const headers of FROM_ELSEWHERE) {
      for (const [who, path] of [
        [seller, `/leads/${id}`],
        [seller, "/export.csv"],
        [seller, "/leads"],
        [recruiter, `/leads/${application}/resume`],
        [recruiter, `/leads/${application}/resume?download=1`],
      ] as const) {
        const refused = await h.request(path, { cookie: who.cookie, headers });
        expect([path, refused.status]).toEqual([path, 403]);
        expect(await refused.json()).toMatchObject({ error: "bad_origin" });
      }
      const seen = await h.request(`/leads/${id}/seen`, {
        method: "POST",
        cookie: seller.cookie,
        headers,
        json: { read: [] },
      });
      expect(seen.status).toBe(403);
    }
    expect(await stateOf(id)).toEqual({ opened: false, unreadCount: 1, unread: 1 });
    expect({
      viewed: (await auditOf("lead_viewed")).length,
      exports: (await auditOf("export")).length,
      resumes: (await auditOf("resume_downloaded")).length,
    }).toEqual(before);

    // From the site itself (a fetch, a download link, the PDF frame) and typed into the address bar, they answer.
    const fromSite: Record<string, string>[] = [
      { "X-No-Origin": "1", "Sec-Fetch-Site": "same-origin" },
      { "X-No-Origin": "1", "Sec-Fetch-Site": "none" },
      { "X-No-Origin": "1" },
    ];
    for (const headers of fromSite) {
      expect((await h.request(`/leads/${id}`, { cookie: seller.cookie, headers })).status).toBe(200);
      expect((await h.request("/export.csv", { cookie: seller.cookie, headers })).status).toBe(200);
      expect(
        (await h.request(`/leads/${application}/resume`, { cookie: recruiter.cookie, headers })).status,
      ).toBe(200);
    }
  });
});
