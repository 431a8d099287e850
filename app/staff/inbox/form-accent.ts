import type { LeadFormId } from "../../../leads/catalog.ts";

/** The service accent of a form, as a small marker in the list (never the only carrier of meaning). */
export const FORM_ACCENT: Record<LeadFormId, string> = {
  "chartassist-demo": "bg-chart-600",
  "careworks-demo": "bg-works-600",
  "nurse-application": "bg-staff-600",
  "staffing-request": "bg-staff-600",
  "payroll-info": "bg-staff-600",
};
