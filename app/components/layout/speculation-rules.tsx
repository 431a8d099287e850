import { STAFF_APP_PATH, STAFF_PATH } from "../../../config/route-paths.ts";

/**
 * Pages navigate as documents (decision 021), so the next one should be ready when a visitor chooses it: browsers
 * with the Speculation Rules API prerender a page of the site once its link is hovered or pressed (`moderate`).
 * Others load it on the tap: a few kB of HTML, the stylesheet and scripts already cached. The API, the staff app
 * and addresses with a query stay out.
 */
const rules = {
  prerender: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          {
            not: {
              href_matches: ["/api/*", `${STAFF_PATH}`, `${STAFF_PATH}/*`, `${STAFF_APP_PATH}/*`, "/*\\?*"],
            },
          },
        ],
      },
      eagerness: "moderate",
    },
  ],
};

export function SpeculationRules() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the rules are this module's own constant JSON.
  return <script type="speculationrules" dangerouslySetInnerHTML={{ __html: JSON.stringify(rules) }} />;
}
