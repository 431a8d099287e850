import type { MetaDescriptor } from "react-router";
import { site } from "~/content/site";
import { publicPaths } from "../../config/route-paths.ts";
import { type ServicePage, structuredDataFor } from "./structured-data";

export interface PageMeta {
  title: string;
  description: string;
  /** The page's own path, for its canonical URL. */
  path: string;
  noindex?: boolean;
  /** On a service page: what its JSON-LD Service says, read from the page's content. */
  servicePage?: ServicePage;
}

export const absoluteUrl = (path: string) => `${site.url}${path === "/" ? "/" : path}`;

/** The share image scripts/generate-seo-files.ts draws at build time. */
export const SHARE_IMAGE = { path: "/og-image.png", width: 1200, height: 630 } as const;

const isPublicPath = (path: string) => (publicPaths as readonly string[]).includes(path);

/**
 * Title, description, canonical URL, social cards and JSON-LD for a page.
 * Only the site's own routes get a canonical URL: the 404 answer names no address of its own.
 */
export function pageMeta({
  title,
  description,
  path,
  noindex = false,
  servicePage,
}: PageMeta): MetaDescriptor[] {
  const known = isPublicPath(path);
  const url = absoluteUrl(known ? path : "/");
  const image = absoluteUrl(SHARE_IMAGE.path);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.company.name },
    { property: "og:locale", content: "en_US" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(SHARE_IMAGE.width) },
    { property: "og:image:height", content: String(SHARE_IMAGE.height) },
    { property: "og:image:alt", content: `${site.company.name}: ChartAssist, CareStaff and CareWorks` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: `${site.company.name}: ChartAssist, CareStaff and CareWorks` },
  ];
  if (known) {
    tags.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  }
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  for (const block of structuredDataFor(site, path, { indexable: known && !noindex, servicePage })) {
    tags.push({ "script:ld+json": block });
  }
  return tags;
}
