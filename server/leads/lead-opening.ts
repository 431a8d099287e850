import type { OpeningQueries } from "../store/queries/openings.ts";

/** What the lead API keeps of the opening an application names. */
export interface ApplicationOpening {
  /** The fields to store: the typed ones, without the page's `opening` reference. */
  fields: Record<string, string>;
  /** The opening the lead is kept with (leads.opening_id), in whatever status it is now; null when none. */
  openingId: string | null;
  /** The opening the confirmation names: one the site has published at some time (never a draft's title). */
  named: { title: string } | undefined;
}

/**
 * The opening an application came from, by the short id its page's hidden input carried (leads/forms.ts lets
 * only what can be one through). An application is never refused for it: an opening closed, paused or expired
 * since the page was read is still kept with the lead (recruiters see what she applied for); a short id that
 * names no opening leaves the lead without one.
 */
export async function applicationOpening(
  openings: Pick<OpeningQueries, "byShortId">,
  validated: Record<string, string>,
): Promise<ApplicationOpening> {
  const { opening: shortId, ...fields } = validated;
  const opening = shortId ? await openings.byShortId(shortId) : null;
  return {
    fields,
    openingId: opening?.id ?? null,
    named: opening && opening.publishedAt !== null ? { title: opening.title } : undefined,
  };
}
