import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE } from "../../../staff/limits.ts";
import { openStaffHarness, type StaffMemberFixture } from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import { staffHarnessFixture } from "../../../test-support/vitest-fixtures.ts";
import { resumePathOf } from "../../store/resume-files.ts";

if (!DIALECTS.includes("postgres"))
  describe.skip("postgres (set DATABASE_URL to run)", () => it("skipped", () => undefined));

const DAY = 86_400_000;
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(2000, 0x20)]);

interface LeadPage {
  lead: { id: string; status: string; statuses: string[]; assignee: { id: string } | null; resume: unknown };
  notes: { id: string; text: string; author: { id: string } }[];
  history: { action: string; from: string | null; to: string | null; actor: { id: string } | null }[];
}
interface ListPage {
  leads: {
    id: string;
    formId: string;
    name: string;
    isNew: boolean;
    status: string;
    organisation: string | null;
  }[];
  total: number;
  counts: { forms: Record<string, number>; statuses: Record<string, number> };
  latestId: string | null;
}

describe.each(DIALECTS)("staff inbox API on %s", (dialect) => {
  const h = staffHarnessFixture(dialect);
  let admin: StaffMemberFixture;
  let recruiter: StaffMemberFixture;
  let seller: StaffMemberFixture;
  const ids = { demo: "", staffing: "", application: "", applicationWithResume: "" };

  beforeAll(async () => {
    admin = await h.addStaff("admin", "admin@staff.example");
    recruiter = await h.addStaff("recruiting", "recruiter@staff.example");
    seller = await h.addStaff("sales", "seller@staff.example");
    const now = Date.now();
    ids.demo = await h.seedLead(
      "chartassist-demo",
      { name: "Grace Hopper", email: "grace@example.com", company: "Navy Yard Clinic", phone: "555-0100" },
      { createdAt: now - 3 * DAY },
    );
    ids.staffing = await h.seedLead(
      "staffing-request",
      { name: "Linus Pauling", email: "linus@example.com", facility: '=HYPERLINK("http://x")' },
      { createdAt: now - 2 * DAY },
    );
    ids.application = await h.seedLead(
      "nurse-application",
      {
        firstName: "Mary",
        lastName: "Seacole",
        email: "mary@example.com",
        consent: "on",
        message: "+1 good",
      },
      { createdAt: now - DAY },
    );
    ids.applicationWithResume = await h.seedLead(
      "nurse-application",
      {
        firstName: "Florence",
        lastName: "Nightingale",
        email: "flo@example.com",
        consent: "on",
        phone: "@home",
      },
      { resume: PDF },
    );
  });

  const get = (who: StaffMemberFixture, pathname: string) => h.request(pathname, { cookie: who.cookie });
  const listOf = async (who: StaffMemberFixture, query = "") =>
    (await (await get(who, `/leads${query}`)).json()) as ListPage;

  describe("role separation, tried as an attacker", () => {
    it("answers a recruiter's request for a demo lead exactly like a lead that does not exist", async () => {
      const demo = await get(recruiter, `/leads/${ids.demo}`);
      const missing = await get(recruiter, `/leads/${randomUUID()}`);
      expect(demo.status).toBe(404);
      expect(missing.status).toBe(404);
      expect(await demo.text()).toBe(await missing.text());
      expect((await get(recruiter, `/leads/${ids.demo}/resume`)).status).toBe(404);
      expect((await get(recruiter, `/leads/${ids.demo}/resume?download=1`)).status).toBe(404);
      expect((await get(recruiter, "/leads/not-even-an-id")).status).toBe(404);
    });

    it("refuses a recruiter's PATCH and note on a demo lead, and leaves it unchanged", async () => {
      const patch = await h.request(`/leads/${ids.demo}`, {
        method: "PATCH",
        cookie: recruiter.cookie,
        json: { status: "Won" },
      });
      expect(patch.status).toBe(404);
      const note = await h.request(`/leads/${ids.demo}/notes`, {
        method: "POST",
        cookie: recruiter.cookie,
        json: { text: "mine now" },
      });
      expect(note.status).toBe(404);
      const page = (await (await get(seller, `/leads/${ids.demo}`)).json()) as LeadPage;
      expect(page.lead.status).toBe("New");
      expect(page.notes).toEqual([]);
    });

    it("lists and exports only what the role may see", async () => {
      const recruiting = await listOf(recruiter);
      expect(new Set(recruiting.leads.map((lead) => lead.formId))).toEqual(new Set(["nurse-application"]));
      expect(recruiting.total).toBe(2);
      expect(Object.keys(recruiting.counts.forms)).toEqual(["nurse-application"]);
      const sales = await listOf(seller);
      expect(sales.leads.map((lead) => lead.id).sort()).toEqual([ids.demo, ids.staffing].sort());

      const csv = await (await get(recruiter, "/export.csv")).text();
      expect(csv).toContain(ids.application);
      expect(csv).not.toContain(ids.demo);
      expect(csv).not.toContain("grace@example.com");
      const salesCsv = await (await get(seller, "/export.csv")).text();
      expect(salesCsv).toContain("grace@example.com");
      expect(salesCsv).not.toContain("mary@example.com");
      expect(salesCsv).not.toContain(ids.applicationWithResume);
    });

    it("keeps sales away from applications and their resumes", async () => {
      expect((await get(seller, `/leads/${ids.application}`)).status).toBe(404);
      expect((await get(seller, `/leads/${ids.applicationWithResume}/resume`)).status).toBe(404);
      expect((await get(seller, "/leads?form=nurse-application")).status).toBe(200);
      expect((await listOf(seller, "?form=nurse-application")).total).toBe(0);
    });

    it("hides the admin endpoints from other roles as if they did not exist", async () => {
      for (const who of [recruiter, seller]) {
        expect((await get(who, "/audit")).status).toBe(404);
        const erase = await h.request("/erase", {
          method: "POST",
          cookie: who.cookie,
          json: { email: "mary@example.com" },
        });
        expect(erase.status).toBe(404);
        const preview = await h.request("/erase/preview", {
          method: "POST",
          cookie: who.cookie,
          json: { email: "mary@example.com" },
        });
        expect(preview.status).toBe(404);
      }
      expect((await get(recruiter, `/leads/${ids.application}`)).status).toBe(200);
    });

    it("refuses a cross-origin PATCH even with a valid session", async () => {
      const response = await h.request(`/leads/${ids.application}`, {
        method: "PATCH",
        cookie: recruiter.cookie,
        headers: { Origin: "https://evil.example" },
        json: { status: "Hired" },
      });
      expect(response.status).toBe(403);
      const page = (await (await get(recruiter, `/leads/${ids.application}`)).json()) as LeadPage;
      expect(page.lead.status).not.toBe("Hired");
    });
  });

  it("lists newest first with filters, search, counts and the new mark", async () => {
    const all = await listOf(admin);
    expect(all.leads.map((lead) => lead.id)).toEqual([
      ids.applicationWithResume,
      ids.application,
      ids.staffing,
      ids.demo,
    ]);
    expect(all.latestId).toBe(ids.applicationWithResume);
    expect(all.counts.forms).toMatchObject({
      "chartassist-demo": 1,
      "staffing-request": 1,
      "nurse-application": 2,
    });

    expect((await listOf(admin, "?form=chartassist-demo")).leads.map((lead) => lead.id)).toEqual([ids.demo]);
    expect((await listOf(admin, "?q=navy%20yard")).leads.map((lead) => lead.id)).toEqual([ids.demo]);
    expect((await listOf(admin, "?q=SEACOLE")).leads.map((lead) => lead.id)).toEqual([ids.application]);
    expect((await listOf(admin, "?q=mary%20seacole")).leads.map((lead) => lead.id)).toEqual([
      ids.application,
    ]);
    expect((await listOf(admin, "?q=0100")).leads.map((lead) => lead.id)).toEqual([ids.demo]);
    expect((await listOf(admin, "?q=%25")).total).toBe(0);
    expect((await listOf(admin, "?delivery=pending")).total).toBe(4);
    expect((await listOf(admin, "?delivery=dead")).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await listOf(admin, `?from=${today}&to=${today}`)).leads.map((lead) => lead.id)).toEqual([
      ids.applicationWithResume,
    ]);
    const bad = await get(admin, "/leads?from=yesterday");
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: string }).error).toBe("bad_filter");

    expect(all.leads.find((lead) => lead.id === ids.staffing)?.isNew).toBe(true);
    // Reading the lead changes nothing; the page then says it was shown.
    expect((await get(seller, `/leads/${ids.staffing}`)).status).toBe(200);
    expect((await listOf(admin)).leads.find((lead) => lead.id === ids.staffing)?.isNew).toBe(true);
    const seen = await h.request(`/leads/${ids.staffing}/seen`, {
      method: "POST",
      cookie: seller.cookie,
      json: { read: [] },
    });
    expect(seen.status).toBe(204);
    expect((await listOf(admin)).leads.find((lead) => lead.id === ids.staffing)?.isNew).toBe(false);
  });

  it("pages 50 at a time", async () => {
    const local = await openStaffHarness(dialect);
    try {
      const who = await local.addStaff("sales");
      const start = Date.now() - DAY;
      for (let index = 0; index < PAGE_SIZE + 5; index++)
        await local.seedLead(
          "payroll-info",
          { name: `P ${index}`, email: `p${index}@example.com` },
          { createdAt: start + index },
        );
      const first = (await (await local.request("/leads", { cookie: who.cookie })).json()) as ListPage & {
        pageSize: number;
      };
      expect(first.pageSize).toBe(PAGE_SIZE);
      expect(first.leads).toHaveLength(PAGE_SIZE);
      expect(first.total).toBe(PAGE_SIZE + 5);
      expect(first.leads[0]?.name).toBe(`P ${PAGE_SIZE + 4}`);
      const second = (await (
        await local.request("/leads?page=2", { cookie: who.cookie })
      ).json()) as ListPage;
      expect(second.leads.map((lead) => lead.name)).toEqual(["P 4", "P 3", "P 2", "P 1", "P 0"]);
    } finally {
      await local.close();
    }
  });

  it("records status, assignee and note changes in the history, with their authors", async () => {
    const patch = await h.request(`/leads/${ids.demo}`, {
      method: "PATCH",
      cookie: seller.cookie,
      json: { status: "Contacted", assigneeId: seller.id },
    });
    expect(patch.status).toBe(200);
    const patched = (await patch.json()) as LeadPage;
    expect(patched.lead.status).toBe("Contacted");
    expect(patched.lead.assignee?.id).toBe(seller.id);

    const wrongWorkflow = await h.request(`/leads/${ids.demo}`, {
      method: "PATCH",
      cookie: seller.cookie,
      json: { status: "Hired" },
    });
    expect(wrongWorkflow.status).toBe(422);
    expect(((await wrongWorkflow.json()) as { error: string }).error).toBe("bad_status");
    const wrongPerson = await h.request(`/leads/${ids.demo}`, {
      method: "PATCH",
      cookie: admin.cookie,
      json: { assigneeId: recruiter.id },
    });
    expect(wrongPerson.status).toBe(422);

    const note = await h.request(`/leads/${ids.demo}/notes`, {
      method: "POST",
      cookie: seller.cookie,
      json: { text: "Called, wants a demo on Friday." },
    });
    expect(note.status).toBe(201);
    const empty = await h.request(`/leads/${ids.demo}/notes`, {
      method: "POST",
      cookie: seller.cookie,
      json: { text: " " },
    });
    expect(empty.status).toBe(422);

    for (const who of [seller, admin])
      await h.request(`/leads/${ids.demo}/seen`, { method: "POST", cookie: who.cookie, json: { read: [] } });
    const page = (await (await get(admin, `/leads/${ids.demo}`)).json()) as LeadPage;
    expect(page.notes.map((entry) => [entry.text, entry.author.id])).toEqual([
      ["Called, wants a demo on Friday.", seller.id],
    ]);
    // Only the first opening is history (every view is in the audit log).
    expect(page.history.filter((entry) => entry.action === "viewed")).toHaveLength(1);
    const changes = page.history.filter((entry) => entry.action !== "viewed");
    // Status and assignee changed in one request share a time; their order between them is not kept.
    expect(changes.map((entry) => [entry.action, entry.from, entry.to, entry.actor?.id])).toEqual(
      expect.arrayContaining([
        ["status", "New", "Contacted", seller.id],
        ["assignee", null, "seller", seller.id],
      ]),
    );
    expect(changes.map((entry) => [entry.action, entry.from, entry.to, entry.actor?.id]).at(-1)).toEqual([
      "note",
      null,
      page.notes[0]?.id,
      seller.id,
    ]);
    expect(changes).toHaveLength(3);
    expect((await listOf(seller, "?status=Contacted")).leads.map((lead) => lead.id)).toEqual([ids.demo]);
    expect((await listOf(seller)).counts.statuses).toMatchObject({ Contacted: 1, New: 1 });

    const people = (await (await get(seller, "/people")).json()) as { people: { id: string }[] };
    expect(people.people.map((person) => person.id).sort()).toEqual([admin.id, seller.id].sort());
  });

  it("serves a PDF resume inline in a sandbox, and as an attachment on request, audited", async () => {
    const inline = await get(recruiter, `/leads/${ids.applicationWithResume}/resume`);
    expect(inline.status).toBe(200);
    expect(Buffer.from(await inline.arrayBuffer()).equals(PDF)).toBe(true);
    expect(inline.headers.get("Content-Type")).toBe("application/pdf");
    expect(inline.headers.get("Content-Disposition")).toMatch(/^inline; filename="resume\.pdf"/);
    expect(inline.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(inline.headers.get("Cache-Control")).toBe("no-store");
    expect(inline.headers.get("Content-Security-Policy")).toBe("sandbox; default-src 'none'");
    const download = await get(recruiter, `/leads/${ids.applicationWithResume}/resume?download=1`);
    expect(download.headers.get("Content-Disposition")).toMatch(/^attachment; /);
    await download.arrayBuffer();
    expect((await get(recruiter, `/leads/${ids.application}/resume`)).status).toBe(404);

    const audit = (await (await get(admin, "/audit")).json()) as {
      entries: { action: string; leadId: string | null; actor: { id: string } | null }[];
    };
    const downloads = audit.entries.filter((entry) => entry.action === "resume_downloaded");
    expect(downloads.length).toBeGreaterThanOrEqual(2);
    expect(downloads[0]).toMatchObject({ leadId: ids.applicationWithResume, actor: { id: recruiter.id } });
  });

  it("defuses spreadsheet formulas in the CSV export", async () => {
    const response = await get(admin, "/export.csv");
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const csv = await response.text();
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(csv).toContain(`"'+1 good"`);
    expect(csv).toContain(`"'@home"`);
    expect(csv).not.toMatch(/(^|,)"[=+\-@\t\r]/m);
  });

  it("audits views, downloads and exports by id, never with a lead's personal data", async () => {
    const audit = await get(admin, "/audit");
    expect(audit.status).toBe(200);
    const body = (await audit.json()) as { entries: { action: string }[]; pageSize: number; total: number };
    expect(body.pageSize).toBe(100);
    const actions = new Set(body.entries.map((entry) => entry.action));
    for (const action of [
      "sign_in",
      "lead_viewed",
      "resume_downloaded",
      "export",
      "status_changed",
      "note_added",
      "staff_added",
    ])
      expect(actions).toContain(action);
    const text = JSON.stringify(body);
    for (const personal of ["grace@example.com", "Grace", "Seacole", "Navy", "mary@example.com", "Friday"])
      expect(text).not.toContain(personal);
  });

  it("erases a person: a preview, then rows, files and notes gone, and an audit entry without the address", async () => {
    const local = await openStaffHarness(dialect);
    try {
      const boss = await local.addStaff("admin");
      const keep = await local.seedLead("payroll-info", { name: "Keep Me", email: "keep@example.com" });
      const first = await local.seedLead(
        "nurse-application",
        {
          firstName: "Erin",
          lastName: "Erase",
          email: "Erin@Example.com",
          consent: "on",
        },
        { resume: PDF },
      );
      const second = await local.seedLead("careworks-demo", {
        name: "Erin Erase",
        email: "erin@example.com",
      });
      await local.request(`/leads/${second}/notes`, {
        method: "POST",
        cookie: boss.cookie,
        json: { text: "Erin's note" },
      });
      if (dialect === "sqlite") expect(existsSync(resumePathOf(local.dataDir, first, "pdf"))).toBe(true);

      const preview = await local.request("/erase/preview", {
        method: "POST",
        cookie: boss.cookie,
        json: { email: "erin@example.com" },
      });
      expect(preview.status).toBe(200);
      const shown = (await preview.json()) as {
        leads: { id: string; formLabel: string }[];
        files: number;
        notes: number;
      };
      expect(shown.leads.map((lead) => lead.id).sort()).toEqual([first, second].sort());
      expect(shown.leads.map((lead) => lead.formLabel).sort()).toEqual([
        "CareWorks demo request",
        "Nurse application",
      ]);
      expect(shown).toMatchObject({ files: 1, notes: 1 });

      const erase = await local.request("/erase", {
        method: "POST",
        cookie: boss.cookie,
        json: { email: "erin@example.com" },
      });
      expect(erase.status).toBe(200);
      expect(await erase.json()).toEqual({ erased: { leads: 2, files: 1, notes: 1 } });

      expect(await local.store.operations.get(first)).toBeNull();
      expect(await local.store.operations.get(second)).toBeNull();
      expect(await local.store.operations.get(keep)).not.toBeNull();
      expect(await local.store.outbox.readResume(first)).toBeNull();
      if (dialect === "sqlite") expect(existsSync(resumePathOf(local.dataDir, first, "pdf"))).toBe(false);
      const db = local.db;
      expect(
        await db.selectFrom("lead_notes").selectAll().where("lead_id", "in", [first, second]).execute(),
      ).toEqual([]);
      expect(
        await db.selectFrom("lead_history").selectAll().where("lead_id", "in", [first, second]).execute(),
      ).toEqual([]);

      const audit = (await (await local.request("/audit", { cookie: boss.cookie })).json()) as {
        entries: { action: string; detail: string | null; actor: { id: string } | null }[];
      };
      const entry = audit.entries.find((candidate) => candidate.action === "erase");
      expect(entry).toMatchObject({ detail: "2 lead(s), 1 file(s), 1 note(s)", actor: { id: boss.id } });
      const everything = JSON.stringify(await db.selectFrom("staff_audit").selectAll().execute());
      expect(everything.toLowerCase()).not.toContain("erin");
      expect(everything).not.toContain('example.com"');
    } finally {
      await local.close();
    }
  });

  it("purges audit entries older than the retention", async () => {
    const db = h.db;
    const before = Number(
      (
        await db
          .selectFrom("staff_audit")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    await db
      .insertInto("staff_audit")
      .values({ id: randomUUID(), at: Date.now() - 400 * DAY, actor_id: null, action: "sign_in_failed" })
      .execute();
    expect(await h.store.audit.purgeBefore(Date.now() - 365 * DAY)).toBe(1);
    const after = Number(
      (
        await db
          .selectFrom("staff_audit")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after).toBe(before);
  });
});
