import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import type { LeadFormId } from "../../leads/catalog.ts";
import type { ResumeKind } from "../../leads/resume.ts";
import type { LeadSource } from "../../leads/source.ts";
import { newId } from "../../server/store/ids.ts";
import { openLeadStore } from "../../server/store/open-store.ts";
import { newTempPath } from "../../server/store/resume-files.ts";
import { codeOf, createAccount, expect, PASSWORD, type Seed, type StaffServer, test } from "./fixtures.ts";

/**
 * The staff UI suite's data, in the served store before any test (playwright.staff.config.ts runs this once per
 * server): six leads as the intake and the relay leave them, written through the store (backdated, with a PDF
 * and a Word resume, sources, one delivery given up), and three accounts from the CLI, set up through the API.
 */

interface SeedLead {
  formId: LeadFormId;
  daysAgo: number;
  fields: Record<string, string>;
  source?: LeadSource;
  resume?: { name: string; kind: ResumeKind; bytes: Buffer };
  /** The relay gave up on it (the default: delivered). */
  dead?: boolean;
}

const newsletter = { landing_page: "/", referrer: "https://news.example.org", utm_campaign: "fall" };
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

const LEADS: Record<keyof Seed["leads"], SeedLead> = {
  dana: {
    formId: "chartassist-demo",
    daysAgo: 9,
    fields: {
      name: "Dana Whitfield",
      email: "dana@oakridge.example",
      company: "Oakridge Care Center",
      phone: "(555) 201-3344",
      beds: "120",
    },
    source: { source_page: "/chart-assist", utm_source: "newsletter", ...newsletter },
  },
  marisol: {
    formId: "nurse-application",
    daysAgo: 6,
    fields: {
      firstName: "Marisol",
      lastName: "Vega",
      email: "marisol.vega@example.com",
      phone: "(555) 410-2231",
      credential: "RN",
      experience: "3-5",
      message: "Night shifts preferred.",
      consent: "yes",
    },
    source: { source_page: "/carestaff/careers", ...newsletter },
    resume: { name: "marisol-vega-resume.pdf", kind: "pdf", bytes: PDF },
  },
  owen: {
    formId: "staffing-request",
    daysAgo: 3,
    fields: {
      facility: "Lakeside Rehab",
      name: "Owen Park",
      email: "owen@lakeside.example",
      phone: "(555) 300-1200",
      nurse_type: "CNA - Certified Nursing Assistant",
      date: "2026-12-01",
    },
    dead: true,
  },
  priya: {
    formId: "payroll-info",
    daysAgo: 2,
    fields: {
      name: "Priya Shah",
      email: "priya@northwind.example",
      organization: "Northwind Health",
      message: '=HYPERLINK("x")',
    },
  },
  leo: {
    formId: "careworks-demo",
    daysAgo: 0.2,
    fields: {
      name: "Leo Grant",
      email: "leo@harbor.example",
      company: "Harbor Clinics",
      phone: "(555) 777-0101",
      message: "Looking for remote billing help.",
    },
    source: { source_page: "/health-admin", referrer: "https://search.example.com" },
  },
  jonah: {
    formId: "nurse-application",
    daysAgo: 0.03,
    fields: {
      firstName: "Jonah",
      lastName: "Brooks",
      email: "jonah.brooks@example.com",
      phone: "(555) 989-4545",
      credential: "LPN",
      experience: "1-3",
      consent: "yes",
    },
    resume: { name: "jonah-brooks.docx", kind: "docx", bytes: Buffer.from("PK\u0003\u0004 a Word file") },
  },
};

/** The leads, through the store the server uses; each then delivered, or given up, as the relay records it. */
async function seedLeads(server: StaffServer): Promise<Seed["leads"]> {
  const store = await openLeadStore({ dataDir: server.dataDir, databaseUrl: server.databaseUrl });
  try {
    const now = Date.now();
    const ids = {} as Seed["leads"];
    for (const [key, lead] of Object.entries(LEADS) as [keyof Seed["leads"], SeedLead][]) {
      const id = newId();
      let resume: Parameters<typeof store.acceptLead>[0]["resume"];
      if (lead.resume) {
        const tempPath = newTempPath(server.dataDir);
        await writeFile(tempPath, lead.resume.bytes);
        resume = {
          name: lead.resume.name,
          kind: lead.resume.kind,
          size: lead.resume.bytes.length,
          sha256: createHash("sha256").update(lead.resume.bytes).digest("hex"),
          tempPath,
        };
      }
      const createdAt = Math.round(now - lead.daysAgo * 86_400_000);
      const outcome = await store.acceptLead({
        id,
        formId: lead.formId,
        state: "pending",
        fields: lead.fields,
        createdAt,
        ...(resume && { resume }),
        ...(lead.source && { source: lead.source }),
      });
      expect(outcome).toEqual({ kind: "created", leadId: id });
      ids[key] = id;
    }
    // The served relay is off: these outcomes are the only ones.
    const dead = new Set([ids.owen]);
    for (const claim of await store.claimDue(Date.now(), 100, 60_000)) {
      const at = Date.now();
      const recorded = dead.has(claim.leadId)
        ? await store.recordFailure(claim.leadId, claim.lease, {
            at,
            nextAttemptAt: null,
            status: 550,
            error: "550 mailbox unavailable",
            problem: "service",
          })
        : await store.markDelivered(claim.leadId, claim.lease, at);
      expect(recorded).toBe(true);
    }
    return ids;
  } finally {
    await store.close();
  }
}

test("the served store has the suite's leads and accounts", async ({ server, request }) => {
  const leads = await seedLeads(server);
  const accounts: Seed["accounts"] = {
    admin: await createAccount(request, server, {
      email: "admin@example.com",
      name: "Ada Admin",
      role: "admin",
    }),
    recruiter: await createAccount(request, server, {
      email: "rita@example.com",
      name: "Rita Recruiter",
      role: "recruiting",
    }),
    sales: await createAccount(request, server, {
      email: "sam@example.com",
      name: "Sam Sales",
      role: "sales",
    }),
  };

  // Marisol's application opened and moved on by an admin, through the API as the lead page does it.
  const { admin } = accounts;
  const headers = { Origin: server.origin };
  const signedIn = await request.post("/api/staff/sign-in", {
    data: { email: admin.email, password: PASSWORD, code: codeOf(admin.secret) },
    headers,
  });
  expect(signedIn.status()).toBe(200);
  expect((await request.get(`/api/staff/leads/${leads.marisol}`)).status()).toBe(200);
  const moved = await request.patch(`/api/staff/leads/${leads.marisol}`, {
    data: { status: "Screening" },
    headers,
  });
  expect(moved.status()).toBe(200);
  expect((await request.post("/api/staff/sign-out", { headers })).status()).toBe(204);

  writeFileSync(server.seedFile, JSON.stringify({ leads, accounts } satisfies Seed));
});
