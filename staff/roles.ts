import { LEAD_FORM_IDS, type LeadFormId } from "../leads/catalog.ts";
import { APPLICATION_STATUSES, REQUEST_STATUSES } from "./workflow.ts";

/** The staff roles; the server enforces what each may see, the pages only follow it. */
export const ROLES = ["admin", "recruiting", "sales"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Admin",
  recruiting: "Recruiting",
  sales: "Sales",
};

const APPLICATION_FORMS: readonly LeadFormId[] = ["nurse-application"];
const REQUEST_FORMS = LEAD_FORM_IDS.filter((form) => !APPLICATION_FORMS.includes(form));

/** An application (its own workflow, the recruiters' side), not a request. */
export const isApplicationForm = (formId: string) =>
  (APPLICATION_FORMS as readonly string[]).includes(formId);

/** The forms each role may see; a lead of any other form answers 404, like one that does not exist. */
export const FORMS_OF_ROLE: Record<Role, readonly LeadFormId[]> = {
  admin: LEAD_FORM_IDS,
  recruiting: APPLICATION_FORMS,
  sales: REQUEST_FORMS,
};

/** Erasing a person's data and reading the audit log: admins only (anyone else gets the 404 of a missing page). */
export const mayAdminister = (role: Role) => role === "admin";

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

export const maySee = (role: Role, formId: string) =>
  (FORMS_OF_ROLE[role] as readonly string[]).includes(formId);

/**
 * May `role` see this lead: its form is one of the role's, and one the honeypot caught is for admins alone. What
 * a role reads about any lead (its page, a reason, another request) rests on this.
 */
export const maySeeLead = (role: Role, lead: { formId: string; state: string }) =>
  maySee(role, lead.formId) && (lead.state !== "spam" || mayAdminister(role));

/** The role sees every lead there can be: every form, spam included. */
export const maySeeEveryLead = (role: Role) =>
  LEAD_FORM_IDS.every((formId) => maySeeLead(role, { formId, state: "spam" }));

/** Every status a role's leads can have, in workflow order (for the status filter). */
export function statusesFor(role: Role): string[] {
  const forms = FORMS_OF_ROLE[role];
  const statuses = new Set<string>();
  if (forms.some((form) => !isApplicationForm(form))) for (const s of REQUEST_STATUSES) statuses.add(s);
  if (forms.some(isApplicationForm)) for (const s of APPLICATION_STATUSES) statuses.add(s);
  return [...statuses];
}
