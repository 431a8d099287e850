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

/**
 * A shell: a page pre-rendered with empty named slots that the server fills at request time (decision 028). Its
 * address ends with this segment; the server never serves it at that address, and no sitemap lists it.
 */
export const SHELL_SEGMENT = "_shell";
export const isShellPath = (pathname: string): boolean =>
  pathname.replace(/\/+$/, "").endsWith(`/${SHELL_SEGMENT}`);

/** Each opening's page, `/carestaff/careers/jobs/<slug>-<short id>`, rendered by the server into this shell. */
export const OPENINGS_PATH = `${ROUTES.careers}/jobs`;
export const OPENING_SHELL_PATH = `${OPENINGS_PATH}/${SHELL_SEGMENT}`;

/** Pre-rendered through the catch-all route; the server answers unknown paths with it and a 404 status. */
export const NOT_FOUND_PATH = "/404";

/** Every page the build pre-renders: the public pages, the 404 and the shells the server fills. */
export const prerenderedPaths: string[] = [...publicPaths, NOT_FOUND_PATH, OPENING_SHELL_PATH];

/** Pages a search engine should list (the log-in page is a utility, not content). */
export const indexablePaths = publicPaths.filter((path) => path !== ROUTES.login);

/**
 * The staff inbox (decisions 016 and 020): an app of its own build, rendered in the browser, never
 * pre-rendered, listed in the sitemap or allowed to crawlers. The server answers every path under it with
 * the staff app's page.
 */
export const STAFF_PATH = "/staff";

/** Where the staff app's own build lives in the served site (decision 020): its page and its assets. */
export const STAFF_APP_PATH = "/staff-app";

export const isStaffPath = (pathname: string): boolean =>
  pathname === STAFF_PATH || pathname.startsWith(`${STAFF_PATH}/`);

/** The nurses' private checklist pages, `/documents/<token>`: served by the server, never listed or indexed. */
export const DOCUMENTS_PATH = "/documents";
