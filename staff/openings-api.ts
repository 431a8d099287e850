import { z } from "../leads/zod.ts";
import {
  EMPLOYMENT_TYPES,
  OPENING_CREDENTIALS,
  OPENING_LIMITS,
  OPENING_SETTINGS,
  OPENING_STATUSES,
  PAY_MAX,
  PAY_MIN,
  SHIFTS,
  US_STATES,
} from "./openings.ts";

/**
 * Openings in the staff API's contract, as zod schemas: what staff send to create or edit one (each refusal a
 * sentence naming the field, as the form shows it), and what the API answers. The vocabulary and the
 * valid-through rule are in openings.ts.
 */

const isoTime = z.iso.datetime();

// C0 controls, DEL and C1 controls, and the bidirectional embeddings, overrides and isolates that reorder what a
// reader sees (CVE-2021-42574's trick).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const LINE_BREAKS = /\r\n?|\n/g;

/** A required line of text: trimmed, bounded, with no control characters (line breaks included). */
const line = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((text) => !CONTROL.test(text), `${label} must be one line of text, without control characters.`);

const choice = <const T extends readonly [string, ...string[]]>(label: string, options: T) =>
  z.enum(options, { error: `${label} must be one of: ${options.join(", ")}.` });

/** Cents are the smallest step: 45.5 and 45.25 are pay, 45.125 is not. */
const wholeCents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

const pay = (label: string) =>
  z
    .number({ error: `${label} is required, in USD per hour.` })
    .min(PAY_MIN, `${label} must be at least ${PAY_MIN} USD per hour.`)
    .max(PAY_MAX, `${label} must be at most ${PAY_MAX} USD per hour.`)
    .refine(wholeCents, `${label} must be in whole cents.`);

const day = (label: string) => z.iso.date({ error: `${label} must be a date (YYYY-MM-DD).` });

/**
 * An opening as staff write it ("Save" on the form, for a new one and an edit alike). Valid through is a day in
 * the business time zone, the last the opening is shown; empty (null) takes the default when it is published.
 * Whether it is within its bounds depends on the day it is saved: the server checks that (validThroughRefusal).
 */
export const openingFields = z
  .object({
    title: line("Title", OPENING_LIMITS.title),
    credential: choice("Credential", OPENING_CREDENTIALS),
    specialty: line("Specialty", OPENING_LIMITS.specialty),
    setting: choice("Setting", OPENING_SETTINGS),
    city: line("City", OPENING_LIMITS.city),
    state: z.enum(US_STATES, { error: "State must be a two-letter US state code, such as NY." }),
    postalCode: z
      .string({ error: "Postal code is required." })
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, "Postal code must be a US ZIP code: 12207 or 12207-1234."),
    employmentType: choice("Employment type", EMPLOYMENT_TYPES),
    shift: choice("Shift", SHIFTS),
    payFrom: pay("Pay from"),
    payTo: pay("Pay to"),
    startDate: day("Start date"),
    description: z
      .string({ error: "Description is required." })
      .max(
        OPENING_LIMITS.description,
        `Description must be at most ${OPENING_LIMITS.description} characters.`,
      )
      .refine((text) => text.trim() !== "", "Description is required.")
      .refine(
        (text) => !CONTROL.test(text.replace(LINE_BREAKS, "")),
        "Description may hold line breaks but no other control characters (tabs, direction marks).",
      ),
    validThrough: day("Valid through").nullable().default(null),
  })
  .strict()
  .refine((opening) => opening.payFrom <= opening.payTo, {
    message: "Pay to must be at least Pay from.",
    path: ["payTo"],
  });
export type OpeningFields = z.output<typeof openingFields>;
export type OpeningField = keyof OpeningFields;

export const openingSchema = z.object({
  id: z.string(),
  /** Never changes: the public address ends with it. */
  shortId: z.string(),
  /** The title's slug as it is now; the public address is `<slug>-<shortId>` (openingAddressOf). */
  slug: z.string(),
  status: z.enum(OPENING_STATUSES),
  title: z.string(),
  credential: z.enum(OPENING_CREDENTIALS),
  specialty: z.string(),
  setting: z.enum(OPENING_SETTINGS),
  city: z.string(),
  state: z.enum(US_STATES),
  postalCode: z.string(),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  shift: z.enum(SHIFTS),
  payFrom: z.number(),
  payTo: z.number(),
  startDate: z.iso.date(),
  description: z.string(),
  /** The last day it is shown (business time zone); null on a draft that takes the default when published. */
  validThrough: z.iso.date().nullable(),
  /** When it was first published (the job boards' date posted); null while a draft. */
  publishedAt: isoTime.nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type Opening = z.infer<typeof openingSchema>;

export const openingAnswer = z.object({ opening: openingSchema });

/** The staff list: every opening, or those of one status; the newest first. */
export const openingsQuery = z.object({
  status: z.enum(OPENING_STATUSES, { error: `must be one of: ${OPENING_STATUSES.join(", ")}` }).optional(),
});

/**
 * One opening's applications on the Openings page, of those the viewer's role may see: how many, how many were
 * answered within the promise (the response clock's rule), and how many reached "Hired".
 */
export const openingCountsSchema = z.object({
  applications: z.number().int().min(0),
  answeredInTime: z.number().int().min(0),
  hired: z.number().int().min(0),
});
export type OpeningCounts = z.infer<typeof openingCountsSchema>;

/** The list, and each listed opening's counts by its id. */
export const openingListAnswer = z.object({
  openings: z.array(openingSchema),
  counts: z.record(z.string(), openingCountsSchema),
});

/**
 * A row of the endpoint table changing an opening's status (openings.ts, OPENING_MOVES): no body, the opening as
 * it is now.
 */
export const moveRow = <P extends string>(path: P) =>
  ({ method: "POST", path, permission: "openings:manage", answer: openingAnswer }) as const;
