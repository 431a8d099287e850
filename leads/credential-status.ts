import type { ChecklistItem } from "./credential-checklist.ts";

/** An item's status, as the nurse's page, the credential file and the inbox's filter show it. */
export const ITEM_STATUSES = [
  "missing",
  "submitted",
  "verified",
  "rejected",
  "expiring-soon",
  "expired",
] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const ITEM_STATUS_LABELS: Record<ItemStatus, string> = {
  missing: "Missing",
  submitted: "Submitted",
  verified: "Verified",
  rejected: "Rejected",
  "expiring-soon": "Expiring soon",
  expired: "Expired",
};

/** An item with this many days of validity left, or fewer, is expiring soon. */
export const EXPIRING_SOON_DAYS = 30;

/** What is stored of an item: the recruiters' decision on its latest submission, and until when it is valid. */
export interface ItemState {
  /** null: nothing submitted yet. */
  review: "submitted" | "verified" | "rejected" | null;
  rejectReason?: string | null;
  /** The last day what it proves is valid (YYYY-MM-DD); null: it does not expire. */
  validThrough: string | null;
}

/**
 * The one rule for an item's status on `today` (YYYY-MM-DD, the business calendar's date): nothing submitted is
 * missing, a rejection stands with its reason until a new submission, and a submitted or verified item past its
 * last valid day is expired, or expiring soon within `soonDays` of it.
 */
export function itemStatus(
  state: ItemState,
  today: string,
  soonDays = EXPIRING_SOON_DAYS,
): { status: ItemStatus; reason?: string } {
  if (state.review === null) return { status: "missing" };
  if (state.review === "rejected") return { status: "rejected", reason: state.rejectReason ?? "" };
  if (state.validThrough !== null) {
    const left = daysBetween(today, state.validThrough);
    if (left < 0) return { status: "expired" };
    if (left <= soonDays) return { status: "expiring-soon" };
  }
  return { status: state.review };
}

/** "4 of 8 done": done is submitted or verified; missing, rejected, expiring and expired items are still to do. */
export const isDone = (status: ItemStatus) => status === "submitted" || status === "verified";

/** The last day a submission of `item` with these fields is valid; null when it does not expire or a date is missing. */
export function validThrough(item: ChecklistItem, fields: Readonly<Record<string, string>>): string | null {
  const { validity } = item;
  if (validity.kind === "no-expiry") return null;
  if (validity.kind === "until")
    return isIsoDate(fields[validity.field]) ? (fields[validity.field] ?? null) : null;
  const from = fields[validity.from];
  const months =
    typeof validity.months === "number"
      ? validity.months
      : validity.months.by[fields[validity.months.choice] ?? ""];
  if (!isIsoDate(from) || months === undefined) return null;
  // Valid for N months from the day taken: through the day before the same date N months later.
  return addDays(addMonths(from, months), -1);
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string | undefined): value is string {
  if (value === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = utc(value);
  return !Number.isNaN(parsed) && iso(parsed) === value;
}

const DAY_MS = 86_400_000;
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => Math.round((utc(to) - utc(from)) / DAY_MS);

export const addDays = (date: string, days: number) => iso(utc(date) + days * DAY_MS);

/** The same day `months` later, or that month's last day when it is shorter (31 January + 1 month: 28 February). */
export function addMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return iso(first.getTime());
}

/** The inbox's "Documents" filter: where a lead's checklist stands (server/store/queries/document-filters.ts). */
export const DOCUMENT_FILTERS = ["requested", "incomplete", "complete", "expiring", "expired"] as const;
export type DocumentFilter = (typeof DOCUMENT_FILTERS)[number];

export const DOCUMENT_FILTER_LABELS: Record<DocumentFilter, string> = {
  requested: "Requested",
  incomplete: "Incomplete",
  complete: "Complete",
  expiring: `Expiring within ${EXPIRING_SOON_DAYS} days`,
  expired: "Expired",
};
