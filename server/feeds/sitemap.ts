import { openingPathOf } from "../../staff/openings.ts";
import type { OpeningRecord } from "../store/queries/openings.ts";
import { escapeXml } from "./xml-text.ts";

const CLOSING = "</urlset>";

/** A urlset with no entries, for a build that wrote no sitemap (the tests' minimal build). */
const EMPTY_SITEMAP = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${CLOSING}\n`;

/**
 * The sitemap as the server answers it: the build's (scripts/generate-seo-files.ts, every indexable page,
 * checked against the route config when it is built) with each published opening's page after its entries,
 * `lastmod` its last change.
 */
export function sitemapWithOpenings(
  built: string | undefined,
  openings: readonly Pick<OpeningRecord, "slug" | "shortId" | "updatedAt">[],
  siteUrl: string,
): string {
  const base = built?.includes(CLOSING) ? built : EMPTY_SITEMAP;
  const end = base.lastIndexOf(CLOSING);
  const entries = openings.map(
    (opening) =>
      `  <url><loc>${escapeXml(`${siteUrl}${openingPathOf(opening)}`)}</loc>` +
      `<lastmod>${new Date(opening.updatedAt).toISOString()}</lastmod></url>\n`,
  );
  return `${base.slice(0, end)}${entries.join("")}${base.slice(end)}`;
}
