import type { ServiceId } from "~/content/site";

/** The Tailwind utility that sets a service's accent colours for everything inside it. */
export const accentClass: Record<ServiceId | "company", string> = {
  chartassist: "accent-chart",
  carestaff: "accent-staff",
  careworks: "accent-works",
  company: "accent-navy",
};
