import type { LeadFormId } from "../../leads/catalog.ts";
import type { ResumeKind } from "../../leads/resume.ts";
import type { LeadSource } from "../../leads/source.ts";

/**
 * The people of the staff tests: the same six in the staff pages' component tests (app/staff/test/fixtures.ts,
 * as the API's answers) and in the staff UI suite (tests/e2e-staff/seed.setup.ts, in the real store). A small,
 * varied inbox: every form, a PDF and a Word resume, sources, a delivery given up, an application moved on.
 */
export interface SampleLead {
  formId: LeadFormId;
  daysAgo: number;
  fields: Record<string, string>;
  source?: LeadSource;
  resume?: { name: string; kind: ResumeKind; bytes: Uint8Array };
  /** The relay gave up on it (otherwise: delivered). */
  dead?: boolean;
  /** Opened by an admin, who moved it on to this status (otherwise: New, unopened). */
  status?: string;
}

const text = (value: string) => new TextEncoder().encode(value);
const newsletter = { landing_page: "/", referrer: "https://news.example.org", utm_campaign: "fall" };

export const SAMPLE_LEADS = {
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
    resume: {
      name: "marisol-vega-resume.pdf",
      kind: "pdf",
      bytes: text(
        "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
      ),
    },
    status: "Screening",
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
    resume: { name: "jonah-brooks.docx", kind: "docx", bytes: text("PK\u0003\u0004 a Word file") },
  },
} satisfies Record<string, SampleLead>;

export type SampleName = keyof typeof SAMPLE_LEADS;

/** Each sample with its name, in order. */
export const SAMPLES = Object.entries(SAMPLE_LEADS) as [SampleName, SampleLead][];
