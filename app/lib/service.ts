import type { FooterVariant, ServiceId } from "~/content/site";
import { ROUTES } from "../../config/route-paths.ts";

/** Which service brands a path: CareStaff under /carestaff, CareWorks on /health-admin, ChartAssist elsewhere. */
export function serviceForPath(pathname: string): ServiceId {
  if (pathname === ROUTES.careStaff || pathname.startsWith(`${ROUTES.careStaff}/`)) return "carestaff";
  if (pathname === ROUTES.careWorks || pathname.startsWith(`${ROUTES.careWorks}/`)) return "careworks";
  return "chartassist";
}

export function footerVariantForPath(pathname: string): FooterVariant {
  const service = serviceForPath(pathname);
  if (service === "carestaff") return "care-staff";
  if (service === "careworks") return "health-admin";
  return "default";
}

/** The three solution landing pages: they carry the switcher and never the bottom bar. */
export const SOLUTION_PATHS: readonly string[] = [ROUTES.chartAssist, ROUTES.careStaff, ROUTES.careWorks];

export const isSolutionPath = (pathname: string) => SOLUTION_PATHS.includes(normalizePath(pathname));

export const normalizePath = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;

/** The in-page anchors each page has, so a call to action can stay on the page or go where the form is. */
const PAGE_ANCHORS: Record<string, readonly string[]> = {
  [ROUTES.chartAssist]: ["demo", "contact", "pricing"],
  [ROUTES.careStaff]: ["contact"],
  [ROUTES.careWorks]: ["contact", "services"],
  [ROUTES.team]: ["contact"],
  [ROUTES.careers]: ["application-form"],
  [ROUTES.payroll]: ["request-info"],
};

export const pageHasAnchor = (pathname: string, anchor: string) =>
  PAGE_ANCHORS[normalizePath(pathname)]?.includes(anchor) ?? false;

/** "#anchor" when this page has it, otherwise the anchor on the page that does. */
export const anchorHref = (pathname: string, anchor: string, home: string) =>
  pageHasAnchor(pathname, anchor) ? `#${anchor}` : `${home}#${anchor}`;
