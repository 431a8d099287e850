import { Temporal } from "temporal-polyfill";
import { REPORT_WEEKS } from "../../staff/reports-api.ts";
import { type BusinessCalendar, dateAt, startOfDate } from "./business-calendar.ts";

/** The reports' weeks: Monday to Sunday in the business time zone. */

/** A range of business dates, both ends included (YYYY-MM-DD). */
export interface ReportRange {
  from: string;
  to: string;
}

/** One week of a report: its Monday, and the instants [from, to) of it that the range covers. */
export interface ReportWeek {
  weekStart: string;
  from: number;
  to: number;
}

/** The Monday (YYYY-MM-DD) of the week an instant falls in, in the business time zone. */
export function weekStart(ms: number, calendar: BusinessCalendar): string {
  return mondayOf(dateAt(ms, calendar)).toString();
}

/** The week under way at `now` and the `weeks - 1` before it, to today. */
export function recentWeeks(now: number, calendar: BusinessCalendar, weeks = REPORT_WEEKS): ReportRange {
  const today = dateAt(now, calendar);
  return {
    from: mondayOf(today)
      .subtract({ weeks: weeks - 1 })
      .toString(),
    to: today.toString(),
  };
}

/**
 * The weeks a range touches, oldest first. The first and last are cut to the range (a range from a Wednesday
 * counts that week's leads from Wednesday on), so each lead created within the range is in exactly one week.
 */
export function reportWeeks(range: ReportRange, calendar: BusinessCalendar): ReportWeek[] {
  const first = Temporal.PlainDate.from(range.from);
  const last = Temporal.PlainDate.from(range.to);
  if (Temporal.PlainDate.compare(first, last) > 0)
    throw new RangeError(`A report range ends (${range.to}) before it starts (${range.from})`);
  const end = startOfDate(last.add({ days: 1 }), calendar);
  const weeks: ReportWeek[] = [];
  for (let monday = mondayOf(first); Temporal.PlainDate.compare(monday, last) <= 0; ) {
    const next = monday.add({ weeks: 1 });
    weeks.push({
      weekStart: monday.toString(),
      from: startOfDate(Temporal.PlainDate.compare(monday, first) < 0 ? first : monday, calendar),
      to: Math.min(startOfDate(next, calendar), end),
    });
    monday = next;
  }
  return weeks;
}

const mondayOf = (date: Temporal.PlainDate) => date.subtract({ days: date.dayOfWeek - 1 });
