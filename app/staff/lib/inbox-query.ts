import {
  type InboxFilter,
  type InboxFilters,
  type InboxQuery,
  inboxQuery,
} from "../../../staff/leads-api.ts";
import { StaffApiError, searchOf } from "./api";
import { staffPaths } from "./staff-paths";

/**
 * The inbox's view as its URL spells it, read with the contract's inboxQuery (empty values are no filter). A
 * value the contract refuses is refused here as the API would, before any request.
 */
export function readInboxQuery(params: URLSearchParams): InboxQuery {
  const given = [...params].map(([key, value]) => [key, value.trim()] as const).filter(([, value]) => value);
  const parsed = inboxQuery.safeParse(Object.fromEntries(given));
  if (parsed.success) return parsed.data;
  const filter = parsed.error.issues[0]?.path.join(".") ?? "a";
  throw new StaffApiError(
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
