import type { JobPosting, WithContext } from "schema-dts";
import type { SiteConfig } from "../../config/site.ts";
import { type DescriptionBlock, descriptionBlocks, type PublicOpening } from "../../staff/public-openings.ts";

/**
 * An opening as Google's job search reads it: one JSON-LD `JobPosting` with the required and recommended
 * properties (docs/job-posting.schema.json is what the tests hold it to). The company comes from the site's
 * configuration, the same facts as the Organization block.
 */

/** Google's employmentType values for ours. */
export const GOOGLE_EMPLOYMENT_TYPES: Record<string, string> = {
  "per-diem": "PER_DIEM",
  contract: "CONTRACTOR",
  "full-time": "FULL_TIME",
  "part-time": "PART_TIME",
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const blockHtml = (block: DescriptionBlock) =>
  block.kind === "list"
    ? `<ul>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`
    : `<p>${block.lines.map(escapeHtml).join("<br>")}</p>`;

/** The description as Google wants it: HTML paragraphs and lists, every character staff typed escaped. */
export const descriptionHtml = (text: string) => descriptionBlocks(text).map(blockHtml).join("");

export function jobPosting(site: SiteConfig, opening: PublicOpening, url: string): WithContext<JobPosting> {
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: opening.title,
    description: descriptionHtml(opening.description),
    datePosted: new Date(opening.publishedAt).toISOString(),
    validThrough: new Date(opening.validThrough).toISOString(),
    employmentType: GOOGLE_EMPLOYMENT_TYPES[opening.employmentType] ?? "OTHER",
    hiringOrganization: {
      "@type": "Organization",
      name: site.company.name,
      sameAs: `${site.url}/`,
      logo: `${site.url}/logo.png`,
    },
    jobLocation: {
      "@type": "Place",
      address: {
        "@type": "PostalAddress",
        addressLocality: opening.city,
        addressRegion: opening.state,
        postalCode: opening.postalCode,
        addressCountry: "US",
      },
    },
    baseSalary: {
      "@type": "MonetaryAmount",
      currency: "USD",
      value: {
        "@type": "QuantitativeValue",
        minValue: opening.payFromCents / 100,
        maxValue: opening.payToCents / 100,
        unitText: "HOUR",
      },
    },
    identifier: { "@type": "PropertyValue", name: site.company.name, value: opening.shortId },
    directApply: true,
    url,
  };
}

/**
 * JSON for inside a `<script>` element: `<`, `>` and `&` as \u escapes (so no `</script>` or `<!--` in staff
 * text can end or change the element), and the line separators JavaScript once refused.
 */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
