import { allForYear } from "@18f/us-federal-holidays";

/**
 * The days the business is closed whatever BUSINESS_HOURS says, as YYYY-MM-DD dates in the business time zone.
 * By default the U.S. federal holidays on the days they are observed (5 U.S.C. 6103: a Saturday holiday is
 * observed on the Friday before, a Sunday one on the Monday after), computed for any year; BUSINESS_HOLIDAYS
 * replaces them with its own list.
 */
export type Holidays = "us-federal" | readonly string[];

/** A test of a YYYY-MM-DD date against the holidays; the federal list is computed once per year asked. */
export function holidayTest(holidays: Holidays): (date: string) => boolean {
  if (holidays !== "us-federal") {
    const dates = new Set(holidays);
    return (date) => dates.has(date);
  }
  const years = new Map<number, ReadonlySet<string>>();
  return (date) => {
    const year = Number(date.slice(0, 4));
    let dates = years.get(year);
    if (!dates) {
      dates = new Set(usFederalHolidays(year));
      years.set(year, dates);
    }
    return dates.has(date);
  };
}

/** The federal holidays observed in `year`, in date order (New Year's Day of the next year may be its Dec 31). */
export function usFederalHolidays(year: number): string[] {
  return [year, year + 1]
    .flatMap((each) => allForYear(each))
    .map((holiday) => holiday.dateString)
    .filter((date) => date.startsWith(`${year}-`))
    .sort();
}
