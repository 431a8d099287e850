import type { LeadFormId } from "../../leads/forms.ts";

export const ROLES = ["admin", "recruiting", "sales"] as const;
export type Role = (typeof ROLES)[number];

const APPLICATION_FORMS: readonly LeadFormId[] = ["nurse-application"];
const SALES_FORMS: readonly LeadFormId[] = [
  "chartassist-demo",
  "careworks-demo",
  "staffing-request",
  "payroll-info",
];

/** The forms each role may see; a lead of any other form answers 404, like one that does not exist. */
export const FORMS_OF_ROLE: Record<Role, readonly LeadFormId[]> = {
  admin: [...SALES_FORMS, ...APPLICATION_FORMS],
  recruiting: APPLICATION_FORMS,
  sales: SALES_FORMS,
};

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

export const maySee = (role: Role, formId: string) =>
  (FORMS_OF_ROLE[role] as readonly string[]).includes(formId);
