import { createHash } from "node:crypto";
import { type Context, Hono } from "hono";
import type { SiteConfig } from "../../config/site.ts";
import { JOB_FEED_PATH } from "../../staff/openings.ts";
import type { Store } from "../store/store.ts";
import { jobFeedXml } from "./job-feed.ts";
import { sitemapWithOpenings } from "./sitemap.ts";

/**
 * Shared caches may keep an answer only while they check it again on every request (the ETag makes that a
 * 304): a change shows at once on the instance that made it, so no cache may hold the previous one.
 */
export const FEED_CACHE_CONTROL = "public, max-age=0, must-revalidate";

const XML = "application/xml; charset=utf-8";

/**
 * The addresses that follow the openings, answered from the store on each request (never from a copy in this
 * process), so every instance answers what PostgreSQL holds: /sitemap.xml (the build's entries and the
 * published openings) and the job boards' feed.
 */
export function createFeedsApi({
  store,
  site,
  builtSitemap,
  now = Date.now,
}: {
  store: Pick<Store, "openings">;
  site: Pick<SiteConfig, "url" | "company">;
  /** The sitemap the build wrote, if any. */
  builtSitemap: string | undefined;
  now?: () => number;
}): Hono {
  const app = new Hono();

  const sendXml = (c: Context, xml: string) => {
    const etag = `"${createHash("sha256").update(xml).digest("base64url").slice(0, 27)}"`;
    const headers = { "Content-Type": XML, "Cache-Control": FEED_CACHE_CONTROL, ETag: etag };
    if (c.req.header("If-None-Match") === etag) return c.body(null, 304, headers);
    return c.req.method === "HEAD" ? c.body(null, 200, headers) : c.body(xml, 200, headers);
  };

  app.on(["GET", "HEAD"], "/sitemap.xml", async (c) => {
    const openings = await store.openings.published(now());
    return sendXml(c, sitemapWithOpenings(builtSitemap, openings, site.url));
  });

  app.on(["GET", "HEAD"], JOB_FEED_PATH, async (c) => {
    const at = now();
    return sendXml(c, jobFeedXml(await store.openings.published(at), site, at));
  });

  return app;
}
