import { ROUTES } from "../../../config/route-paths.ts";
import {
  OPENINGS_PAGE_SIZE,
  type OpeningFilters,
  type OpeningsListProps,
} from "../../../staff/public-openings.ts";
import { OpeningCard } from "./opening-card";
import { OpeningsSearch } from "./openings-search";

const linkClass = "font-semibold text-(--accent-700) underline underline-offset-4 hover:text-(--accent-800)";

/** The careers page with these filters and page, as the search form would ask for it. */
function listHref(filters: OpeningFilters, page: number) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return `${ROUTES.careers}${search ? `?${search}` : ""}#open-positions`;
}

/** What the list says above the cards, or instead of them when none match. */
function Summary({ matching, published, filters }: Omit<OpeningsListProps, "openings" | "page">) {
  if (published === 0)
    return (
      <p className="text-lg text-ink-soft">
        There are no open positions listed right now. New ones come up often:{" "}
        <a href="#application-form" className={linkClass}>
          send us the general application
        </a>{" "}
        and a recruiter will match you with shifts as they open.
      </p>
    );
  const filtered = Boolean(filters.credential || filters.shift || filters.place);
  if (matching === 0)
    return (
      <p className="text-lg text-ink-soft">
        No openings match your search.{" "}
        <a href={listHref({ credential: "", shift: "", place: "" }, 1)} className={linkClass}>
          See all openings
        </a>{" "}
        or{" "}
        <a href="#application-form" className={linkClass}>
          send us the general application
        </a>
        .
      </p>
    );
  return (
    <p className="text-ink-soft" aria-live="polite">
      {matching === 1 ? "1 opening" : `${matching} openings`}
      {filtered ? " match your search." : ", newest first."}
    </p>
  );
}

/**
 * "Open positions" on the careers page: the search, then the published openings that match, newest first, a
 * page at a time. Rendered by the server at each request into the page's `openings` slot (decision 028).
 */
export function OpeningsSection({ openings, matching, published, filters, page }: OpeningsListProps) {
  const pages = Math.max(1, Math.ceil(matching / OPENINGS_PAGE_SIZE));
  return (
    <section
      id="open-positions"
      aria-labelledby="open-positions-heading"
      className="bg-surface py-16 md:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <header className="mb-8 max-w-3xl">
          <h2 id="open-positions-heading" className="text-3xl font-bold text-navy-900 md:text-4xl">
            Open positions
          </h2>
          <p className="mt-3 text-lg text-ink-soft">
            Shifts and assignments our recruiters are hiring for now, each with its pay.
          </p>
        </header>
        {published > 0 ? <OpeningsSearch action={ROUTES.careers} filters={filters} /> : null}
        <div className="mt-8">
          <Summary matching={matching} published={published} filters={filters} />
        </div>
        {openings.length > 0 ? (
          <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {openings.map((opening) => (
              <li key={opening.shortId}>
                <OpeningCard opening={opening} />
              </li>
            ))}
          </ul>
        ) : null}
        {pages > 1 ? (
          <nav aria-label="Pages of openings" className="mt-8 flex items-center justify-between gap-4">
            {page > 1 ? (
              <a href={listHref(filters, page - 1)} className={linkClass} rel="prev">
                Newer openings
              </a>
            ) : (
              <span />
            )}
            <span className="text-sm text-muted">
              Page {page} of {pages}
            </span>
            {page < pages ? (
              <a href={listHref(filters, page + 1)} className={linkClass} rel="next">
                Older openings
              </a>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
    </section>
  );
}
