import { Temporal } from "temporal-polyfill";
import { z } from "zod";
import { type BusinessCalendar, businessCalendar } from "./business-calendar.ts";
import { DEFAULT_BUSINESS_HOURS, parseBusinessHours, shorten } from "./business-hours.ts";
import type { Holidays } from "./holidays.ts";

/**
 * The business calendar's environment variables as zod schema pieces, for server/config.ts's environment schema
 * (`z.object({ ...BUSINESS_CALENDAR_ENV, ... })`): a bad value is one issue on the variable's own path, with a
 * one-line message that completes "<VARIABLE> ...".
 */

export const DEFAULT_BUSINESS_TIMEZONE = "America/New_York";

/** An IANA time zone name, read back in its canonical spelling ("america/new_york" -> "America/New_York"). */
const timeZone = z
  .string()
  .trim()
  .default(DEFAULT_BUSINESS_TIMEZONE)
  .transform((name, context) => {
    const canonical = canonicalTimeZone(name);
    if (canonical) return canonical;
    context.addIssue({
      code: "custom",
      message: `must be an IANA time zone name such as ${DEFAULT_BUSINESS_TIMEZONE} or Europe/London; "${shorten(name)}" is not`,
    });
    return z.NEVER;
  });

const hours = z
  .string()
  .default(DEFAULT_BUSINESS_HOURS)
  .transform((text, context) => {
    try {
      return parseBusinessHours(text);
    } catch (error) {
      context.addIssue({ code: "custom", message: (error as Error).message });
      return z.NEVER;
    }
  });

const isoDate = z.iso.date();

/** Unset: the U.S. federal holidays; "none": no holidays; else comma-separated YYYY-MM-DD dates, replacing them. */
const holidays = z
  .string()
  .optional()
  .transform((text, context): Holidays => {
    if (text === undefined) return "us-federal";
    if (text.trim().toLowerCase() === "none") return [];
    const dates = text
      .split(",")
      .map((date) => date.trim())
      .filter(Boolean);
    const wrong = dates.find((date) => !isoDate.safeParse(date).success);
    if (wrong === undefined && dates.length > 0) return dates;
    context.addIssue({
      code: "custom",
      message: `must be comma-separated dates (YYYY-MM-DD) or "none"; "${shorten(wrong ?? text)}" is not a date`,
    });
    return z.NEVER;
  });

export const BUSINESS_CALENDAR_ENV = {
  /** The time zone whose wall clock BUSINESS_HOURS and BUSINESS_HOLIDAYS speak (and reports' weeks start in). */
  BUSINESS_TIMEZONE: timeZone,
  /** When the business is open (grammar in business-hours.ts); only these hours count toward a business-hours promise. */
  BUSINESS_HOURS: hours,
  /** Closed days; a value replaces the default U.S. federal holidays. */
  BUSINESS_HOLIDAYS: holidays,
};

export const businessCalendarEnvSchema = z.object(BUSINESS_CALENDAR_ENV);
export type BusinessCalendarEnv = z.infer<typeof businessCalendarEnvSchema>;

/** The calendar the parsed variables describe. */
export function businessCalendarFromEnv(env: BusinessCalendarEnv): BusinessCalendar {
  return businessCalendar({
    timeZone: env.BUSINESS_TIMEZONE,
    hours: env.BUSINESS_HOURS,
    holidays: env.BUSINESS_HOLIDAYS,
  });
}

/** Temporal's canonical id for a named zone; undefined for unknown names and for fixed offsets like +05:00. */
function canonicalTimeZone(name: string): string | undefined {
  try {
    const id = new Temporal.ZonedDateTime(0n, name).timeZoneId;
    return /^[+-]/.test(id) ? undefined : id;
  } catch {
    return undefined;
  }
}
