import type { MiddlewareHandler } from "hono";
import { fail } from "./refusals.ts";

/**
 * Every staff request must come from the site itself. A state change must say so: its Origin (or, where a
 * browser sends none, its Sec-Fetch-Site, or its Referer) is SITE_URL's origin. A read is refused when the
 * browser says it comes from elsewhere (Sec-Fetch-Site other than same-origin or none, or a foreign Origin), so a
 * link or a frame on another site cannot open a lead, an export or a file with the staff member's cookie.
 */
export function siteOnly(siteOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header("Origin");
    const fetchSite = c.req.header("Sec-Fetch-Site");
    const referer = c.req.header("Referer");
    const read = ["GET", "HEAD", "OPTIONS"].includes(c.req.method);
    const fromSite = read
      ? (origin === undefined || origin === siteOrigin) &&
        (fetchSite === undefined || fetchSite === "same-origin" || fetchSite === "none")
      : origin
        ? origin === siteOrigin
        : fetchSite
          ? fetchSite === "same-origin"
          : referer
            ? URL.parse(referer)?.origin === siteOrigin
            : false;
    if (!fromSite) return fail(c, 403, "bad_origin");
    return next();
  };
}
