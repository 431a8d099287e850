/**
 * The site's public paths, in one list read by the router config (pre-rendering),
 * the sitemap and the tests, so a page cannot be added in one place and forgotten in another.
 */
export const ROUTES = {
  home: "/",
  about: "/about",
  team: "/team",
  chartAssist: "/chart-assist",
  chartAssistInfo: "/chart-assist-info",
  careStaff: "/carestaff",
  careers: "/carestaff/careers",
  payroll: "/carestaff/pass-through-payroll",
  careWorks: "/health-admin",
  privacy: "/privacy-policy",
  terms: "/terms-of-service",
  login: "/login",
} as const;

export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];

export const publicPaths: RoutePath[] = Object.values(ROUTES);

/** Pre-rendered through the catch-all route; the server answers unknown paths with it and a 404 status. */
export const NOT_FOUND_PATH = "/404";

/** Pages a search engine should list (the log-in page is a utility, not content). */
export const indexablePaths = publicPaths.filter((path) => path !== ROUTES.login);

/**
 * The staff inbox (issue 13, decision 016): client-rendered from the SPA fallback, never pre-rendered,
 * listed in the sitemap or allowed to crawlers. The server answers every path under it with the fallback.
 */
export const STAFF_PATH = "/staff";

export const isStaffPath = (pathname: string): boolean =>
  pathname === STAFF_PATH || pathname.startsWith(`${STAFF_PATH}/`);
