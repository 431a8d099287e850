import { ROUTES } from "../config/route-paths.ts";
import { CREDENTIALS } from "../leads/catalog.ts";
import { addDays } from "../leads/credential-status.ts";

/**
 * What an opening is, without its validation (openings-api.ts has the zod schemas): its statuses and how they
 * move, the choices each field offers with their labels, its address (slug and short id) and the valid-through
 * rules. The staff app, the server and the public pages all read these.
 */

/** The catalog's credentials, as the nurse application offers them. */
export const OPENING_CREDENTIALS = CREDENTIALS;
export type OpeningCredential = (typeof OPENING_CREDENTIALS)[number];

/** draft: saved, never shown; published: on the site; expired: its valid-through passed (the sweep moves it). */
export const OPENING_STATUSES = ["draft", "published", "paused", "closed", "expired"] as const;
export type OpeningStatus = (typeof OPENING_STATUSES)[number];

/** The status changes staff make, each from the statuses it may leave, to the one it gives. */
export const OPENING_MOVES = {
  publish: { from: ["draft"], to: "published" },
  pause: { from: ["published"], to: "paused" },
  reopen: { from: ["paused", "closed", "expired"], to: "published" },
  close: { from: ["draft", "published", "paused", "expired"], to: "closed" },
} as const satisfies Record<string, { from: readonly OpeningStatus[]; to: OpeningStatus }>;
export type OpeningMove = keyof typeof OPENING_MOVES;

export const OPENING_SETTINGS = [
  "hospital",
  "nursing-home",
  "school",
  "home-care",
  "clinic",
  "other",
] as const;
export const SETTING_LABELS: Record<(typeof OPENING_SETTINGS)[number], string> = {
  hospital: "Hospital",
  "nursing-home": "Nursing home",
  school: "School",
  "home-care": "Home care",
  clinic: "Clinic",
  other: "Other",
};

export const EMPLOYMENT_TYPES = ["per-diem", "contract", "full-time", "part-time"] as const;
export const EMPLOYMENT_TYPE_LABELS: Record<(typeof EMPLOYMENT_TYPES)[number], string> = {
  "per-diem": "Per diem",
  contract: "Contract",
  "full-time": "Full-time",
  "part-time": "Part-time",
};

export const SHIFTS = ["days", "evenings", "nights", "rotating"] as const;
export const SHIFT_LABELS: Record<(typeof SHIFTS)[number], string> = {
  days: "Days",
  evenings: "Evenings",
  nights: "Nights",
  rotating: "Rotating",
};

/** The states, the District of Columbia and the inhabited territories, by their USPS codes. */
export const US_STATES = [
  ...["AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY"],
  ...["LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND"],
  ...["OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY"],
  ...["DC", "PR", "VI", "GU", "AS", "MP"],
] as const;

/** The pay range's bounds, in USD per hour. */
export const PAY_MIN = 1;
export const PAY_MAX = 1000;

export const OPENING_LIMITS = { title: 120, specialty: 80, city: 80, description: 10_000 } as const;

/** Valid through, when staff leave it empty: this many days after publishing. */
export const VALID_DAYS_DEFAULT = 60;
/** Valid through, at most this many days after publishing. */
export const VALID_DAYS_MAX = 180;

/** A YYYY-MM-DD date `days` later (or earlier, when negative): the one date arithmetic of the credential file's. */
export { addDays } from "../leads/credential-status.ts";

/**
 * Why a valid-through date cannot be kept when the opening is saved or published on `today` (both YYYY-MM-DD,
 * in the business time zone), or null when it can: it is today or later, and at most VALID_DAYS_MAX after.
 */
export function validThroughRefusal(validThrough: string, today: string): string | null {
  if (validThrough < today) return "Valid through must be today or a later day.";
  if (validThrough > addDays(today, VALID_DAYS_MAX))
    return `Valid through must be at most ${VALID_DAYS_MAX} days after publishing.`;
  return null;
}

/** Short ids: lower-case letters and digits, without the look-alikes (0/o, 1/l/i), so one can be read aloud. */
export const SHORT_ID_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
export const SHORT_ID_LENGTH = 8;
const SLUG_MAX = 80;

/** The title in lower-case letters, digits and hyphens ("Night-shift RN, Med/Surg" -> "night-shift-rn-med-surg"). */
export function slugOf(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, "");
  return slug || "opening";
}

/** The last segment of an opening's public address: `<slug>-<short id>`. */
export const openingAddressOf = (opening: { slug: string; shortId: string }) =>
  `${opening.slug}-${opening.shortId}`;

/** An opening's public page, from the site's root: `/carestaff/careers/jobs/<slug>-<short id>`. */
export const openingPathOf = (opening: { slug: string; shortId: string }) =>
  `${ROUTES.careers}/jobs/${openingAddressOf(opening)}`;

/** The published openings as job boards ingest them (Indeed's XML shape). */
export const JOB_FEED_PATH = `${ROUTES.careers}/jobs.xml`;

/**
 * An address segment read back: the short id after the last hyphen names the opening, whatever the slug before
 * it; a slug that is not the opening's current one (it was renamed) is answered with a redirect to the current
 * address. Null when the segment cannot be an opening's.
 */
export function parseOpeningAddress(segment: string): { slug: string; shortId: string } | null {
  const match = /^([a-z0-9-]*)-([a-z0-9]+)$/.exec(segment);
  const [, slug, shortId] = match ?? [];
  if (slug === undefined || shortId === undefined || shortId.length !== SHORT_ID_LENGTH) return null;
  if ([...shortId].some((char) => !SHORT_ID_ALPHABET.includes(char))) return null;
  return { slug, shortId };
}
