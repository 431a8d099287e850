import { OPENING_SHELL_PATH, OPENINGS_PATH, ROUTES } from "../../config/route-paths.ts";
import { parseOpeningAddress } from "../../staff/openings.ts";
import {
  filtersOf,
  matchesFilters,
  OPENINGS_PAGE_SIZE,
  type OpeningPages,
  openingPath,
  type PublicOpening,
  pageOf,
} from "../../staff/public-openings.ts";
import type { RenderedRoute } from "../http/app.ts";
import { loadRenderModule, pageShell } from "../http/page-shell.ts";
import type { StaticFile } from "../http/static-site.ts";
import type { OpeningQueries, OpeningRecord } from "../store/queries/openings.ts";

/** What a visitor may see of a record the store gives as shown (published, within its valid-through). */
const publicOf = (record: OpeningRecord): PublicOpening => ({
  shortId: record.shortId,
  slug: record.slug,
  title: record.title,
  credential: record.credential,
  specialty: record.specialty,
  setting: record.setting,
  city: record.city,
  state: record.state,
  postalCode: record.postalCode,
  employmentType: record.employmentType,
  shift: record.shift,
  payFromCents: record.payFromCents,
  payToCents: record.payToCents,
  startDate: record.startDate,
  description: record.description,
  publishedAt: record.publishedAt ?? record.updatedAt,
  validThrough: record.validThrough ?? Number.MAX_SAFE_INTEGER,
});

const isShown = (record: OpeningRecord, now: number) =>
  record.status === "published" && record.validThrough !== null && record.validThrough >= now;

/**
 * The public openings pages (decision 028), rendered at each request from the store, so a change shows on the
 * next request on every instance: the careers page's "Open positions" section (its search is the query
 * string), and each opening's page, which answers 301 from an older slug and 410 when the opening is no longer
 * shown or never was. None when the build has no careers page (the servers' tests run on a minimal build).
 */
export async function openingsPages({
  site,
  buildDir,
  openings,
  now = Date.now,
}: {
  site: Map<string, StaticFile>;
  buildDir: string;
  openings: Pick<OpeningQueries, "published" | "byShortId">;
  now?: () => number;
}): Promise<RenderedRoute[]> {
  if (!site.has(ROUTES.careers)) return [];
  const render = await loadRenderModule<OpeningPages>(buildDir);
  const careers = pageShell(site, ROUTES.careers);
  const opening = pageShell(site, OPENING_SHELL_PATH);
  const shown = async () => (await openings.published(now())).map(publicOf);

  return [
    {
      path: ROUTES.careers,
      async render(c) {
        const all = await shown();
        const filters = filtersOf(c.req.query());
        const matching = all.filter((item) => matchesFilters(item, filters));
        const pages = Math.max(1, Math.ceil(matching.length / OPENINGS_PAGE_SIZE));
        const page = Math.min(pageOf(c.req.query("page")), pages);
        const section = render.openingsSection({
          openings: matching.slice((page - 1) * OPENINGS_PAGE_SIZE, page * OPENINGS_PAGE_SIZE),
          matching: matching.length,
          published: all.length,
          filters,
          page,
        });
        return { status: 200, html: careers.fill({ openings: section }), scriptHashes: careers.scriptHashes };
      },
    },
    {
      path: `${OPENINGS_PATH}/:address`,
      async render(c) {
        // An address that cannot be an opening's is any unknown page: the site's 404.
        const address = parseOpeningAddress(c.req.param("address") ?? "");
        if (!address) return null;
        const record = await openings.byShortId(address.shortId);
        if (record && isShown(record, now())) {
          if (record.slug !== address.slug) return { movedTo: openingPath(ROUTES.careers, record) };
          const props = { opening: publicOf(record) };
          const html = opening.fill({ head: render.openingHead(props), main: render.openingMain(props) });
          return { status: 200, html, scriptHashes: opening.scriptHashes };
        }
        const current = (await shown()).slice(0, OPENINGS_PAGE_SIZE);
        const html = opening.fill({
          head: render.goneHead({}),
          main: render.goneMain({ openings: current }),
        });
        return { status: 410, html, scriptHashes: opening.scriptHashes };
      },
    },
  ];
}
