import { findLeadForm, optionLabelOf } from "../leads/catalog.ts";
import type { AuditAction } from "./api.ts";
import { isApplicationForm } from "./workflow.ts";

/** How staff name a form's leads: the catalog's label, or the id of a form that no longer exists. */
export const formLabelOf = (formId: string) => findLeadForm(formId)?.label ?? formId;

/** The person's name as the form has it (applications split it in two). */
export function nameOf(fields: Readonly<Record<string, string>>): string {
  if (fields.name) return fields.name;
  return [fields.firstName, fields.lastName].filter(Boolean).join(" ");
}

/** The organisation field the form has, if any: company, facility or organization. */
export const organisationOf = (fields: Readonly<Record<string, string>>): string | null =>
  fields.company || fields.facility || fields.organization || null;

/** What recruiters scan applications by: the credential and the years of experience, as the form words them. */
export function applicantOf(formId: string, fields: Readonly<Record<string, string>>) {
  if (!isApplicationForm(formId)) return { credential: null, experience: null };
  const experience = fields.experience || null;
  return {
    credential: fields.credential || null,
    experience: experience && optionLabelOf(formId, "experience", experience),
  };
}

/** How the delivery panel names a lead's channels (LEAD_CHANNELS) and the confirmation e-mail to the person. */
const CHANNEL_LABELS: Readonly<Record<string, string>> = {
  formservice: "Form service",
  smtp: "E-mail to the team",
  webhook: "Webhook",
  confirmation: "Confirmation e-mail",
};
export const channelLabelOf = (channel: string) => CHANNEL_LABELS[channel] ?? channel;

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
  opening_created: "Created an opening",
  opening_changed: "Edited an opening",
  opening_status_changed: "Changed an opening's status",
  credential_file_viewed: "Viewed a credential file",
  credential_document_viewed: "Viewed a credential document",
  credential_document_downloaded: "Downloaded a credential document",
  credential_item_verified: "Verified a credential item",
  credential_item_rejected: "Rejected a credential item",
  documents_requested: "Requested documents",
  documents_link_renewed: "Renewed a documents link",
  documents_link_revoked: "Revoked a documents link",
  checklist_changed: "Changed a credential's checklist",
};
