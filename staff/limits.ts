/** The staff API's bounds, enforced by the server and shown by the pages. */

/** A note has 1 to NOTE_MAX characters. */
export const NOTE_MAX = 5000;
/** Leads per inbox page. */
export const PAGE_SIZE = 50;
/** Entries per audit page. */
export const AUDIT_PAGE_SIZE = 100;
/** The inbox counts this many campaigns and referrers, the most leads first (the rest are still filterable). */
export const SOURCE_COUNT_LIMIT = 20;
/** A search's text, at most. */
export const SEARCH_MAX = 200;
/** The highest page number a list accepts. */
export const PAGE_MAX = 100_000;
/** A password has PASSWORD_MIN to PASSWORD_MAX characters (and is not one of the most common). */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
