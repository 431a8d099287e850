import { z } from "zod";
import {
  consentChecked,
  LIMITS,
  optionalChoice,
  optionalFutureDate,
  optionalPhone,
  optionalText,
  requiredEmail,
  requiredText,
} from "./fields.ts";

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

export interface Notice {
  title: string;
  description: string;
}

interface FormDefinition<Shape extends z.ZodRawShape> {
  id: string;
  schema: z.ZodObject<Shape>;
  /** Which configured mailbox receives it. */
  recipient: "contact" | "recruiting";
  subject: string;
  /** The page and anchor of the form, for the no-JavaScript redirect back. */
  page: string;
  anchor: string;
  /** Only the nurse application carries a file. */
  acceptsResume: boolean;
  notices: { success: Notice; failure: Notice };
}

const define = <Shape extends z.ZodRawShape>(definition: FormDefinition<Shape>) => definition;

export const MISSING_INFORMATION: Notice = {
  title: "Missing Information",
  description: "Please fill out all required fields.",
};

export const CONSENT_REQUIRED: Notice = {
  title: "Consent Required",
  description: "Please provide consent to submit your application.",
};

/** A value is there but wrong (an e-mail without @, a date in the past): the fields say which. */
export const INVALID_INFORMATION: Notice = {
  title: "Check Your Details",
  description: "Please correct the highlighted fields and try again.",
};

const DEMO_SUCCESS: Notice = {
  title: "Demo Request Submitted",
  description: "Thank you for your interest. We'll contact you soon to schedule your demo.",
};

const DEMO_FAILURE: Notice = {
  title: "Submission Failed",
  description: "There was an error submitting your demo request. Please try again.",
};

const REQUEST_FAILURE: Notice = {
  title: "Submission Failed",
  description: "There was an error submitting your request. Please try again.",
};

export const chartAssistDemo = define({
  id: "chartassist-demo",
  schema: z.object({
    name: requiredText("Name", LIMITS.name),
    email: requiredEmail(),
    company: optionalText("Facility name", LIMITS.organization),
    phone: optionalPhone(),
    beds: optionalText("Number of beds", LIMITS.short),
  }),
  recipient: "contact",
  subject: "New ChartAssist Demo Request",
  page: "/chart-assist",
  anchor: "demo",
  acceptsResume: false,
  notices: { success: DEMO_SUCCESS, failure: DEMO_FAILURE },
});

export const careWorksDemo = define({
  id: "careworks-demo",
  schema: z.object({
    name: requiredText("Name", LIMITS.name),
    email: requiredEmail(),
    company: optionalText("Company", LIMITS.organization),
    phone: optionalPhone(),
    message: optionalText("Message", LIMITS.message),
  }),
  recipient: "contact",
  subject: "New CareWorks Demo Request",
  page: "/health-admin",
  anchor: "contact",
  acceptsResume: false,
  notices: { success: DEMO_SUCCESS, failure: DEMO_FAILURE },
});

export const nurseApplication = define({
  id: "nurse-application",
  schema: z.object({
    firstName: requiredText("First name", LIMITS.name),
    lastName: requiredText("Last name", LIMITS.name),
    email: requiredEmail(),
    phone: optionalPhone(),
    credential: optionalChoice("Credential", CREDENTIALS),
    experience: optionalChoice("Experience", EXPERIENCE),
    message: optionalText("Message", LIMITS.message),
    consent: consentChecked(),
  }),
  recipient: "recruiting",
  subject: "New Online Nursing Application Submission",
  page: "/carestaff/careers",
  anchor: "application-form",
  acceptsResume: true,
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
  schema: z.object({
    facility: optionalText("Facility name", LIMITS.organization),
    name: requiredText("Name", LIMITS.name),
    email: requiredEmail(),
    phone: optionalPhone(),
    nurse_type: optionalChoice("Nurse type", NURSE_TYPES),
    date: optionalFutureDate("Date needed"),
  }),
  recipient: "contact",
  subject: "New CareStaff Staffing Request",
  page: "/carestaff",
  anchor: "contact",
  acceptsResume: false,
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
  schema: z.object({
    name: requiredText("Name", LIMITS.name),
    email: requiredEmail(),
    phone: optionalPhone(),
    organization: optionalText("Organization", LIMITS.organization),
    message: optionalText("Message", LIMITS.message),
  }),
  recipient: "contact",
  subject: "New Pass-Through Payroll Info Request",
  page: "/carestaff/pass-through-payroll",
  anchor: "request-info",
  acceptsResume: false,
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

/** The field names a form sends, in the order the spec lists them. */
export const fieldNames = (form: LeadForm): string[] => Object.keys(form.schema.shape);

/** Required fields are the ones whose schema rejects an absent value. */
export const requiredFieldNames = (form: LeadForm): string[] =>
  Object.entries(form.schema.shape as Record<string, z.ZodType>)
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([name]) => name);

export interface LeadValidation {
  ok: boolean;
  data?: Record<string, string>;
  /** One message per field, the first problem found. */
  fields: Record<string, string>;
}

/** Validates string form values with the form's schema. */
export function validateLead(form: LeadForm, values: Record<string, unknown>): LeadValidation {
  const result = (form.schema as z.ZodObject<z.ZodRawShape>).safeParse(values);
  if (result.success) {
    const data = Object.fromEntries(
      Object.entries(result.data).filter(([, value]) => value !== undefined),
    ) as Record<string, string>;
    return { ok: true, data, fields: {} };
  }
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    fields[key] ??= issue.message;
  }
  return { ok: false, fields };
}

export const recipientFor = (form: LeadForm, mailboxes: { contact: string; recruiting: string }) =>
  mailboxes[form.recipient];
