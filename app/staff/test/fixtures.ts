import type { LeadFormId } from "../../../leads/catalog.ts";
import type {
  AuditEntry,
  LeadDetail,
  LeadList,
  LeadPage,
  LeadRow,
  Person,
  StaffUser,
} from "../../../staff/api.ts";
import { fieldLabelOf, formLabelOf, nameOf, organisationOf } from "../../../staff/labels.ts";
import { PAGE_SIZE } from "../../../staff/limits.ts";
import type { Role } from "../../../staff/roles.ts";
import { statusesOf } from "../../../staff/workflow.ts";
import { type Handlers, refuse } from "./mock-staff-api";

/** Answers for the staff pages' component tests, typed by the contract (mockStaffApi checks them too). */

/** A lead id as the server makes them (UUIDv7). */
export const leadId = (n: number) => `0199b2c4-1e00-7000-8000-${String(n).padStart(12, "0")}`;

export const STAFF: Record<Role, StaffUser> = {
  admin: { id: "u-admin", email: "admin@example.com", name: "Ada Admin", role: "admin" },
  recruiting: { id: "u-recruiter", email: "rita@example.com", name: "Rita Recruiter", role: "recruiting" },
  sales: { id: "u-sales", email: "sam@example.com", name: "Sam Sales", role: "sales" },
};

export const personOf = ({ id, name, email }: StaffUser): Person => ({ id, name, email });

/** `me` for a signed-in person of this role. */
export const signedInAs = (role: Role): Handlers => ({ me: () => ({ user: STAFF[role] }) });

/** `me` for nobody signed in. */
export const signedOut: Handlers = { me: () => refuse(401, "unauthenticated", "Sign in to continue.") };

const NOW = Date.parse("2026-11-23T15:00:00Z");
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

interface SampleLead {
  n: number;
  formId: LeadFormId;
  minutesAgo: number;
  fields: Record<string, string>;
  status?: string;
  delivery?: LeadRow["delivery"];
  isNew?: boolean;
  source?: LeadDetail["source"];
  resume?: LeadDetail["resume"];
}

const newsletter = { landing_page: "/", referrer: "https://news.example.org", utm_campaign: "fall" };

/** A small, varied inbox: every form, a PDF and a Word resume, a failed delivery, an opened lead. */
export const SAMPLE = {
  dana: {
    n: 1,
    formId: "chartassist-demo",
    minutesAgo: 60 * 24 * 9,
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
    n: 2,
    formId: "nurse-application",
    minutesAgo: 60 * 24 * 6,
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
    status: "Screening",
    isNew: false,
    source: { source_page: "/careers", ...newsletter },
    resume: { filename: "marisol-vega-resume.pdf", contentType: "application/pdf", size: 2048, inline: true },
  },
  owen: {
    n: 3,
    formId: "staffing-request",
    minutesAgo: 60 * 24 * 3,
    fields: {
      facility: "Lakeside Rehab",
      name: "Owen Park",
      email: "owen@lakeside.example",
      phone: "(555) 300-1200",
      nurse_type: "CNA - Certified Nursing Assistant",
      date: "2026-12-01",
    },
    delivery: "dead",
  },
  priya: {
    n: 4,
    formId: "payroll-info",
    minutesAgo: 60 * 24 * 2,
    fields: { name: "Priya Shah", email: "priya@northwind.example", organization: "Northwind Health" },
  },
  leo: {
    n: 5,
    formId: "careworks-demo",
    minutesAgo: 300,
    fields: { name: "Leo Grant", email: "leo@harbor.example", company: "Harbor Clinics" },
    source: { source_page: "/health-admin", referrer: "https://search.example.com" },
  },
  jonah: {
    n: 6,
    formId: "nurse-application",
    minutesAgo: 45,
    fields: { firstName: "Jonah", lastName: "Brooks", email: "jonah.brooks@example.com", consent: "yes" },
    resume: {
      filename: "jonah-brooks.docx",
      contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      size: 12,
      inline: false,
    },
  },
} satisfies Record<string, SampleLead>;

export function rowOf(lead: SampleLead, assignee: Person | null = null): LeadRow {
  return {
    id: leadId(lead.n),
    formId: lead.formId,
    formLabel: formLabelOf(lead.formId),
    createdAt: minutesAgo(lead.minutesAgo),
    name: nameOf(lead.fields),
    email: lead.fields.email ?? "",
    organisation: organisationOf(lead.fields),
    status: lead.status ?? "New",
    assignee,
    delivery: lead.delivery ?? "delivered",
    isNew: lead.isNew ?? true,
  };
}

/** A page of the inbox; `counts` as the server would give them for the view the test asks about. */
export function listOf(rows: LeadRow[], counts: Partial<LeadList["counts"]> = {}): LeadList {
  return {
    leads: rows,
    page: 1,
    pageSize: PAGE_SIZE,
    total: rows.length,
    counts: { forms: {}, statuses: {}, campaigns: [], referrers: [], ...counts },
    latestId: rows[0]?.id ?? null,
  };
}

export function detailOf(lead: SampleLead, change: Partial<LeadDetail> = {}): LeadDetail {
  const row = rowOf(lead);
  return {
    id: row.id,
    formId: row.formId,
    formLabel: row.formLabel,
    createdAt: row.createdAt,
    fields: Object.entries(lead.fields).map(([name, value]) => ({
      name,
      label: fieldLabelOf(lead.formId, name),
      value,
    })),
    resume: lead.resume ?? null,
    source: lead.source ?? {},
    status: row.status,
    statuses: [...statusesOf(lead.formId)],
    assignee: null,
    deliveries: [
      {
        channel: "email",
        state: row.delivery,
        attempts: row.delivery === "dead" ? 8 : 1,
        lastAttemptAt: row.createdAt,
        lastError: row.delivery === "dead" ? "550 mailbox unavailable" : null,
        problem: null,
      },
    ],
    ...change,
  };
}

export const pageOf = (lead: SampleLead, change: Partial<LeadPage> = {}): LeadPage => ({
  lead: detailOf(lead),
  notes: [],
  history: [],
  ...change,
});

export const auditEntry = (n: number, action: AuditEntry["action"], actor: StaffUser | null): AuditEntry => ({
  id: `0199b2c4-2e00-7000-8000-${String(n).padStart(12, "0")}`,
  at: minutesAgo(n),
  actor: actor && { id: actor.id, email: actor.email },
  action,
  leadId: null,
  detail: null,
});
