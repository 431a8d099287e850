import type { LeadFormId } from "./catalog.ts";

/**
 * How soon each form's sender hears back: `business` hours count only the business calendar's open
 * hours, `calendar` hours count every hour. Staffing (1 business hour) and payroll (24 hours) are the spec's
 * own words; the others are the company's promise, changeable here and nowhere else.
 */
export interface ResponsePromise {
  /** A whole number of hours, at least 1: the clock counts them, the words are derived from them. */
  hours: number;
  clock: "business" | "calendar";
}

export const RESPONSE_PROMISES: Record<LeadFormId, ResponsePromise> = {
  "staffing-request": { hours: 1, clock: "business" },
  "payroll-info": { hours: 24, clock: "calendar" },
  "chartassist-demo": { hours: 4, clock: "business" },
  "careworks-demo": { hours: 4, clock: "business" },
  // "Within 2 business days" while the calendar's open days are 8 hours long (promiseInWords).
  "nurse-application": { hours: 16, clock: "business" },
};

/**
 * The promise in words, as the confirmation e-mail states it: "within 1 business hour", "within 24 hours".
 * Business hours read as business days only when every open day of the configured calendar has the same
 * length (`hoursPerBusinessDay`, from server/calendar's hoursPerBusinessDay) and the promise is a whole number
 * of them: 16 business hours are "2 business days" under Mon-Fri 09:00-17:00, but "16 business hours" under
 * 10-hour days or days of unequal length, so the words stay true whatever BUSINESS_HOURS says.
 */
export function promiseInWords(
  { hours, clock }: ResponsePromise,
  hoursPerBusinessDay: number | undefined,
): string {
  if (clock === "calendar")
    return hours % 24 === 0 && hours > 24 ? plural(hours / 24, "day") : plural(hours, "hour");
  if (hoursPerBusinessDay !== undefined && hours >= hoursPerBusinessDay && hours % hoursPerBusinessDay === 0)
    return plural(hours / hoursPerBusinessDay, "business day");
  return plural(hours, "business hour");
}

const plural = (count: number, unit: string) => `within ${count} ${unit}${count === 1 ? "" : "s"}`;
