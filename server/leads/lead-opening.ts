import type { LeadForm } from "../../leads/catalog.ts";
import { openingPathOf } from "../../staff/openings.ts";
import type { OpeningQueries, OpeningRecord } from "../store/queries/openings.ts";

/** What the lead API keeps of the opening an application names. */
export interface ApplicationOpening {
  /** The fields to store: the typed ones, without the page's `opening` reference. */
  fields: Record<string, string>;
  /** The opening the lead is kept with (leads.opening_id), in whatever status it is now; null when none. */
  openingId: string | null;
  /** The opening the confirmation names: one the site has published at some time (never a draft's title). */
  named: { title: string } | undefined;
  /** Where a native post returns (returnPage). */
  page: string;
}

/** On the site at `now`: published and within its valid-through (as the store's `published` lists them). */
const shown = (opening: OpeningRecord, now: number) =>
  opening.status === "published" && opening.validThrough !== null && opening.validThrough >= now;

/** A native post's way back: the opening's page while the site shows it, else the form's own page. */
const pageOf = (form: LeadForm, opening: OpeningRecord | null, now: number) =>
  opening && shown(opening, now) ? openingPathOf(opening) : form.page;

/**
 * The opening an application came from, by the short id its page's hidden input carried (leads/forms.ts lets
 * only what can be one through). An application is never refused for it: an opening closed, paused or expired
 * since the page was read is still kept with the lead (recruiters see what she applied for); a short id that
 * names no opening leaves the lead without one.
 */
export async function applicationOpening(
  openings: Pick<OpeningQueries, "byShortId">,
  form: LeadForm,
  validated: Record<string, string>,
  now: number,
): Promise<ApplicationOpening> {
  const { opening: shortId, ...fields } = validated;
  const opening = shortId ? await openings.byShortId(shortId) : null;
  return {
    fields,
    openingId: opening?.id ?? null,
    named: opening && opening.publishedAt !== null ? { title: opening.title } : undefined,
    page: pageOf(form, opening, now),
  };
}

/** Where a refused native post returns, by the short id it carried as sent (unvalidated: only looked up). */
export async function returnPage(
  openings: Pick<OpeningQueries, "byShortId">,
  form: LeadForm,
  shortId: string | undefined,
  now: number,
): Promise<string> {
  const opening = shortId && /^[a-z0-9]{1,32}$/.test(shortId) ? await openings.byShortId(shortId) : null;
  return pageOf(form, opening, now);
}
