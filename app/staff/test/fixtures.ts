import { fieldLabelOf, type LeadFormId } from "../../../leads/catalog.ts";
import { promiseInWords, RESPONSE_PROMISES } from "../../../leads/promises.ts";
import { RESUME_TYPES } from "../../../leads/resume.ts";
import type { AuditEntry, Person, StaffUser } from "../../../staff/api.ts";
import { applicantOf, formLabelOf, nameOf, organisationOf } from "../../../staff/labels.ts";
import type { LeadDetail, LeadList, LeadPage, LeadRow } from "../../../staff/leads-api.ts";
import { PAGE_SIZE } from "../../../staff/limits.ts";
import type { Role } from "../../../staff/roles.ts";
import { statusesOf } from "../../../staff/workflow.ts";
import { SAMPLES, type SampleName } from "../../../tests/staff/sample-leads.ts";
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

interface Sample {
  /** Its place in SAMPLE_LEADS, from 1: the lead's id is leadId(n). */
  n: number;
  formId: LeadFormId;
  minutesAgo: number;
  fields: Record<string, string>;
  status?: string;
  delivery: LeadRow["delivery"];
  isNew: boolean;
  source?: LeadDetail["source"];
  resume?: LeadDetail["resume"];
}

/** The staff tests' people (tests/staff/sample-leads.ts) as the API tells of them. */
export const SAMPLE = Object.fromEntries(
  SAMPLES.map(([name, lead], index) => [
    name,
    {
      n: index + 1,
      formId: lead.formId,
      minutesAgo: Math.round(lead.daysAgo * 24 * 60),
      fields: lead.fields,
      ...(lead.status && { status: lead.status }),
      delivery: lead.dead ? "dead" : "delivered",
      isNew: !lead.status,
      ...(lead.source && { source: lead.source }),
      ...(lead.resume && {
        resume: {
          filename: lead.resume.name,
          contentType: RESUME_TYPES[lead.resume.kind],
          size: lead.resume.bytes.length,
          inline: lead.resume.kind === "pdf",
        },
      }),
    } satisfies Sample,
  ]),
) as Record<SampleName, Sample>;

export function rowOf(lead: Sample, assignee: Person | null = null): LeadRow {
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
    delivery: lead.delivery,
    isNew: lead.isNew,
    spam: false,
    unreadReplies: 0,
    awaitingUs: false,
    promise: { dueAt: minutesAgo(lead.minutesAgo - 60), respondedAt: null, state: "due" },
    opening: null,
    ...applicantOf(lead.formId, lead.fields),
    documents: null,
  };
}

/** A page of the inbox; `counts` as the server would give them for the view the test asks about. */
export function listOf(rows: LeadRow[], counts: Partial<LeadList["counts"]> = {}): LeadList {
  return {
    leads: rows,
    page: 1,
    pageSize: PAGE_SIZE,
    total: rows.length,
    counts: {
      forms: {},
      statuses: {},
      campaigns: [],
      referrers: [],
      openings: [],
      views: { awaiting: 0, mine: 0, overdue: 0 },
      ...counts,
    },
    latestId: rows[0]?.id ?? null,
  };
}

export function detailOf(lead: Sample, change: Partial<LeadDetail> = {}): LeadDetail {
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
        channel: "smtp",
        state: row.delivery,
        attempts: row.delivery === "dead" ? 8 : 1,
        lastAttemptAt: row.createdAt,
        lastError: row.delivery === "dead" ? "550 mailbox unavailable" : null,
        problem: null,
      },
    ],
    spam: false,
    firstName: null,
    promise: row.promise,
    // Under the default calendar's 8-hour days.
    promiseWords: promiseInWords(RESPONSE_PROMISES[lead.formId], 8),
    opening: null,
    ...change,
  };
}

export const pageOf = (lead: Sample, change: Partial<LeadPage> = {}): LeadPage => ({
  lead: detailOf(lead),
  notes: [],
  history: [],
  conversation: [],
  otherRequests: [],
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

/** An application's credential file before anyone requested documents (its section on the lead page loads it). */
export const noDocumentsYet: Handlers = {
  credentialFile: () => ({
    appliedAs: null,
    link: { state: "none", credential: null, sentAt: null, expiresAt: null, revokedAt: null },
    items: [],
    progress: { done: 0, total: 0 },
  }),
};
