/**
 * BUSINESS_HOURS: which hours of the week the business is open, in the business time zone's wall-clock time.
 *
 *   hours = rule *( "," rule )            Mon-Thu 08:00-18:00, Fri 08:00-12:00
 *   rule  = days 1*( SP span )            Mon-Fri 09:00-12:00 13:00-17:00   (a lunch break)
 *   days  = day [ "-" day ]               Mon-Fri, or one day: Sat
 *   day   = Mon / Tue / Wed / Thu / Fri / Sat / Sun   (any letter case)
 *   span  = time "-" time                 opening, then closing, on the same day
 *   time  = H:MM or HH:MM, 00:00 to 24:00 (24:00 closes at the end of the day)
 *
 * A day range runs forward (Mon-Fri, not Fri-Mon), each day is named in one rule only, a day's spans do not
 * overlap, and days no rule names are closed. Spaces around "-" and "," are optional.
 */

export const DAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/** Minutes after the day's midnight, wall-clock: opens at `open`, closes at `close` (at most 24 * 60). */
export interface OpenSpan {
  open: number;
  close: number;
}

/** Open spans per weekday, in order: index 0 is Monday (Temporal's dayOfWeek 1), 6 is Sunday. */
export type WeeklyHours = readonly (readonly OpenSpan[])[];

export const DEFAULT_BUSINESS_HOURS = "Mon-Fri 09:00-17:00";

const MINUTES_PER_DAY = 24 * 60;
const DAYS = /^([a-z]{3})(?:-([a-z]{3}))?$/i;
const SPAN = /^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/;

/** Reads BUSINESS_HOURS; a value it cannot read throws an Error whose message completes "BUSINESS_HOURS ...". */
export function parseBusinessHours(text: string): WeeklyHours {
  const week: OpenSpan[][] = DAY_NAMES.map(() => []);
  const named = new Set<number>();
  for (const rule of text.split(",").map((rule) => rule.trim())) {
    const parsed = parseRule(rule);
    if (!parsed)
      throw new Error(
        `must be days and opening hours like "${DEFAULT_BUSINESS_HOURS}" or "Mon-Thu 08:00-18:00, Fri 08:00-12:00"; cannot read "${shorten(rule)}"`,
      );
    const { first, last, spans } = parsed;
    if (last < first)
      throw new Error(
        `must run each day range forward, Mon to Sun; ${DAY_NAMES[first]}-${DAY_NAMES[last]} runs backward`,
      );
    for (const [index, span] of spans.entries()) {
      if (span.open >= span.close)
        throw new Error(`must open before it closes ("${shorten(rule)}" opens at ${clock(span.open)})`);
      const previous = spans[index - 1];
      if (previous && span.open < previous.close)
        throw new Error(`must list a day's hours in order, without overlap ("${shorten(rule)}")`);
    }
    for (let day = first; day <= last; day++) {
      if (named.has(day)) throw new Error(`must name each day once; ${DAY_NAMES[day]} is in two rules`);
      named.add(day);
      week[day] = spans;
    }
  }
  return week;
}

/** The open hours of every open day when they are all alike (8 for Mon-Fri 09:00-17:00), else undefined. */
export function hoursPerBusinessDay(week: WeeklyHours): number | undefined {
  const lengths = new Set(
    week
      .filter((spans) => spans.length > 0)
      .map((spans) => spans.reduce((sum, span) => sum + span.close - span.open, 0)),
  );
  const [minutes] = lengths;
  return lengths.size === 1 && minutes !== undefined ? minutes / 60 : undefined;
}

/** "Mon-Fri 09:00-12:00 13:00-17:00" as day indexes and spans, or undefined when it does not follow the grammar. */
function parseRule(rule: string) {
  const [days = "", ...spanTexts] = rule.replace(/\s*-\s*/g, "-").split(/\s+/);
  const [, firstName, lastName] = DAYS.exec(days) ?? [];
  const first = dayIndex(firstName);
  const last = lastName === undefined ? first : dayIndex(lastName);
  const spans = spanTexts.map(parseSpan);
  if (first === undefined || last === undefined || spans.length === 0) return undefined;
  if (!spans.every((span) => span !== undefined)) return undefined;
  return { first, last, spans };
}

function parseSpan(text: string): OpenSpan | undefined {
  const [, openHour, openMinute, closeHour, closeMinute] = (SPAN.exec(text) ?? []).map(Number);
  const open = minuteOfDay(openHour, openMinute);
  const close = minuteOfDay(closeHour, closeMinute);
  return open === undefined || close === undefined ? undefined : { open, close };
}

const minuteOfDay = (hour = Number.NaN, minute = Number.NaN) =>
  minute < 60 && hour * 60 + minute <= MINUTES_PER_DAY ? hour * 60 + minute : undefined;

const dayIndex = (name: string | undefined) => {
  const index = DAY_NAMES.findIndex((day) => day.toLowerCase() === name?.toLowerCase());
  return index < 0 ? undefined : index;
};

const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/** An environment value quoted back in an error line: on one line, and cut short so a pasted file cannot flood it. */
export function shorten(text: string): string {
  const line = text.replace(/\s+/g, " ");
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
}
