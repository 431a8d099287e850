import { CREDENTIALS, EXPERIENCE, type LeadForm, type LeadFormId, LIMITS, NURSE_TYPES } from "./catalog.ts";
import {
  consentChecked,
  optionalChoice,
  optionalFutureDate,
  optionalOpening,
  optionalPhone,
  optionalText,
  requiredEmail,
  requiredText,
} from "./fields.ts";
import { z } from "./zod.ts";

// The catalog (ids, fields, notices...) has no zod in it, so pages can render forms without loading
// the validator; the server and tests keep importing everything from here.
export * from "./catalog.ts";

/** The schema of each form; their keys are the catalog's `fields`, in the same order (forms.test.ts checks). */
export const leadSchemas = {
  "chartassist-demo": z.object({
    name: requiredText("Name", LIMITS.name),
    email: requiredEmail(),
    company: optionalText("Facility name", LIMITS.organization),
    phone: optionalPhone(),
    beds: optionalText("Number of beds", LIMITS.short),
  }),
  "careworks-demo": z.object({
    name: requiredText("Name", LIMITS.name),
    email: requiredEmail(),
    company: optionalText("Company", LIMITS.organization),
    phone: optionalPhone(),
    message: optionalText("Message", LIMITS.message),
  }),
  "nurse-application": z.object({
    firstName: requiredText("First name", LIMITS.name),
    lastName: requiredText("Last name", LIMITS.name),
    email: requiredEmail(),
    phone: optionalPhone(),
    credential: optionalChoice("Credential", CREDENTIALS),
    experience: optionalChoice("Experience", EXPERIENCE),
    message: optionalText("Message", LIMITS.message),
    consent: consentChecked(),
    opening: optionalOpening(),
  }),
  "staffing-request": z.object({
    facility: optionalText("Facility name", LIMITS.organization),
    name: requiredText("Name", LIMITS.name),
    email: requiredEmail(),
    phone: optionalPhone(),
    nurse_type: optionalChoice("Nurse type", NURSE_TYPES),
    date: optionalFutureDate("Date needed"),
  }),
  "payroll-info": z.object({
    name: requiredText("Name", LIMITS.name),
    email: requiredEmail(),
    phone: optionalPhone(),
    organization: optionalText("Organization", LIMITS.organization),
    message: optionalText("Message", LIMITS.message),
  }),
} satisfies Record<LeadFormId, z.ZodObject<z.ZodRawShape>>;

export const schemaFor = (form: LeadForm): z.ZodObject<z.ZodRawShape> => leadSchemas[form.id];

export interface LeadValidation {
  ok: boolean;
  data?: Record<string, string>;
  /** One message per field, the first problem found. */
  fields: Record<string, string>;
}

/** Validates string form values with the form's schema. */
export function validateLead(form: LeadForm, values: Record<string, unknown>): LeadValidation {
  const result = schemaFor(form).safeParse(values);
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
