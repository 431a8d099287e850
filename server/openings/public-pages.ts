import { OPENING_SHELL_PATH, OPENINGS_PATH, ROUTES } from "../../config/route-paths.ts";
import { openingPathOf, parseOpeningAddress } from "../../staff/openings.ts";
import {
  filtersOf,
  matchesFilters,
  OPENINGS_PAGE_SIZE,
  type OpeningPages,
  type PublicOpening,
  pageOf,
} from "../../staff/public-openings.ts";
import type { RenderedPage, RenderedRoute } from "../http/app.ts";
import { loadRenderModule, pageShell } from "../http/page-shell.ts";
import type { StaticFile } from "../http/static-site.ts";
import type { OpeningRecord } from "../store/queries/openings.ts";
import type { ShownOpeningsSource } from "./shown-openings.ts";

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

/** Pages kept per read of the openings: every opening's, the 410 page, and the list's most asked-for searches. */
const KEPT_PAGES_PER_READ = 1_000;

/**
 * The public openings pages (decision 028), rendered from this process's copy of the published openings
 * (server/openings/shown-openings.ts), each page once per read of the store: the careers page's "Open positions"
 * section (its search is the query string), and each opening's page, which answers 301 from an older slug and
 * 410 when the opening is no longer shown or never was. None when the build has no careers page (the servers'
 * tests run on a minimal build).
 */
export async function openingsPages({
  site,
  buildDir,
  shown,
}: {
  site: Map<string, StaticFile>;
  buildDir: string;
  shown: Pick<ShownOpeningsSource, "current">;
}): Promise<RenderedRoute[]> {
  if (!site.has(ROUTES.careers)) return [];
  const render = await loadRenderModule<OpeningPages>(buildDir);
  const careers = pageShell(site, ROUTES.careers);
  const opening = pageShell(site, OPENING_SHELL_PATH);
  const kept = new WeakMap<object, Map<string, RenderedPage>>();

  /** The page `key` names for this read of the openings: the one made before, or made now and kept. */
  const pageFor = (read: object, key: string, make: () => RenderedPage) => {
    const pages = kept.get(read) ?? new Map<string, RenderedPage>();
    kept.set(read, pages);
    let page = pages.get(key);
    if (!page) {
      page = make();
      if (pages.size < KEPT_PAGES_PER_READ) pages.set(key, page);
    }
    return page;
  };

  return [
    {
      path: ROUTES.careers,
      async render(c) {
        const { openings, read } = await shown.current();
        const filters = filtersOf(c.req.query());
        const asked = pageOf(c.req.query("page"));
        const key = JSON.stringify(["list", filters.credential, filters.shift, filters.place, asked]);
        return pageFor(read, key, () => {
          const all = openings.map(publicOf);
          const matching = all.filter((item) => matchesFilters(item, filters));
          const pages = Math.max(1, Math.ceil(matching.length / OPENINGS_PAGE_SIZE));
          const page = Math.min(asked, pages);
          const section = render.openingsSection({
            openings: matching.slice((page - 1) * OPENINGS_PAGE_SIZE, page * OPENINGS_PAGE_SIZE),
            matching: matching.length,
            published: all.length,
            filters,
            page,
          });
          return {
            status: 200,
            html: careers.fill({ openings: section }),
            scriptHashes: careers.scriptHashes,
          };
        });
      },
    },
    {
      path: `${OPENINGS_PATH}/:address`,
      async render(c) {
        // An address that cannot be an opening's is any unknown page: the site's 404.
        const address = parseOpeningAddress(c.req.param("address") ?? "");
        if (!address) return null;
        const { openings, read } = await shown.current();
        const record = openings.find((item) => item.shortId === address.shortId);
        if (record && record.slug !== address.slug) return { movedTo: openingPathOf(record) };
        if (record)
          return pageFor(read, `opening ${record.shortId}`, () => {
            const props = { opening: publicOf(record) };
            const html = opening.fill({ head: render.openingHead(props), main: render.openingMain(props) });
            return { status: 200, html, scriptHashes: opening.scriptHashes };
          });
        return pageFor(read, "gone", () => {
          const current = openings.slice(0, OPENINGS_PAGE_SIZE).map(publicOf);
          const html = opening.fill({
            head: render.goneHead({}),
            main: render.goneMain({ openings: current }),
          });
          return { status: 410, html, scriptHashes: opening.scriptHashes };
        });
      },
    },
  ];
}
