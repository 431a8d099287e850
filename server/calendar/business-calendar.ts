import { Temporal } from "temporal-polyfill";
import type { ResponsePromise } from "../../leads/promises.ts";
import type { WeeklyHours } from "./business-hours.ts";
import { type Holidays, holidayTest } from "./holidays.ts";

/**
 * The business calendar: when the company is open, in its own time zone. Every step between wall-clock
 * time and instants goes through Temporal (the standard API, from its polyfill until Node ships it) and the time
 * zone database, never a fixed offset, so a daylight-saving change moves the instants and never the opening
 * hours. Instants in and out are epoch milliseconds, as the store keeps them.
 */
export interface BusinessCalendar {
  /** A canonical IANA time zone name (BUSINESS_TIMEZONE). */
  readonly timeZone: string;
  readonly hours: WeeklyHours;
  /** Whether a YYYY-MM-DD date in the time zone is a holiday (closed all day). */
  readonly isHoliday: (date: string) => boolean;
}

export function businessCalendar(settings: {
  timeZone: string;
  hours: WeeklyHours;
  holidays: Holidays;
}): BusinessCalendar {
  return { timeZone: settings.timeZone, hours: settings.hours, isHoliday: holidayTest(settings.holidays) };
}

const HOUR_MS = 60 * 60 * 1000;
const MINUTES_PER_DAY = 24 * 60;
/** How far the calendar looks for an open hour before it gives up (a holiday list could close every day). */
const SEARCH_DAYS = 10 * 366;

/**
 * When a lead that arrived at `createdAt` is due. A calendar-hours promise counts every real hour (24 hours
 * across a daylight-saving change are 24 hours, not "the same time tomorrow"); a business-hours promise counts
 * only open time, from the next opening when the lead arrives while closed: 1 business hour from Friday
 * 16:25 is 09:25 on the next open day. An open span shortened or lengthened by a clock change counts its
 * real length.
 */
export function dueAt(createdAt: number, promise: ResponsePromise, calendar: BusinessCalendar): number {
  let remaining = promise.hours * HOUR_MS;
  if (promise.clock === "calendar") return createdAt + remaining;
  let date = dateAt(createdAt, calendar);
  for (let day = 0; day < SEARCH_DAYS; day++, date = date.add({ days: 1 })) {
    for (const [open, close] of openIntervals(date, calendar)) {
      const from = Math.max(open, createdAt);
      if (from >= close) continue;
      if (close - from >= remaining) return from + remaining;
      remaining -= close - from;
    }
  }
  throw closedFor(SEARCH_DAYS, createdAt);
}

/**
 * The start of the business day under way at `now`: the first opening of the latest open day (a day with open
 * hours that is no holiday) that has opened by then. On a Saturday it is Friday's opening.
 */
export function businessDayStart(now: number, calendar: BusinessCalendar): number {
  let date = dateAt(now, calendar);
  for (let day = 0; day < SEARCH_DAYS; day++, date = date.subtract({ days: 1 })) {
    const opening = openIntervals(date, calendar)[0]?.[0];
    if (opening !== undefined && opening <= now) return opening;
  }
  throw closedFor(-SEARCH_DAYS, now);
}

/** The first opening of the next open day that begins after `now`. */
export function nextBusinessDayStart(now: number, calendar: BusinessCalendar): number {
  let date = dateAt(now, calendar);
  for (let day = 0; day < SEARCH_DAYS; day++, date = date.add({ days: 1 })) {
    const opening = openIntervals(date, calendar)[0]?.[0];
    if (opening !== undefined && opening > now) return opening;
  }
  throw closedFor(SEARCH_DAYS, now);
}

/**
 * What the admins' daily digest covers: the promises due from the previous business day's start up to the
 * start of the business day under way (`businessDay`, the key that sends the digest once). Monday's digest
 * covers Friday's opening to Monday's, the weekend included; consecutive windows meet end to start, so every
 * due time is in exactly one digest, and each has passed by the time the digest is sent.
 */
export interface DigestWindow {
  businessDay: string;
  from: number;
  to: number;
}

export function missedDigestWindow(now: number, calendar: BusinessCalendar): DigestWindow {
  const to = businessDayStart(now, calendar);
  return { businessDay: localDate(to, calendar), from: businessDayStart(to - 1, calendar), to };
}

/** The YYYY-MM-DD date in the business time zone at an instant. */
export function localDate(ms: number, calendar: BusinessCalendar): string {
  return dateAt(ms, calendar).toString();
}

/** The same date as a Temporal.PlainDate, for date arithmetic (weeks.ts). */
export function dateAt(ms: number, calendar: BusinessCalendar): Temporal.PlainDate {
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(calendar.timeZone).toPlainDate();
}

/** The instant a date begins in the business time zone (its midnight, or the first moment after a skipped one). */
export function startOfDate(date: Temporal.PlainDate, calendar: BusinessCalendar): number {
  return date.toZonedDateTime({ timeZone: calendar.timeZone }).epochMilliseconds;
}

/** Whether the company is open at `now`: within one of the day's open spans, not on a holiday. */
export function isOpenAt(now: number, calendar: BusinessCalendar): boolean {
  return openIntervals(dateAt(now, calendar), calendar).some(([open, close]) => open <= now && now < close);
}

/** A date's open spans as [opening, closing) instants; none on a holiday. */
function openIntervals(date: Temporal.PlainDate, calendar: BusinessCalendar): [number, number][] {
  if (calendar.isHoliday(date.toString())) return [];
  const intervals: [number, number][] = [];
  for (const span of calendar.hours[date.dayOfWeek - 1] ?? []) {
    const open = instantAt(date, span.open, calendar);
    const close = instantAt(date, span.close, calendar);
    if (close > open) intervals.push([open, close]);
  }
  return intervals;
}

/**
 * The instant of a wall-clock minute of a date. A minute a spring-forward change skips maps to the moment the
 * same distance past the change (02:30 becomes 03:30), a minute an autumn change repeats to its first
 * occurrence (Temporal's "compatible" disambiguation); 24:00 is the next date's start.
 */
function instantAt(date: Temporal.PlainDate, minute: number, calendar: BusinessCalendar): number {
  if (minute === MINUTES_PER_DAY) return startOfDate(date.add({ days: 1 }), calendar);
  const plainTime = new Temporal.PlainTime(Math.floor(minute / 60), minute % 60);
  return date.toZonedDateTime({ timeZone: calendar.timeZone, plainTime }).epochMilliseconds;
}

const closedFor = (days: number, at: number) =>
  new Error(
    `The business calendar has no open hours within ${Math.abs(days)} days ${days < 0 ? "before" : "after"} ${new Date(at).toISOString()}`,
  );
