import {
  emailControl,
  type FieldControl,
  LIMITS,
  messageControl,
  nameControl,
  organizationControl,
  phoneControl,
} from "./controls.ts";
import { DEMO_FAILURE, DEMO_SUCCESS, type Notice, REQUEST_FAILURE } from "./notices.ts";
import { RESUME_ACCEPT, RESUME_FIELD } from "./resume.ts";

export { type FieldControl, LIMITS };

/**
 * What a lead form is, without its validation: ids, field names (in the order the spec lists them),
 * which are required, each control's label, kind and bounds, options, subjects, recipients and notices. The
 * browser renders forms from this module alone; the zod schemas live in forms.ts, which the browser loads only
 * to validate a submit.
 */

export const CREDENTIALS = ["RN", "LPN", "CNA", "NP"] as const;
export const EXPERIENCE = ["0-1", "1-3", "3-5", "5+"] as const;
export const NURSE_TYPES = [
  "RN - Registered Nurse",
  "LPN - Licensed Practical Nurse",
  "CNA - Certified Nursing Assistant",
  "School Nurse",
  "Multiple Roles",
] as const;

/** A hidden field people never see; bots fill it. FormSubmit treats the same name as its honeypot. */
export const HONEYPOT_FIELD = "_honey";

/** Years of experience, worded for people; the values stay the spec's. */
const EXPERIENCE_LABELS: Record<(typeof EXPERIENCE)[number], string> = {
  "0-1": "0-1 years",
  "1-3": "1-3 years",
  "3-5": "3-5 years",
  "5+": "5+ years",
};

interface FormDefinition<Id extends string, Field extends string> {
  id: Id;
  /** What staff call a lead of this form (the inbox, exports and e-mails). */
  label: string;
  /** The field names a form sends, in the order the spec lists them (forms.test.ts checks them against the schema). */
  fields: readonly Field[];
  /** The fields that must be filled (forms.test.ts checks them against the schema). */
  required: readonly NoInfer<Field>[];
  /** Which configured mailbox receives it. */
  recipient: "contact" | "recruiting";
  subject: string;
  /** The page and anchor of the form, for the no-JavaScript redirect back. */
  page: string;
  anchor: string;
  /** Only the nurse application carries a file. */
  acceptsResume: boolean;
  /** The controls in page order: every field a person fills, and the resume where the form takes one. */
  controls: readonly FieldControl<NoInfer<Field> | typeof RESUME_FIELD>[];
  submitLabel: string;
  notices: { success: Notice; failure: Notice };
}

const define = <const Id extends string, const Field extends string>(definition: FormDefinition<Id, Field>) =>
  definition;

export const chartAssistDemo = define({
  id: "chartassist-demo",
  label: "ChartAssist demo request",
  fields: ["name", "email", "company", "phone", "beds"],
  required: ["name", "email"],
  recipient: "contact",
  subject: "New ChartAssist Demo Request",
  page: "/chart-assist",
  anchor: "demo",
  acceptsResume: false,
  controls: [
    nameControl,
    emailControl("Work Email", "you@facility.com"),
    organizationControl("company", "Facility Name"),
    phoneControl,
    {
      name: "beds",
      label: "Number of Beds",
      kind: "text",
      autoComplete: "off",
      maxLength: LIMITS.short,
      placeholder: "e.g. 120",
      wide: true,
    },
  ],
  submitLabel: "Schedule Demo",
  notices: { success: DEMO_SUCCESS, failure: DEMO_FAILURE },
});

export const careWorksDemo = define({
  id: "careworks-demo",
  label: "CareWorks demo request",
  fields: ["name", "email", "company", "phone", "message"],
  required: ["name", "email"],
  recipient: "contact",
  subject: "New CareWorks Demo Request",
  page: "/health-admin",
  anchor: "contact",
  acceptsResume: false,
  controls: [
    nameControl,
    emailControl("Work Email", "you@company.com"),
    organizationControl("company", "Company"),
    phoneControl,
    messageControl("Which tasks would you like a remote team to take on?"),
  ],
  submitLabel: "Schedule Demo",
  notices: { success: DEMO_SUCCESS, failure: DEMO_FAILURE },
});

export const nurseApplication = define({
  id: "nurse-application",
  label: "Nurse application",
  // biome-ignore format: the fields on one line; the last, `opening`, is filled by an opening's page (no control).
  fields: ["firstName", "lastName", "email", "phone", "credential", "experience", "message", "consent", "opening"],
  required: ["firstName", "lastName", "email", "consent"],
  recipient: "recruiting",
  subject: "New Online Nursing Application Submission",
  page: "/carestaff/careers",
  anchor: "application-form",
  acceptsResume: true,
  controls: [
    {
      name: "firstName",
      label: "First Name",
      kind: "text",
      autoComplete: "given-name",
      maxLength: LIMITS.name,
    },
    {
      name: "lastName",
      label: "Last Name",
      kind: "text",
      autoComplete: "family-name",
      maxLength: LIMITS.name,
    },
    emailControl("Email", "you@example.com"),
    phoneControl,
    {
      name: "credential",
      label: "Credential",
      kind: "select",
      autoComplete: "off",
      placeholder: "Select your credential",
      options: CREDENTIALS,
    },
    {
      name: "experience",
      label: "Years of Experience",
      kind: "select",
      autoComplete: "off",
      placeholder: "Select your experience",
      options: EXPERIENCE,
      optionLabels: EXPERIENCE_LABELS,
    },
    {
      name: RESUME_FIELD,
      label: "Resume",
      kind: "file",
      helper: "PDF, DOC or DOCX, up to 10 MB",
      accept: RESUME_ACCEPT,
      wide: true,
    },
    messageControl("Shifts, locations or anything else we should know."),
    {
      name: "consent",
      label: "I consent to receiving communications about job opportunities",
      kind: "checkbox",
      value: "true",
      wide: true,
    },
  ],
  submitLabel: "Submit Application",
  notices: {
    success: {
      title: "Application Submitted",
      description: "Thank you for your application. We will review it shortly.",
    },
    failure: {
      title: "Submission Failed",
      description: "There was an error submitting your application. Please try again.",
    },
  },
});

export const staffingRequest = define({
  id: "staffing-request",
  label: "Staffing request",
  fields: ["facility", "name", "email", "phone", "nurse_type", "date"],
  required: ["name", "email"],
  recipient: "contact",
  subject: "New CareStaff Staffing Request",
  page: "/carestaff",
  anchor: "contact",
  acceptsResume: false,
  controls: [
    { ...organizationControl("facility", "Facility Name"), wide: true },
    { ...nameControl, label: "Your Name" },
    emailControl("Email", "you@facility.com"),
    phoneControl,
    {
      name: "nurse_type",
      label: "Nurse Type",
      kind: "select",
      autoComplete: "off",
      placeholder: "Select a nurse type",
      options: NURSE_TYPES,
    },
    { name: "date", label: "Date Needed", kind: "date", autoComplete: "off", wide: true },
  ],
  submitLabel: "Request Staff",
  notices: {
    success: {
      title: "Staffing Request Submitted",
      description: "Thank you. Our staffing team will respond within 1 business hour.",
    },
    failure: REQUEST_FAILURE,
  },
});

export const payrollInfo = define({
  id: "payroll-info",
  label: "Payroll info request",
  fields: ["name", "email", "phone", "organization", "message"],
  required: ["name", "email"],
  recipient: "contact",
  subject: "New Pass-Through Payroll Info Request",
  page: "/carestaff/pass-through-payroll",
  anchor: "request-info",
  acceptsResume: false,
  controls: [
    nameControl,
    emailControl("Email", "you@organization.com"),
    phoneControl,
    organizationControl("organization", "Organization"),
    messageControl("Tell us about the staff you want to bring onto payroll."),
  ],
  submitLabel: "Request Info",
  notices: {
    success: { title: "Info Request Submitted", description: "Thank you. We will reply within 24 hours." },
    failure: REQUEST_FAILURE,
  },
});

export const leadForms = {
  [chartAssistDemo.id]: chartAssistDemo,
  [careWorksDemo.id]: careWorksDemo,
  [nurseApplication.id]: nurseApplication,
  [staffingRequest.id]: staffingRequest,
  [payrollInfo.id]: payrollInfo,
} as const;

export type LeadForm =
  | typeof chartAssistDemo
  | typeof careWorksDemo
  | typeof nurseApplication
  | typeof staffingRequest
  | typeof payrollInfo;
export type LeadFormId = LeadForm["id"];
export const LEAD_FORM_IDS = Object.keys(leadForms) as LeadFormId[];

export function findLeadForm(id: string): LeadForm | undefined {
  return Object.hasOwn(leadForms, id) ? (leadForms as Record<string, LeadForm>)[id] : undefined;
}

/**
 * A field as people read it: the label its form shows ("Work Email"), or, for a field no form of that id has (an
 * export's column across forms, an older form's field), its name in words ("nurse_type": "Nurse type").
 */
export function fieldLabelOf(formId: string, name: string): string {
  const control = findLeadForm(formId)?.controls.find((candidate) => candidate.name === name);
  if (control) return control.label;
  const words = name
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/([a-z])_([a-z])/g, "$1 $2")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A select's value as people read it ("5+": "5+ years"); the value itself when the form words it as it is. */
export function optionLabelOf(formId: string, name: string, value: string): string {
  const control = findLeadForm(formId)?.controls.find((candidate) => candidate.name === name);
  return control?.optionLabels?.[value] ?? value;
}

/** The field names a form sends, in the order the spec lists them. */
export const fieldNames = (form: LeadForm): string[] => [...form.fields];

/** The fields that must be filled. */
export const requiredFieldNames = (form: LeadForm): string[] => [...form.required];

export const recipientFor = (form: LeadForm, mailboxes: { contact: string; recruiting: string }) =>
  mailboxes[form.recipient];
