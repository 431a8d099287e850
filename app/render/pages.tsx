import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { OpeningDetails } from "~/components/openings/opening-details";
import { OpeningsGone } from "~/components/openings/openings-gone";
import { OpeningsSection } from "~/components/openings/openings-section";
import { site } from "~/content/site";
import { LeadFormIsland } from "~/islands/lead-form-island";
import { jobPosting, scriptSafeJson } from "~/lib/job-posting";
import { openingPathOf } from "../../staff/openings.ts";
import {
  employmentTypeLabel,
  type OpeningPages,
  type PublicOpening,
  payRange,
  shiftLabel,
} from "../../staff/public-openings.ts";

/**
 * The render module (decision 028, vite.render.config.ts): what the server renders at request time into the
 * shells' slots (server/http/page-shell.ts). Each function returns one slot's HTML. Body slots are React
 * (`renderToString`, so islands in them hydrate as rendered); a head slot is the few tags of its page, each
 * value escaped here.
 */

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const render = (node: ReactNode) => renderToString(node);

interface Head {
  title: string;
  description: string;
  /** Absolute; none on a page that names no address of its own (the 410 page). */
  canonical?: string;
  noindex?: boolean;
  jsonLd?: unknown;
}

function head({ title, description, canonical, noindex, jsonLd }: Head): string {
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}"/>`,
    `<meta property="og:type" content="website"/>`,
    `<meta property="og:site_name" content="${escapeHtml(site.company.name)}"/>`,
    `<meta property="og:title" content="${escapeHtml(title)}"/>`,
    `<meta property="og:description" content="${escapeHtml(description)}"/>`,
    `<meta property="og:image" content="${escapeHtml(`${site.url}/og-image.png`)}"/>`,
  ];
  if (canonical)
    tags.push(
      `<link rel="canonical" href="${escapeHtml(canonical)}"/>`,
      `<meta property="og:url" content="${escapeHtml(canonical)}"/>`,
    );
  if (noindex) tags.push(`<meta name="robots" content="noindex"/>`);
  if (jsonLd) tags.push(`<script type="application/ld+json">${scriptSafeJson(jsonLd)}</script>`);
  return tags.join("");
}

const openingUrl = (opening: PublicOpening) => `${site.url}${openingPathOf(opening)}`;

export const openingsSection: OpeningPages["openingsSection"] = (props) =>
  render(<OpeningsSection {...props} />);

export const openingHead: OpeningPages["openingHead"] = ({ opening }) =>
  head({
    title: `${opening.title}, ${opening.city}, ${opening.state} | CareStaff Careers`,
    description: `${opening.credential} ${employmentTypeLabel(opening.employmentType).toLowerCase()} position, ${shiftLabel(opening.shift).toLowerCase()}, in ${opening.city}, ${opening.state}: ${payRange(opening)}. Apply online with CareStaff.`,
    canonical: openingUrl(opening),
    jsonLd: jobPosting(site, opening, openingUrl(opening)),
  });

export const openingMain: OpeningPages["openingMain"] = ({ opening }) =>
  render(
    <OpeningDetails
      opening={opening}
      form={<LeadFormIsland id="nurse-application" opening={{ id: opening.shortId, title: opening.title }} />}
    />,
  );

export const goneHead: OpeningPages["goneHead"] = () =>
  head({
    title: "This position is no longer open | CareStaff Careers",
    description:
      "This position has been filled or taken down. See the positions CareStaff is hiring for now.",
    noindex: true,
  });

export const goneMain: OpeningPages["goneMain"] = ({ openings }) =>
  render(<OpeningsGone openings={openings} />);
