// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { readSiteConfig } from "../../config/site.ts";
import { sitemapXml } from "../../scripts/generate-seo-files.ts";
import { openingRecord } from "../../test-support/openings.ts";
import type { OpeningRecord } from "../store/queries/openings.ts";
import { createFeedsApi, FEED_CACHE_CONTROL } from "./feeds-api.ts";
import { jobFeedXml, salaryOf } from "./job-feed.ts";
import { sitemapWithOpenings } from "./sitemap.ts";

const site = readSiteConfig({ SITE_URL: "https://www.northwind.example", COMPANY_NAME: "Northwind & Co" });
const T0 = Date.parse("2026-12-01T15:00:00Z");
const HOSTILE = "</script><script>alert(1)</script> and ]]><x>not markup</x> <![CDATA[ & more";

/** Without a carriage return: XML parsers read "\r\n" as "\n", so what the feed holds reads back otherwise. */
const DESCRIPTION = "Twelve-hour nights.\n\n- Three a week";
const opening = (change: Partial<OpeningRecord> = {}) =>
  openingRecord(T0, { description: DESCRIPTION, ...change });

/**
 * Parsed by jsdom's XML parser (this file's environment; saxes, a conforming parser underneath): it answers a
 * `parsererror` document for XML that is not well-formed.
 */
function parseXml(xml: string): Document {
  const document = new DOMParser().parseFromString(xml, "application/xml");
  expect(document.getElementsByTagName("parsererror")).toHaveLength(0);
  return document;
}

const texts = (document: Document, tag: string) =>
  Array.from(document.getElementsByTagName(tag), (element) => element.textContent);

describe("the job boards' feed", () => {
  it("has Indeed's source and one job per opening, every field where boards read it", () => {
    const document = parseXml(
      jobFeedXml(
        [opening(), opening({ shortId: "abcdefgh", employmentType: "full-time", payToCents: 4850 })],
        site,
        T0 + 9000,
      ),
    );
    const source = document.documentElement;
    expect(source.tagName).toBe("source");
    expect(texts(document, "publisher")).toEqual(["Northwind & Co"]);
    expect(texts(document, "publisherurl")).toEqual(["https://www.northwind.example"]);
    expect(texts(document, "lastBuildDate")).toEqual([new Date(T0 + 9000).toUTCString()]);
    const [first] = Array.from(document.getElementsByTagName("job"));
    const field = (name: string) => first?.getElementsByTagName(name)[0]?.textContent;
    expect(
      Object.fromEntries(
        [
          "title",
          "date",
          "referencenumber",
          "url",
          "company",
          "city",
          "state",
          "country",
          "postalcode",
          "salary",
          "jobtype",
        ].map((name) => [name, field(name)]),
      ),
    ).toEqual({
      title: "Night Shift RN, Med-Surg",
      date: new Date(T0).toUTCString(),
      referencenumber: "k7m2p9qx",
      url: "https://www.northwind.example/carestaff/careers/jobs/night-shift-rn-med-surg-k7m2p9qx",
      company: "Northwind & Co",
      city: "Albany",
      state: "NY",
      country: "US",
      postalcode: "12207",
      salary: "$48.50 - $62 per hour",
      jobtype: "parttime",
    });
    expect(field("description")).toBe(DESCRIPTION);
    expect(texts(document, "referencenumber")).toEqual(["k7m2p9qx", "abcdefgh"]);
    expect(texts(document, "jobtype")).toEqual(["parttime", "fulltime"]);
    expect(texts(document, "salary")).toEqual(["$48.50 - $62 per hour", "$48.50 - $48.50 per hour"]);
  });

  it("keeps hostile staff text as text: script tags, a CDATA end, markup and control characters", () => {
    const hostile = opening({
      title: `${HOSTILE}\u0000\u001b\u0085`,
      description: `${HOSTILE}\u0007\ud800\n`,
    });
    const document = parseXml(jobFeedXml([hostile], site, T0));
    expect(texts(document, "title")).toEqual([HOSTILE]);
    expect(texts(document, "description")).toEqual([`${HOSTILE}\n`]);
    for (const tag of ["script", "x"]) expect(document.getElementsByTagName(tag)).toHaveLength(0);
    expect(document.getElementsByTagName("job")[0]?.children).toHaveLength(12);
  });

  it("words the pay range in dollars, with cents only when there are some", () => {
    expect(salaryOf({ payFromCents: 4500, payToCents: 5500 })).toBe("$45 - $55 per hour");
    expect(salaryOf({ payFromCents: 4505, payToCents: 100_000 })).toBe("$45.05 - $1000 per hour");
  });
});

describe("the sitemap", () => {
  it("keeps the build's pages and adds each published opening with its last change", () => {
    const built = sitemapXml(site);
    const xml = sitemapWithOpenings(
      built,
      [opening(), opening({ slug: "cna-days", shortId: "abcdefgh" })],
      site.url,
    );
    const document = parseXml(xml);
    const locs = texts(document, "loc");
    expect(locs.slice(0, -2)).toEqual(texts(parseXml(built), "loc"));
    expect(locs).toContain("https://www.northwind.example/carestaff/careers");
    expect(locs.slice(-2)).toEqual([
      "https://www.northwind.example/carestaff/careers/jobs/night-shift-rn-med-surg-k7m2p9qx",
      "https://www.northwind.example/carestaff/careers/jobs/cna-days-abcdefgh",
    ]);
    expect(texts(document, "lastmod")).toEqual([
      new Date(T0 + 5000).toISOString(),
      new Date(T0 + 5000).toISOString(),
    ]);
    expect(document.documentElement.namespaceURI).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
  });

  it("lists the openings alone when the build wrote no sitemap", () => {
    const document = parseXml(sitemapWithOpenings(undefined, [opening()], site.url));
    expect(texts(document, "loc")).toHaveLength(1);
  });
});

describe("the feeds' answers", () => {
  const app = createFeedsApi({
    shown: { current: async () => ({ openings: [opening({ description: HOSTILE })], read: {} }) },
    site,
    builtSitemap: sitemapXml(site),
    now: () => T0,
  });

  it.each(["/sitemap.xml", "/carestaff/careers/jobs.xml"])(
    "answers %s as XML that caches revalidate",
    async (path) => {
      const answer = await app.request(path);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
      expect(answer.headers.get("Cache-Control")).toBe(FEED_CACHE_CONTROL);
      const etag = answer.headers.get("ETag") ?? "";
      expect(etag).toMatch(/^"[\w-]+"$/);
      parseXml(await answer.text());
      const again = await app.request(path, { headers: { "If-None-Match": etag } });
      expect([again.status, await again.text()]).toEqual([304, ""]);
      const head = await app.request(path, { method: "HEAD" });
      expect([head.status, head.headers.get("ETag"), await head.text()]).toEqual([200, etag, ""]);
    },
  );
});
