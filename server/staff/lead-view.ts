import type { LeadFormId } from "../../leads/forms.ts";
import { APPLICATION_STATUSES, REQUEST_STATUSES } from "../../leads/statuses.ts";

/** How the inbox names each form. */
export const FORM_LABELS: Record<LeadFormId, string> = {
  "chartassist-demo": "ChartAssist demo request",
  "careworks-demo": "CareWorks demo request",
  "nurse-application": "Nurse application",
  "staffing-request": "Staffing request",
  "payroll-info": "Payroll info request",
};

const FIELD_LABELS: Record<string, string> = {
  name: "Name",
  firstName: "First name",
  lastName: "Last name",
  email: "E-mail",
  phone: "Phone",
  company: "Company",
  facility: "Facility name",
  organization: "Organization",
  beds: "Number of beds",
  message: "Message",
  credential: "Credential",
  experience: "Experience",
  consent: "Consent",
  nurse_type: "Nurse type",
  date: "Date needed",
};

export const formLabelOf = (formId: string) => FORM_LABELS[formId as LeadFormId] ?? formId;

export function fieldLabelOf(formId: string, name: string): string {
  // The ChartAssist form asks for the facility in its `company` field.
  if (formId === "chartassist-demo" && name === "company") return "Facility name";
  return FIELD_LABELS[name] ?? name;
}

export { APPLICATION_STATUSES, REQUEST_STATUSES };
export const NEW_STATUS = "New";

/** The status workflow of a lead's kind: applications have their own, every request the same one. */
export const statusesOf = (formId: string): readonly string[] =>
  formId === "nurse-application" ? APPLICATION_STATUSES : REQUEST_STATUSES;

/** Every status any workflow has, for the list filter. */
export const ALL_STATUSES = [...new Set([...REQUEST_STATUSES, ...APPLICATION_STATUSES])];

/** The person's name as the form has it (applications split it in two). */
export function nameOf(fields: Record<string, string>): string {
  if (fields.name) return fields.name;
  return [fields.firstName, fields.lastName].filter(Boolean).join(" ");
}

/** The organisation field the form has, if any: company, facility or organization. */
export const organisationOf = (fields: Record<string, string>): string | null =>
  fields.company || fields.facility || fields.organization || null;
