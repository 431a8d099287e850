import type { LeadFormId } from "../leads/catalog.ts";
import type { Status } from "./workflow.ts";

/**
 * The composer's ready answers: per form kind and status, with placeholders staff see filled in and
 * then edit before sending. The company's offer and numbers come from the spec; a reply never promises more.
 */

/** The bounds of a reply, checked by the composer and again by the server (which answers 422 past them). */
export const REPLY_SUBJECT_MAX = 200;
export const REPLY_TEXT_MAX = 20_000;

export const TEMPLATE_PLACEHOLDERS = ["firstName", "staffName", "companyName"] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
export type TemplateValues = Partial<Record<TemplatePlaceholder, string | null>>;

export interface ReplyTemplate {
  /** Stable, for the menu's keys and tests. */
  id: string;
  /** What the template menu shows. */
  label: string;
  forms: readonly LeadFormId[];
  /** The statuses it suits; absent: every status of its forms' workflow. */
  statuses?: readonly Status[];
  subject: string;
  text: string;
}

const DEMOS = ["chartassist-demo", "careworks-demo"] as const;
const SIGNATURE = "\n\nBest regards,\n{staffName}\n{companyName}";

export const REPLY_TEMPLATES: readonly ReplyTemplate[] = [
  {
    id: "application-more-details",
    label: "Request more details",
    forms: ["nurse-application"],
    statuses: ["New", "Screening"],
    subject: "Your application to {companyName}",
    text: `Hello {firstName},\n\nThank you for applying to {companyName}. Before we go further, could you tell us:\n\n- your license type and the state(s) you are licensed in,\n- the shifts and days you are available,\n- when you could start?\n\nYou can simply reply to this e-mail.${SIGNATURE}`,
  },
  {
    id: "application-interview",
    label: "Invite to interview",
    forms: ["nurse-application"],
    statuses: ["Screening", "Interview"],
    subject: "Interview invitation from {companyName}",
    text: `Hello {firstName},\n\nThank you for your application. We would like to invite you to a short interview. Which of these times would suit you?\n\n- \n- \n- \n\nReply with the time that works best, or suggest another.${SIGNATURE}`,
  },
  {
    id: "application-offer",
    label: "Offer next steps",
    forms: ["nurse-application"],
    statuses: ["Offer", "Hired"],
    subject: "Next steps with {companyName}",
    text: `Hello {firstName},\n\nWe are glad to move forward with you. Here is what happens next:\n\n- \n- \n\nPlease reply if you have any questions.${SIGNATURE}`,
  },
  {
    id: "application-not-selected",
    label: "Not selected",
    forms: ["nurse-application"],
    statuses: ["Not selected"],
    subject: "Your application to {companyName}",
    text: `Hello {firstName},\n\nThank you for your interest in {companyName} and for the time you took to apply. We will not be moving forward with your application at this time. We will keep your details and contact you if a suitable role opens.${SIGNATURE}`,
  },
  {
    id: "demo-times",
    label: "Demo times",
    forms: DEMOS,
    statuses: ["New", "Contacted", "Qualified"],
    subject: "Scheduling your demo",
    text: `Hello {firstName},\n\nThank you for your interest in a demo. Which of these times would suit you and your team?\n\n- \n- \n- \n\nReply with the time that works best, or suggest another.${SIGNATURE}`,
  },
  {
    id: "demo-more-details",
    label: "Request more details",
    forms: DEMOS,
    subject: "About your demo request",
    text: `Hello {firstName},\n\nThank you for your demo request. So that we can tailor the demo to you, could you tell us a little about your organization and what you would most like to see?${SIGNATURE}`,
  },
  {
    id: "demo-follow-up",
    label: "Follow up after the demo",
    forms: DEMOS,
    statuses: ["Contacted", "Qualified", "Won", "Lost"],
    subject: "Following up on your demo",
    text: `Hello {firstName},\n\nThank you for your time at the demo. Do you have any questions we can answer, or shall we talk about the next steps?${SIGNATURE}`,
  },
  {
    id: "staffing-more-details",
    label: "Request more details",
    forms: ["staffing-request"],
    subject: "Your staffing request",
    text: `Hello {firstName},\n\nThank you for your staffing request. To match the right nurses, could you confirm:\n\n- the roles and how many of each,\n- the dates and shift times,\n- the unit and any certifications required?${SIGNATURE}`,
  },
  {
    id: "staffing-confirmed",
    label: "Nurses confirmed",
    forms: ["staffing-request"],
    statuses: ["Contacted", "Qualified", "Won"],
    subject: "Your staffing request is confirmed",
    text: `Hello {firstName},\n\nGood news: we have nurses for your request. Here are the details:\n\n- \n- \n\nPlease reply to confirm, or let us know what should change.${SIGNATURE}`,
  },
  {
    id: "payroll-information",
    label: "Payroll information",
    forms: ["payroll-info"],
    statuses: ["New", "Contacted", "Qualified"],
    subject: "Pass-through payroll with {companyName}",
    text: `Hello {firstName},\n\nThank you for your interest in pass-through payroll. You set the staff rate; we bill that rate plus 15%, plus $1.50 per hour.\n\nWould you like to set up a short call to go through the details?${SIGNATURE}`,
  },
  {
    id: "payroll-more-details",
    label: "Request more details",
    forms: ["payroll-info"],
    subject: "About your payroll request",
    text: `Hello {firstName},\n\nThank you for your request. So that we can prepare a quote, could you tell us how many staff you would bring and their usual hours per week?${SIGNATURE}`,
  },
];

/** The templates that suit a lead of `formId` in `status`, in the menu's order. */
export const templatesFor = (formId: string, status: string): ReplyTemplate[] =>
  REPLY_TEMPLATES.filter(
    (template) =>
      (template.forms as readonly string[]).includes(formId) &&
      (!template.statuses || (template.statuses as readonly string[]).includes(status)),
  );

const PLACEHOLDER = /\{(firstName|staffName|companyName)\}/g;

/**
 * Fills the known placeholders that have a value, in one pass (a value is never read for placeholders), and
 * leaves everything else as it is: an unknown `{word}`, a placeholder without a value for staff to fill in.
 */
export function fillTemplate(text: string, values: TemplateValues): string {
  return text.replace(PLACEHOLDER, (placeholder, name: TemplatePlaceholder) => values[name] || placeholder);
}
