import {
  EMPLOYMENT_TYPE_LABELS,
  OPENING_CREDENTIALS,
  type OpeningCredential,
  SHIFT_LABELS,
  SHIFTS,
} from "./openings.ts";

/**
 * What the public site shows of the openings (decision 028): the fields a visitor sees, the search's filters as
 * the careers page's GET form sends them, the description's paragraphs and bullets, and the render module's
 * functions the server calls (app/render/pages.tsx implements them).
 */

/** A published opening as the public pages show it; pay in cents per hour, dates as the store keeps them. */
export interface PublicOpening {
  shortId: string;
  slug: string;
  title: string;
  credential: string;
  specialty: string;
  setting: string;
  city: string;
  state: string;
  postalCode: string;
  employmentType: string;
  shift: string;
  payFromCents: number;
  payToCents: number;
  startDate: string;
  /** Plain text as staff typed it; only the opening's own page reads it. */
  description: string;
  /** Milliseconds. */
  publishedAt: number;
  validThrough: number;
}

/** The search's filters, as the GET form names them; "" is any. */
export interface OpeningFilters {
  credential: OpeningCredential | "";
  shift: (typeof SHIFTS)[number] | "";
  place: string;
}

export const PLACE_MAX = 80;
/** Cards a page of the list shows; further pages are `?page=2`, … */
export const OPENINGS_PAGE_SIZE = 20;

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | "" =>
  values.includes(value as T) ? (value as T) : "";

/** The filters a query string asks for: unknown values are read as any, the place is trimmed and cut short. */
export function filtersOf(query: Record<string, string | undefined>): OpeningFilters {
  return {
    credential: oneOf(OPENING_CREDENTIALS, query.credential),
    shift: oneOf(SHIFTS, query.shift),
    place: (query.place ?? "").replace(/\s+/g, " ").trim().slice(0, PLACE_MAX),
  };
}

/**
 * Whether an opening is in a place: each word of it (commas and spaces split them) is the state's code, the
 * start of the postal code or a part of the city ("Albany NY", "new york", "122").
 */
function inPlace(opening: PublicOpening, place: string): boolean {
  const city = opening.city.toLowerCase();
  return place
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean)
    .every(
      (word) =>
        word === opening.state.toLowerCase() || opening.postalCode.startsWith(word) || city.includes(word),
    );
}

export function matchesFilters(opening: PublicOpening, filters: OpeningFilters): boolean {
  return (
    (!filters.credential || opening.credential === filters.credential) &&
    (!filters.shift || opening.shift === filters.shift) &&
    (!filters.place || inPlace(opening, filters.place))
  );
}

/** The page of the list a query asks for: 1 unless a whole number from 2 on. */
export const pageOf = (value: string | undefined) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
};

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: cents % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

/** "$45–$55 an hour", or "$50 an hour" when the range is one figure. */
export function payRange({ payFromCents, payToCents }: Pick<PublicOpening, "payFromCents" | "payToCents">) {
  const range =
    payFromCents === payToCents ? dollars(payFromCents) : `${dollars(payFromCents)}–${dollars(payToCents)}`;
  return `${range} an hour`;
}

export const shiftLabel = (shift: string) => SHIFT_LABELS[shift as keyof typeof SHIFT_LABELS] ?? shift;
export const employmentTypeLabel = (type: string) =>
  EMPLOYMENT_TYPE_LABELS[type as keyof typeof EMPLOYMENT_TYPE_LABELS] ?? type;

/** A description's blocks: paragraphs split by blank lines; runs of lines starting "- " make a list. */
export type DescriptionBlock = { kind: "paragraph"; lines: string[] } | { kind: "list"; items: string[] };

export function descriptionBlocks(text: string): DescriptionBlock[] {
  const blocks: DescriptionBlock[] = [];
  for (const chunk of text.replace(/\r\n?/g, "\n").split(/\n\s*\n/)) {
    let current: DescriptionBlock | undefined;
    for (const raw of chunk.split("\n")) {
      const line = raw.trim();
      if (!line) continue;
      const bullet = raw.trimStart().startsWith("- ");
      const kind = bullet ? "list" : "paragraph";
      if (current?.kind !== kind) {
        current = bullet ? { kind: "list", items: [] } : { kind: "paragraph", lines: [] };
        blocks.push(current);
      }
      if (current.kind === "list") current.items.push(line.slice(2).trim());
      else current.lines.push(line);
    }
  }
  return blocks;
}

/** The list section's props: one page of the openings that match, and what the visitor asked for. */
export interface OpeningsListProps {
  openings: PublicOpening[];
  /** How many openings match, over all pages. */
  matching: number;
  /** How many are published at all (0: the section says there are none and points to the general form). */
  published: number;
  filters: OpeningFilters;
  page: number;
}

/** What the render module (app/render/pages.tsx, build/render/pages.js) gives the server, each as HTML. */
export interface OpeningPages {
  /** The careers page's "Open positions" section. */
  openingsSection(props: OpeningsListProps): string;
  /** An opening's head: title, description, canonical, JSON-LD JobPosting. */
  openingHead(props: { opening: PublicOpening }): string;
  /** An opening's main: its details and the nurse application form with the opening attached. */
  openingMain(props: { opening: PublicOpening }): string;
  /** The 410 page's head (no JSON-LD, noindex) and main (the current openings). */
  goneHead(props: Record<string, never>): string;
  goneMain(props: { openings: PublicOpening[] }): string;
}
