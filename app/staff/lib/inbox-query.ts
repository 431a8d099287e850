import { INBOX_FILTERS, type InboxFilter } from "../../../staff/inbox-filters.ts";
import type { InboxFilters, InboxQuery } from "../../../staff/leads-api.ts";
import { StaffApiError, searchOf } from "./api";
import { staffPaths } from "./staff-paths";

/** The address's values, trimmed, the empty ones left out (of a name given twice, the last counts). */
const givenIn = (params: URLSearchParams) =>
  new Map([...params].map(([key, value]) => [key, value.trim()] as const).filter(([, value]) => value));

/**
 * The inbox's view as its URL spells it: each filter it names, trimmed (an empty value is no filter; of a filter
 * given twice, the last), and its page. Read as given: the list's endpoint checks it with the contract's
 * inboxQuery, and the inbox shows nothing it refuses (badInboxQuery words that refusal).
 */
export function readInboxQuery(params: URLSearchParams): InboxQuery {
  const given = givenIn(params);
  const view: Record<string, string | number> = {};
  for (const filter of INBOX_FILTERS) {
    const value = given.get(filter);
    if (value !== undefined) view[filter] = value;
  }
  const page = given.get("page");
  view.page = page === undefined ? 1 : Number(page);
  return view as InboxQuery;
}

/**
 * The refusal of an address whose filters the contract refuses, naming the first such filter; null when it
 * accepts them all. It reads them with the contract's inboxQuery, which loads here, only once the API has
 * refused them: the inbox's first load carries no schema library.
 */
export async function badInboxQuery(params: URLSearchParams): Promise<StaffApiError | null> {
  const { inboxQuery } = await import("../../../staff/leads-api.ts");
  const parsed = inboxQuery.safeParse(Object.fromEntries(givenIn(params)));
  if (parsed.success) return null;
  const filter = parsed.error.issues[0]?.path.join(".") ?? "a";
  return new StaffApiError(
    422,
    "bad_filter",
    `The ${filter} filter in this address is not valid. Clear the filters and choose again.`,
  );
}

/** The filters of a view, without its page. */
export function filtersOf({ page: _page, ...filters }: InboxQuery): InboxFilters {
  return filters;
}

export const isFiltered = (filters: Partial<Record<InboxFilter, string>>) =>
  Object.values(filters).some((value) => value !== undefined && value !== "");

/** The inbox's URL for a view: its filters (and page) written back as readInboxQuery reads them. */
export function inboxPath(filters: Partial<Record<InboxFilter, string>>, page = 1): string {
  const query = searchOf({ ...filters, page });
  return query ? `${staffPaths.inbox}?${query}` : staffPaths.inbox;
}
