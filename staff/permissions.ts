import { LEAD_FORM_IDS, type LeadFormId } from "../leads/catalog.ts";
import { ROLES, type Role } from "./roles.ts";
import { APPLICATION_FORMS, isApplicationForm, statusesOfForms } from "./workflow.ts";

/**
 * Who may do what on the staff side, in one place. Each staff endpoint names the permission it needs
 * (endpoints.ts); the server checks it before the handler runs and answers 404 to a role without it, as if the
 * endpoint did not exist. The staff app shows only what the viewer's role may use.
 */
export const PERMISSIONS = [
  /** Their own session and settings. */
  "account",
  /** The inbox, a lead and its files, the export, who may be given a lead: within the role's lead scope. */
  "leads:read",
  /** Status, assignee, notes, calls, replies, marking a lead seen. */
  "leads:work",
  "reports:read",
  /** The Spam view, a lead the honeypot caught, and "Not spam". */
  "spam:review",
  /** Erasing a person's data. */
  "people:erase",
  "audit:read",
  /** Inbound mail that matched no lead. */
  "mail:unmatched",
  /** The openings (job ads): writing, publishing, pausing, reopening and closing them. */
  "openings:manage",
  /** A nurse's credential file: requesting her documents, her private link, viewing, verifying and rejecting them. */
  "credentials:manage",
  /** The checklist of documents each credential asks nurses for. */
  "checklists:manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const LEAD_WORK: readonly Permission[] = ["account", "leads:read", "leads:work", "reports:read"];

export const PERMISSIONS_OF_ROLE: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  recruiting: [...LEAD_WORK, "openings:manage", "credentials:manage"],
  sales: LEAD_WORK,
};

export const may = (role: Role, permission: Permission) => PERMISSIONS_OF_ROLE[role].includes(permission);

/** The forms each role works on; a lead of any other form answers 404, like one that does not exist. */
const FORMS_OF_ROLE: Record<Role, readonly LeadFormId[]> = {
  admin: LEAD_FORM_IDS,
  recruiting: APPLICATION_FORMS,
  sales: LEAD_FORM_IDS.filter((form) => !isApplicationForm(form)),
};

/** The leads a role may see: those of its forms, and what the honeypot caught only with "spam:review". */
export interface LeadScope {
  forms: readonly LeadFormId[];
  spam: boolean;
}

export const leadScopeOf = (role: Role): LeadScope => ({
  forms: FORMS_OF_ROLE[role],
  spam: may(role, "spam:review"),
});

/**
 * The one rule for "may this role see this lead": the inbox, the lead page and its files, replies, calls,
 * exports, reports, escalations and "other requests" all ask it (or apply its scope in their query).
 */
export function maySeeLead(role: Role, lead: { formId: string; spam: boolean }): boolean {
  const scope = leadScopeOf(role);
  return (scope.forms as readonly string[]).includes(lead.formId) && (!lead.spam || scope.spam);
}

/** The role sees every lead there can be: every form, and what the honeypot caught. */
export function maySeeEveryLead(role: Role): boolean {
  const scope = leadScopeOf(role);
  return scope.spam && LEAD_FORM_IDS.every((form) => scope.forms.includes(form));
}

/** The roles whose scope shares a form with `role`'s: whom `role` may give a lead to. */
export const rolesSharingForms = (role: Role): Role[] =>
  ROLES.filter((other) => FORMS_OF_ROLE[other].some((form) => FORMS_OF_ROLE[role].includes(form)));

/** Every status the role's leads can have, in workflow order (the status filter). */
export const statusesFor = (role: Role): string[] => statusesOfForms(FORMS_OF_ROLE[role]);
