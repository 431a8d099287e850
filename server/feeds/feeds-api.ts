import { createHash } from "node:crypto";
import { type Context, Hono } from "hono";
import type { SiteConfig } from "../../config/site.ts";
import { JOB_FEED_PATH } from "../../staff/openings.ts";
import type { ShownOpeningsSource } from "../openings/shown-openings.ts";
import type { OpeningRecord } from "../store/queries/openings.ts";
import { jobFeedXml } from "./job-feed.ts";
import { sitemapWithOpenings } from "./sitemap.ts";

/**
 * Shared caches may keep an answer only while they check it again on every request (the ETag makes that a
 * 304): a change shows at once on the instance that made it, so no cache may hold the previous one.
 */
export const FEED_CACHE_CONTROL = "public, max-age=0, must-revalidate";

const XML = "application/xml; charset=utf-8";

/**
 * The addresses that follow the openings, made from this process's copy of the published openings (the one the
 * public pages read, server/openings/shown-openings.ts), once per read of the store: /sitemap.xml (the build's
 * entries and the published openings) and the job boards' feed.
 */
export function createFeedsApi({
  shown,
  site,
  builtSitemap,
  now = Date.now,
}: {
  shown: Pick<ShownOpeningsSource, "current">;
  site: Pick<SiteConfig, "url" | "company">;
  /** The sitemap the build wrote, if any. */
  builtSitemap: string | undefined;
  now?: () => number;
}): Hono {
  const app = new Hono();
  const made = { sitemap: new WeakMap<object, Answer>(), feed: new WeakMap<object, Answer>() };

  /** The answer for this read of the openings: the one made before, or made now. */
  const answerFor = async (kind: keyof typeof made, make: (openings: OpeningRecord[]) => string) => {
    const { openings, read } = await shown.current();
    let answer = made[kind].get(read);
    if (!answer) {
      const xml = make(openings);
      answer = { xml, etag: `"${createHash("sha256").update(xml).digest("base64url").slice(0, 27)}"` };
      made[kind].set(read, answer);
    }
    return answer;
  };

  const sendXml = (c: Context, { xml, etag }: Answer) => {
    const headers = { "Content-Type": XML, "Cache-Control": FEED_CACHE_CONTROL, ETag: etag };
    if (c.req.header("If-None-Match") === etag) return c.body(null, 304, headers);
    return c.req.method === "HEAD" ? c.body(null, 200, headers) : c.body(xml, 200, headers);
  };

  app.on(["GET", "HEAD"], "/sitemap.xml", async (c) =>
    sendXml(
      c,
      await answerFor("sitemap", (openings) => sitemapWithOpenings(builtSitemap, openings, site.url)),
    ),
  );

  app.on(["GET", "HEAD"], JOB_FEED_PATH, async (c) =>
    sendXml(c, await answerFor("feed", (openings) => jobFeedXml(openings, site, now()))),
  );

  return app;
}

interface Answer {
  xml: string;
  etag: string;
}
