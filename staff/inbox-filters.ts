/**
 * The inbox's filters by name, in the order the contract's inboxQuery (leads-api.ts) reads them and the inbox
 * writes them back into its address. A module of its own, with no schema, so the inbox's first load can name them
 * without loading the contract's schema library.
 */
export const INBOX_FILTERS = [
  "form",
  "status",
  "delivery",
  "from",
  "to",
  "q",
  "campaign",
  "referrer",
  "awaiting",
  "mine",
  "overdue",
  "spam",
  "opening",
  "documents",
  "sort",
] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

export const INBOX_SORTS = ["newest", "due"] as const;
