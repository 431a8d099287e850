import type { OpeningRecord, OpeningValues } from "../server/store/queries/openings.ts";

/** An opening staff may save, as the form sends it: the contract and API tests spoil or change one field. */
export const GOOD_OPENING = {
  title: "Night Shift RN, Med-Surg",
  credential: "RN",
  specialty: "Med-Surg",
  setting: "hospital",
  city: "Albany",
  state: "NY",
  postalCode: "12207",
  employmentType: "per-diem",
  shift: "nights",
  payFrom: 48.5,
  payTo: 62,
  startDate: "2027-01-04",
  description: "Twelve-hour nights on a 30-bed unit.\n\n- Three shifts a week\r\n- Weekend differential",
  validThrough: null,
};

/** The store's values of GOOD_OPENING under another title (pay in cents), for tests that create openings directly. */
export function openingValuesOf(title: string): OpeningValues {
  const { payFrom, payTo, validThrough: _, ...rest } = GOOD_OPENING;
  return { ...rest, title, payFromCents: payFrom * 100, payToCents: payTo * 100, validThrough: null };
}

/** The store's values of GOOD_OPENING with whatever a test changes. */
export const openingValues = (change: Partial<OpeningValues> = {}): OpeningValues => ({
  ...openingValuesOf(GOOD_OPENING.title),
  ...change,
});

/** A published opening as the store gives it back, GOOD_OPENING's, published at `at`, with whatever a test changes. */
export const openingRecord = (at: number, change: Partial<OpeningRecord> = {}): OpeningRecord => ({
  ...openingValues(),
  id: "0193a000-0000-7000-8000-000000000001",
  shortId: "k7m2p9qx",
  slug: "night-shift-rn-med-surg",
  status: "published",
  validThrough: at + 60 * 86_400_000,
  publishedAt: at,
  createdAt: at - 1000,
  updatedAt: at + 5000,
  ...change,
});
