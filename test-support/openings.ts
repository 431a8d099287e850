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
export function openingValuesOf(title: string) {
  const { payFrom, payTo, validThrough: _, ...rest } = GOOD_OPENING;
  return { ...rest, title, payFromCents: payFrom * 100, payToCents: payTo * 100, validThrough: null };
}
