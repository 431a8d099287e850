import { describe, expect, it } from "vitest";
import { readSiteConfig } from "../config/site.ts";
import { assertRoutesListed, robotsTxt, routeConfigPaths, sitemapXml } from "./generate-seo-files.ts";

const site = readSiteConfig({});

/** The manifest shape React Router hands buildEnd, for a public page and the staff routes. */
const routes = {
  root: { id: "root", path: "" },
  "routes/about": { id: "routes/about", path: "about", parentId: "root" },
  "routes/staff/layout": { id: "routes/staff/layout", path: "staff", parentId: "root" },
  "routes/staff/inbox": { id: "routes/staff/inbox", index: true, parentId: "routes/staff/layout" },
  "routes/staff/audit": { id: "routes/staff/audit", path: "audit", parentId: "routes/staff/layout" },
  "routes/staff/sign-in": { id: "routes/staff/sign-in", path: "staff/sign-in", parentId: "root" },
};

describe("search engine files and the staff pages", () => {
  it("leaves the staff pages out of the public paths the sitemap is checked against", () => {
    expect(routeConfigPaths(routes)).toEqual(["/about"]);
  });

  it("keeps crawlers out of /staff and never lists it in the sitemap", () => {
    expect(robotsTxt(site)).toMatch(/^Disallow: \/staff$/m);
    expect(sitemapXml(site)).not.toContain("/staff");
  });

  it("still fails the build when a public route is missing from config/route-paths.ts", () => {
    const unlisted = { ...routes, "routes/new": { id: "routes/new", path: "new-page", parentId: "root" } };
    expect(() => assertRoutesListed(unlisted)).toThrow(/not listed: \/new-page/);
  });
});
