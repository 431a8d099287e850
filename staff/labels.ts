import { findLeadForm, type LeadForm } from "../leads/catalog.ts";
import type { AuditAction } from "./api.ts";

/** How staff name a form's leads: the catalog's label, or the id of a form that no longer exists. */
export const formLabelOf = (formId: string) => findLeadForm(formId)?.label ?? formId;

type FieldName = LeadForm["fields"][number];

const FIELD_LABELS: Record<FieldName, string> = {
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

/** A field's label on the lead page and in exports; an unknown field (an older form's) keeps its name. */
export function fieldLabelOf(formId: string, name: string): string {
  // The ChartAssist form asks for the facility in its `company` field.
  if (formId === "chartassist-demo" && name === "company") return FIELD_LABELS.facility;
  return Object.hasOwn(FIELD_LABELS, name) ? FIELD_LABELS[name as FieldName] : name;
}

/** The person's name as the form has it (applications split it in two). */
export function nameOf(fields: Readonly<Record<string, string>>): string {
  if (fields.name) return fields.name;
  return [fields.firstName, fields.lastName].filter(Boolean).join(" ");
}

/** The organisation field the form has, if any: company, facility or organization. */
export const organisationOf = (fields: Readonly<Record<string, string>>): string | null =>
  fields.company || fields.facility || fields.organization || null;

/** What an audit entry records, as the audit log page reads it. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  sign_in: "Signed in",
  sign_in_failed: "Failed sign-in",
  locked: "Account locked",
  sign_out: "Signed out",
  setup_completed: "Finished set-up",
  lead_viewed: "Viewed a lead",
  resume_downloaded: "Downloaded a resume",
  export: "Exported leads",
  status_changed: "Changed a status",
  assignee_changed: "Changed an assignee",
  note_added: "Added a note",
  erase: "Erased a person",
  staff_added: "Added a staff account",
  staff_role_changed: "Changed a role",
  staff_disabled: "Disabled an account",
  staff_reset: "Reset an account",
  reply_sent: "Sent a reply",
  reply_retried: "Retried a reply",
  attachment_downloaded: "Downloaded an attachment",
  marked_not_spam: "Marked a lead not spam",
  call_logged: "Logged a call",
  settings_changed: "Changed their settings",
  unmatched_viewed: "Viewed unmatched mail",
  reports_viewed: "Viewed the reports",
};
