import type { SourceField } from "./source.ts";

// Apart from source.ts, which the public pages load: these are for the staff inbox and the server only.

/** How people read each source field: the staff inbox's lead page and the CSV exports. */
export const SOURCE_LABELS: Record<SourceField, string> = {
  source_page: "Form page",
  landing_page: "Landing page",
  referrer: "Referring site",
  utm_source: "UTM source",
  utm_medium: "UTM medium",
  utm_campaign: "Campaign",
  utm_term: "UTM term",
  utm_content: "UTM content",
};

/**
 * The inbox filter value for "no campaign" or "no referrer" (the spelling analytics tools use for an empty
 * dimension).
 */
export const NO_SOURCE_VALUE = "(none)";
