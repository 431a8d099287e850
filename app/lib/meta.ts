import type { MetaDescriptor } from "react-router";
import { site } from "../content/site.ts";

export interface PageMeta {
  title: string;
  description: string;
  /** The page's own path, for its canonical URL. */
  path: string;
  noindex?: boolean;
}

export const absoluteUrl = (path: string) => `${site.url}${path === "/" ? "/" : path}`;

/** Title, description, canonical URL and social cards for a page. */
export function pageMeta({ title, description, path, noindex }: PageMeta): MetaDescriptor[] {
  const url = absoluteUrl(path);
  const image = absoluteUrl("/og-image.png");
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.company.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: `${site.company.name}: ChartAssist, CareStaff and CareWorks` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
