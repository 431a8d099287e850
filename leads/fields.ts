import { LIMITS } from "./controls.ts";
import { z } from "./zod.ts";

/** Bounds shared by the browser and the API, so both refuse the same input with the same words. */
export { LIMITS };

/** Form values arrive as strings (FormData); an empty optional field counts as absent. */
/** Trims, turns browsers' multipart CRLF line breaks into \n, and treats a blank value as absent. */
const blankToUndefined = (value: unknown) => {
  if (typeof value !== "string") return value;
  const text = value.replace(/\r\n?/g, "\n").trim();
  return text === "" ? undefined : text;
};

export const requiredText = (label: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z
      .string({ error: `${label} is required.` })
      .min(1, `${label} is required.`)
      .max(max, `${label} must be at most ${max} characters.`),
  );

export const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.string().max(max, `${label} must be at most ${max} characters.`).optional(),
  );

export const requiredEmail = () =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z
      .string({ error: "Email is required." })
      .min(1, "Email is required.")
      .max(LIMITS.email, `Email must be at most ${LIMITS.email} characters.`)
      .pipe(z.email("Enter a valid email address, like name@example.com.")),
  );

export const optionalPhone = () =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(LIMITS.phone, `Phone must be at most ${LIMITS.phone} characters.`)
      .regex(/^[+()\d\s.\-x]{7,}$/i, "Enter a phone number using digits, spaces, +, ( ) or -.")
      .optional(),
  );

export const optionalChoice = <const T extends readonly [string, ...string[]]>(label: string, options: T) =>
  z.preprocess(
    blankToUndefined,
    z.enum(options, { error: `Choose a valid ${label.toLowerCase()}.` }).optional(),
  );

/** What an opening's short id (staff/openings.ts) can look like: lower-case letters and digits. */
const OPENING_REFERENCE = /^[a-z0-9]{1,32}$/;

/**
 * The opening an application is for, as its page's hidden input carries it. Never a reason to refuse the
 * application: a value that cannot be a short id is dropped, and the lead API keeps the application without it.
 */
export const optionalOpening = () =>
  z.preprocess((value) => {
    const text = blankToUndefined(value);
    return typeof text === "string" && OPENING_REFERENCE.test(text) ? text : undefined;
  }, z.string().optional());

/** yyyy-mm-dd of a Date in UTC. */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

const isRealDay = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && isoDay(new Date(time)) === value;
};

/**
 * A date that is not in the past. "Today" differs by time zone, so anything from
 * yesterday in UTC on is accepted: that covers every U.S. visitor's today.
 */
export const optionalFutureDate = (label: string, now: () => Date = () => new Date()) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date.`)
      // Round-trip so that 2030-02-31 (which Date.parse rolls over to March) is refused.
      .refine((value) => isRealDay(value), `${label} must be a real date.`)
      .refine(
        (value) => value >= isoDay(new Date(now().getTime() - 24 * 60 * 60 * 1000)),
        `${label} cannot be in the past.`,
      )
      .optional(),
  );

export const consentChecked = () =>
  z.preprocess(
    (value) => (value === true || value === "true" || value === "on" ? "true" : value),
    z.literal("true", { error: "Please provide consent to submit your application." }),
  );
