import { LEAD_FORM_IDS } from "../leads/catalog.ts";
import { z } from "../leads/zod.ts";

/**
 * The reports' part of the staff API's contract (`GET /api/staff/reports`): the date range asked for
 * and each week's promise numbers. Weeks start on Monday in the business time zone; dates are business dates.
 */

/** Weeks the reports show when no range is asked for: the week under way and the 11 before it. */
export const REPORT_WEEKS = 12;
/** The longest range one request may ask for, in days (two years), so no request walks a century of leads. */
export const REPORT_RANGE_MAX_DAYS = 731;
/** Campaigns and referring sites listed, those with the most leads first (anyone can make up a campaign name). */
export const REPORT_SOURCES_MAX = 50;

const day = z.iso.date({ error: "must be a date (YYYY-MM-DD)" });
const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

/** Both ends, inclusive, or neither (the last REPORT_WEEKS weeks). */
export const reportsQuery = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((range) => (range.from === undefined) === (range.to === undefined), {
    message: "give both from and to, or neither",
    path: ["to"],
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    message: "must not be before from",
    path: ["to"],
  })
  .refine((range) => !range.from || !range.to || daysBetween(range.from, range.to) < REPORT_RANGE_MAX_DAYS, {
    message: `must be less than ${REPORT_RANGE_MAX_DAYS} days after from`,
    path: ["to"],
  });
export type ReportsQuery = z.infer<typeof reportsQuery>;

/** One form's leads that arrived in a week, and how their first responses went. */
export const formWeekSchema = z.object({
  leads: z.number().int().min(0),
  /** Leads with a first response, whenever it came. */
  answered: z.number().int().min(0),
  /** Leads whose first response came by their due time. */
  answeredWithinPromise: z.number().int().min(0),
  /** The median minutes from arrival to first response of the answered leads; null when none was answered. */
  medianFirstResponseMinutes: z.number().min(0).nullable(),
});
export type FormWeek = z.infer<typeof formWeekSchema>;

export const reportWeekSchema = z.object({
  weekStart: day,
  /** The forms the asking role may see, each present even in a week without leads. */
  forms: z.partialRecord(z.enum(LEAD_FORM_IDS), formWeekSchema),
});
export type ReportWeekNumbers = z.infer<typeof reportWeekSchema>;

/** A campaign or a referring site: its leads in the range, and how many of them were won or hired. */
export const sourceConversionSchema = z.object({
  /** null: the leads without one. */
  value: z.string().nullable(),
  leads: z.number().int().min(0),
  /** Leads whose status is Won (requests) or Hired (applications). */
  conversions: z.number().int().min(0),
});

/** One opening's applications in the range, and how they went. */
export const openingNumbersSchema = z.object({
  id: z.string(),
  /** Its title as it is now. */
  title: z.string(),
  applications: z.number().int().min(0),
  /** Applications whose first response came by their due time. */
  answeredWithinPromise: z.number().int().min(0),
  /** The median minutes from arrival to first response of the answered ones; null when none was answered. */
  medianFirstResponseMinutes: z.number().min(0).nullable(),
  /** Applications whose status is Hired now. */
  hired: z.number().int().min(0),
});
export type OpeningNumbers = z.infer<typeof openingNumbersSchema>;
/** The applications that became fully verified in a week (every checklist item verified), and how long it took. */
export const verifiedWeekSchema = z.object({
  weekStart: day,
  verified: z.number().int().min(0),
  /** The median days from application to fully verified; null when none was in the week. */
  medianDays: z.number().min(0).nullable(),
});
export type VerifiedWeek = z.infer<typeof verifiedWeekSchema>;

/** `GET /api/staff/reports`: every number the reports page charts, over the forms the asking role may see. */
export const reportsAnswer = z.object({
  from: day,
  to: day,
  /** Monday-started weeks in the business time zone, oldest first, each form present in each. */
  weeks: z.array(reportWeekSchema),
  /** How many of the range's leads reached each status (now or earlier), per kind: requests and applications. */
  pipeline: z.object({
    requests: z.record(z.string(), z.number().int().min(0)).nullable(),
    applications: z.record(z.string(), z.number().int().min(0)).nullable(),
  }),
  campaigns: z.array(sourceConversionSchema).max(REPORT_SOURCES_MAX),
  referrers: z.array(sourceConversionSchema).max(REPORT_SOURCES_MAX),
  /** The openings with applications in the range, the most first; null for a role that sees no applications. */
  byOpening: z.array(openingNumbersSchema).nullable(),
  /** Per week, the median days from application to fully verified; null for a role that sees no applications. */
  verification: z.array(verifiedWeekSchema).nullable(),
});
export type ReportsAnswer = z.infer<typeof reportsAnswer>;
