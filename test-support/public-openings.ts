import { openStore } from "../server/store/store.ts";
import { OPENING_MOVES, openingAddressOf, SHIFT_LABELS, SHIFTS } from "../staff/openings.ts";
import { OPENINGS_PAGE_SIZE } from "../staff/public-openings.ts";
import { openingValuesOf } from "./openings.ts";

/**
 * The openings the browser suites' servers publish before they start (the Playwright openings server and the
 * Firefox and WebKit smoke servers), so every page they serve shows the same list: more than a page of
 * published ones over credentials, shifts and three places, the newest first, and one paused (its page is 410).
 */

const DAY = 86_400_000;
const CREDENTIALS = ["RN", "LPN", "CNA", "NP"] as const;
const PLACES = [
  { city: "Albany", state: "NY", postalCode: "12207" },
  { city: "Troy", state: "NY", postalCode: "12180" },
  { city: "Boston", state: "MA", postalCode: "02108" },
] as const;
const SPECIALTIES = ["Med-Surg", "Long-Term Care", "Telemetry", "Rehab", "Pediatrics", "Behavioral Health"];

export interface SeededOpening {
  title: string;
  credential: (typeof CREDENTIALS)[number];
  shift: (typeof SHIFTS)[number];
  city: string;
  state: string;
  postalCode: string;
  specialty: string;
}

/** Published, newest first: the first is the one the tests open and apply to. */
export const PUBLISHED_OPENINGS: SeededOpening[] = Array.from(
  { length: OPENINGS_PAGE_SIZE + 6 },
  (_, index) => {
    const credential = CREDENTIALS[index % CREDENTIALS.length] ?? "RN";
    const shift = SHIFTS[Math.floor(index / CREDENTIALS.length) % SHIFTS.length] ?? "nights";
    const place = PLACES[index % PLACES.length] ?? PLACES[0];
    const specialty = SPECIALTIES[index % SPECIALTIES.length] ?? "Med-Surg";
    const title = `${SHIFT_LABELS[shift]} ${credential}, ${specialty} (${place.city} ${index + 1})`;
    return { title, credential, shift, specialty, ...place };
  },
);

export const PAUSED_OPENING: SeededOpening = {
  title: "Paused Days RN, Rehab",
  credential: "RN",
  shift: "days",
  specialty: "Rehab",
  ...PLACES[0],
};

/** The addresses of the seeded openings, by title, as a test finds them in the pages. */
export type SeededAddresses = Record<string, string>;

/**
 * Publishes the seeded openings in the SQLite store in `dataDir` (before its server starts), the newest first
 * as listed, and pauses one. Returns each one's public address (`<slug>-<short id>`) by title.
 */
export async function seedPublicOpenings(dataDir: string, now = Date.now()): Promise<SeededAddresses> {
  const store = await openStore({ dataDir });
  try {
    const addresses: SeededAddresses = {};
    const all = [PAUSED_OPENING, ...[...PUBLISHED_OPENINGS].reverse()];
    for (const [index, opening] of all.entries()) {
      // A minute apart, the last listed first published, so the list's "newest first" is the order above.
      const at = now - (all.length - index) * 60_000;
      const draft = await store.openings.create({ ...openingValuesOf(opening.title), ...opening }, at);
      await store.openings.move(
        draft.id,
        { ...OPENING_MOVES.publish, defaultValidThrough: at + 60 * DAY },
        at,
      );
      if (opening === PAUSED_OPENING) await store.openings.move(draft.id, OPENING_MOVES.pause, at);
      addresses[opening.title] = openingAddressOf(draft);
    }
    return addresses;
  } finally {
    await store.close();
  }
}

/** `node test-support/public-openings.ts`: seeds DATA_DIR, as the browser suites' server commands do. */
if (import.meta.main) {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error("DATA_DIR is not set");
  await seedPublicOpenings(dataDir);
}
