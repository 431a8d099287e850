import type { SiteConfig } from "../../config/site.ts";
import { openingPathOf } from "../../staff/openings.ts";
import type { OpeningRecord } from "../store/queries/openings.ts";
import { cdata, escapeXml } from "./xml-text.ts";

/**
 * The published openings in the XML shape job boards ingest (Indeed's: one `<source>` with the publisher and
 * one `<job>` per opening), so the company can register one address with the boards. Every text staff typed is
 * in CDATA (xml-text.ts); the values the server makes (dates, addresses, codes) are escaped.
 */

/** Indeed's job types: per diem work, as needed and under full time, is listed as part-time. */
const JOB_TYPES: Record<string, string> = {
  "per-diem": "parttime",
  contract: "contract",
  "full-time": "fulltime",
  "part-time": "parttime",
};

/** USD from cents, without cents when whole: 4850 -> "$48.50", 6200 -> "$62". */
export const dollarsOf = (cents: number) =>
  `$${cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2)}`;

/** The pay range as job boards read it: "$48.50 - $62 per hour". */
export const salaryOf = (opening: Pick<OpeningRecord, "payFromCents" | "payToCents">) =>
  `${dollarsOf(opening.payFromCents)} - ${dollarsOf(opening.payToCents)} per hour`;

const element = (name: string, value: string) => `    <${name}>${value}</${name}>`;

function jobXml(opening: OpeningRecord, site: Pick<SiteConfig, "url" | "company">): string {
  return [
    "  <job>",
    element("title", cdata(opening.title)),
    element("date", escapeXml(new Date(opening.publishedAt ?? opening.updatedAt).toUTCString())),
    element("referencenumber", escapeXml(opening.shortId)),
    element("url", escapeXml(`${site.url}${openingPathOf(opening)}`)),
    element("company", cdata(site.company.name)),
    element("city", cdata(opening.city)),
    element("state", escapeXml(opening.state)),
    element("country", "US"),
    element("postalcode", escapeXml(opening.postalCode)),
    element("description", cdata(opening.description)),
    element("salary", escapeXml(salaryOf(opening))),
    element("jobtype", escapeXml(JOB_TYPES[opening.employmentType] ?? "parttime")),
    "  </job>",
  ].join("\n");
}

/** The feed of `openings` (the published ones, newest first), built at `now`. */
export function jobFeedXml(
  openings: readonly OpeningRecord[],
  site: Pick<SiteConfig, "url" | "company">,
  now: number,
): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    "<source>",
    `  <publisher>${cdata(site.company.name)}</publisher>`,
    `  <publisherurl>${escapeXml(site.url)}</publisherurl>`,
    `  <lastBuildDate>${escapeXml(new Date(now).toUTCString())}</lastBuildDate>`,
    ...openings.map((opening) => jobXml(opening, site)),
    "</source>",
    "",
  ].join("\n");
}
