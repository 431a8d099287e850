import { findLeadForm, optionLabelOf } from "../leads/catalog.ts";
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
