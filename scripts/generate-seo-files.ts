import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { indexablePaths, isStaffPath, publicPaths, STAFF_PATH } from "../config/route-paths.ts";
import { readSiteConfig, type SiteConfig } from "../config/site.ts";

/**
 * Build-time files for search engines and social cards, written into the built client:
 * sitemap.xml, robots.txt, og-image.png (1200x630) and logo.png (512x512, the Organization logo).
 * Run from React Router's buildEnd hook (react-router.config.ts), or by hand:
 *   node scripts/generate-seo-files.ts build/client
 */

/** The part of React Router's route manifest this script reads. */
export interface RouteEntry {
  id: string;
  path?: string;
  index?: boolean;
  parentId?: string;
}

/**
 * Every public URL path the route config (app/routes.ts) serves, leaving out the catch-all, dynamic
 * segments and the staff pages (client-rendered, never listed).
 */
export function routeConfigPaths(routes: Record<string, RouteEntry>): string[] {
  const fullPath = (route: RouteEntry): string => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    const own = route.path ?? "";
    const base = parent ? fullPath(parent) : "";
    return [base, own].filter(Boolean).join("/");
  };
  const paths = new Set<string>();
  for (const route of Object.values(routes)) {
    if (!route.parentId) continue; // the root layout
    const joined = fullPath(route);
    if (joined.includes("*") || joined.includes(":")) continue;
    const urlPath = `/${joined}`.replace(/\/+/g, "/");
    if (!isStaffPath(urlPath)) paths.add(urlPath);
  }
  return [...paths].sort();
}

/** Fails the build when app/routes.ts and config/route-paths.ts disagree, so no page misses the sitemap. */
export function assertRoutesListed(routes: Record<string, RouteEntry>): void {
  const configured = routeConfigPaths(routes);
  const listed = new Set<string>(publicPaths);
  const missing = configured.filter((routePath) => !listed.has(routePath));
  const stale = [...listed].filter((routePath) => !configured.includes(routePath));
  if (missing.length || stale.length) {
    throw new Error(
      `config/route-paths.ts is out of step with app/routes.ts: ${[
        missing.length ? `not listed: ${missing.join(", ")}` : "",
        stale.length ? `listed but not routed: ${stale.join(", ")}` : "",
      ]
        .filter(Boolean)
        .join("; ")}`,
    );
  }
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char] ?? char,
  );

export function sitemapXml(site: SiteConfig): string {
  const urls = indexablePaths
    .map((routePath) => `  <url><loc>${escapeXml(`${site.url}${routePath}`)}</loc></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(site: SiteConfig): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: ${STAFF_PATH}\n\nSitemap: ${site.url}/sitemap.xml\n`;
}

const NAVY = "#0b1f3a";
const SHIELD = "M16 2 4 6.5v8.6c0 7.3 5 13.4 12 14.9 7-1.5 12-7.6 12-14.9V6.5L16 2Z";
const CROSS = "M13.5 9.5h5v4.5H23v5h-4.5v4.5h-5V19H9v-5h4.5V9.5Z";
const FONT = "Liberation Sans, DejaVu Sans, Arial, Helvetica, sans-serif";

/** The share card: navy ground, the shield mark, the tagline and the three services in their accents. */
export function shareImageSvg(site: SiteConfig): string {
  const services = [
    { first: "Chart", second: "Assist", accent: "#60a5fa", line: "Clinical compliance" },
    { first: "Care", second: "Staff", accent: "#2dd4bf", line: "Nurse staffing" },
    { first: "Care", second: "Works", accent: "#a78bfa", line: "Remote team" },
  ];
  const host = new URL(site.url).host;
  const cards = services
    .map((service, index) => {
      const x = 80 + index * 353;
      return `<g transform="translate(${x} 400)">
    <rect width="329" height="130" rx="18" fill="#13294f" stroke="${service.accent}" stroke-opacity="0.55" stroke-width="2"/>
    <rect x="28" y="28" width="44" height="6" rx="3" fill="${service.accent}"/>
    <text x="28" y="78" font-family="${FONT}" font-size="34" font-weight="700" fill="#ffffff">${service.first}<tspan fill="${service.accent}">+</tspan>${service.second}</text>
    <text x="28" y="110" font-family="${FONT}" font-size="22" fill="#d9e4f5">${service.line}</text>
  </g>`;
    })
    .join("\n  ");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="ground" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${NAVY}"/>
      <stop offset="1" stop-color="#1c3766"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#ground)"/>
  <circle cx="1080" cy="90" r="260" fill="#ffffff" fill-opacity="0.04"/>
  <g transform="translate(80 72) scale(2.5)">
    <path d="${SHIELD}" fill="#ffffff"/>
    <path d="${CROSS}" fill="${NAVY}"/>
  </g>
  <text x="176" y="118" font-family="${FONT}" font-size="32" font-weight="700" fill="#ffffff">${escapeXml(site.company.name)}</text>
  <text x="80" y="262" font-family="${FONT}" font-size="68" font-weight="700" fill="#ffffff">Healthcare Solutions</text>
  <text x="80" y="340" font-family="${FONT}" font-size="68" font-weight="700" fill="#ffffff">You Can Trust</text>
  ${cards}
  <text x="1120" y="590" text-anchor="end" font-family="${FONT}" font-size="22" fill="#d9e4f5">${escapeXml(host)}</text>
</svg>`;
}

/** The Organization logo: the shield mark on white, square. */
export function logoSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 32 32">
  <rect width="32" height="32" fill="#ffffff"/>
  <g transform="translate(2 2) scale(0.875)">
    <path d="${SHIELD}" fill="#1c3766"/>
    <path d="${CROSS}" fill="#ffffff"/>
  </g>
</svg>`;
}

function renderPng(svg: string, width: number): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: { mode: "width", value: width },
    font: { loadSystemFonts: true, defaultFontFamily: "DejaVu Sans" },
  });
  return resvg.render().asPng();
}

export async function writeSeoFiles({
  clientDir,
  site = readSiteConfig(process.env),
  routes,
}: {
  clientDir: string;
  site?: SiteConfig;
  /** React Router's route manifest; when given, checked against config/route-paths.ts. */
  routes?: Record<string, RouteEntry>;
}): Promise<string[]> {
  if (routes) assertRoutesListed(routes);
  await mkdir(clientDir, { recursive: true });
  const files: [string, string | Buffer][] = [
    ["sitemap.xml", sitemapXml(site)],
    ["robots.txt", robotsTxt(site)],
    ["og-image.png", renderPng(shareImageSvg(site), 1200)],
    ["logo.png", renderPng(logoSvg(), 512)],
  ];
  await Promise.all(files.map(([name, body]) => writeFile(path.join(clientDir, name), body)));
  return files.map(([name]) => name);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const clientDir = process.argv[2] ?? path.join(process.env.BUILD_OUT || "build", "client");
  const written = await writeSeoFiles({ clientDir });
  console.log(`SEO files written to ${clientDir}: ${written.join(", ")}`);
}
