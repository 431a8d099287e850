import { allForYear } from "@18f/us-federal-holidays";
import { Temporal } from "temporal-polyfill";

/**
 * Frozen: a lead's due time as it was computed when migration 010 was written, for its backfill of the leads
 * stored before it: each form's promise of the time, counted on the default business calendar of the time
 * (America/New_York, Monday to Friday 09:00-17:00, closed on the U.S. federal holidays as observed). Never edit
 * it: a change would change what 010 does to a database that has not run it yet. The live rules are
 * leads/promises.ts and server/calendar/ (response-clock.ts).
 */

const PROMISES: Record<string, { hours: number; clock: "business" | "calendar" }> = {
  "staffing-request": { hours: 1, clock: "business" },
  "payroll-info": { hours: 24, clock: "calendar" },
  "chartassist-demo": { hours: 4, clock: "business" },
  "careworks-demo": { hours: 4, clock: "business" },
  "nurse-application": { hours: 16, clock: "business" },
};
/** A form the list does not know is due a day after it arrived. */
const OTHER_FORMS = { hours: 24, clock: "calendar" } as const;

const TIME_ZONE = "America/New_York";
/** Open Monday (1) to Friday (5), from 09:00 to 17:00 wall-clock time. */
const OPEN_DAYS = 5;
const OPENS = new Temporal.PlainTime(9, 0);
const CLOSES = new Temporal.PlainTime(17, 0);
const HOUR_MS = 60 * 60 * 1000;
/** How far to look for open hours before giving up. */
const SEARCH_DAYS = 10 * 366;

/**
 * When a lead of `formId` that arrived at `createdAt` is due: calendar hours count every real hour, business
 * hours only open time, from the next opening when the lead arrived while closed.
 */
export function dueAtAt010(formId: string, createdAt: number): number {
  const promise = PROMISES[formId] ?? OTHER_FORMS;
  let remaining = promise.hours * HOUR_MS;
  if (promise.clock === "calendar") return createdAt + remaining;
  let date = Temporal.Instant.fromEpochMilliseconds(createdAt).toZonedDateTimeISO(TIME_ZONE).toPlainDate();
  for (let day = 0; day < SEARCH_DAYS; day++, date = date.add({ days: 1 })) {
    if (date.dayOfWeek > OPEN_DAYS || isHoliday(date)) continue;
    const open = instantAt(date, OPENS);
    const close = instantAt(date, CLOSES);
    const from = Math.max(open, createdAt);
    if (from >= close) continue;
    if (close - from >= remaining) return from + remaining;
    remaining -= close - from;
  }
  throw new Error(`No open hours within ${SEARCH_DAYS} days after ${new Date(createdAt).toISOString()}`);
}

/** A wall-clock time of a date in the time zone (a skipped one moves forward, a repeated one is its first). */
const instantAt = (date: Temporal.PlainDate, plainTime: Temporal.PlainTime) =>
  date.toZonedDateTime({ timeZone: TIME_ZONE, plainTime }).epochMilliseconds;

/** The federal holidays observed in each year asked, computed once per year. */
const holidaysOf = new Map<number, ReadonlySet<string>>();

/** Whether the date is a federal holiday as observed (New Year's Day of the next year may fall on its Dec 31). */
function isHoliday(date: Temporal.PlainDate): boolean {
  let dates = holidaysOf.get(date.year);
  if (!dates) {
    dates = new Set(
      [date.year, date.year + 1]
        .flatMap((year) => allForYear(year))
        .map((holiday) => holiday.dateString)
        .filter((day) => day.startsWith(`${date.year}-`)),
    );
    holidaysOf.set(date.year, dates);
  }
  return dates.has(date.toString());
}
