import type { LeadFormId } from "./catalog.ts";

/**
 * How soon each form's sender hears back (issue 28): `business` hours count only the business calendar's open
 * hours, `calendar` hours count every hour. Staffing (1 business hour) and payroll (24 hours) are the spec's
 * own words; the others are the company's promise, changeable here and nowhere else.
 */
export interface ResponsePromise {
  hours: number;
  clock: "business" | "calendar";
}

export const RESPONSE_PROMISES: Record<LeadFormId, ResponsePromise> = {
  "staffing-request": { hours: 1, clock: "business" },
  "payroll-info": { hours: 24, clock: "calendar" },
  "chartassist-demo": { hours: 4, clock: "business" },
  "careworks-demo": { hours: 4, clock: "business" },
  "nurse-application": { hours: 16, clock: "business" },
};

/** The promise in words, as the confirmation e-mail states it: "within 1 business hour", "within 2 business days". */
export function promiseInWords({ hours, clock }: ResponsePromise, hoursPerBusinessDay = 8): string {
  if (clock === "calendar")
    return hours % 24 === 0 && hours > 24 ? `within ${hours / 24} days` : plural(hours, "hour");
  if (hours >= hoursPerBusinessDay && hours % hoursPerBusinessDay === 0)
    return plural(hours / hoursPerBusinessDay, "business day");
  return plural(hours, "business hour");
}

const plural = (count: number, unit: string) => `within ${count} ${unit}${count === 1 ? "" : "s"}`;
