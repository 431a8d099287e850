import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { StaffServer } from "./fixtures.ts";

/** How the staff UI suite looks at a page: axe's WCAG 2.2 AA and best-practice rules, and a PNG for a person. */

const TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa", "best-practice"];

/** Each violation as one line: the rule, the element, what to fix. `iframes: false` leaves sandboxed frames out. */
export async function axeViolations(page: Page, { iframes = true } = {}) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).options({ iframes }).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}) ${node.target.join(" ")}: ${node.failureSummary?.split("\n")[1]?.trim() ?? violation.help}`,
    ),
  );
}

/** A PNG of the page for a person to look at (test-results/staff-screens/<database>/<name>-<width>.png). */
export async function screenshot(page: Page, server: Pick<StaffServer, "database">, name: string) {
  const dir = `test-results/staff-screens/${server.database}`;
  mkdirSync(dir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
}
