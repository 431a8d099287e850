import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { every } from "hono/combine";
import { secureHeaders } from "hono/secure-headers";

/** sha256 CSP sources for every inline <script> in a page, so scripts need no 'unsafe-inline'. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? "";
    if (body.trim() === "") continue;
    hashes.push(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return hashes;
}

export interface CspOptions {
  scriptHashes?: string[];
  /** Extra origins the browser may post leads to (a direct form service deployment). */
  connectOrigins?: string[];
  /** Who may be framed: nobody on public pages; the staff lead page frames its resume PDF ('self'). */
  frameSources?: string[];
  https: boolean;
}

export function contentSecurityPolicy({
  scriptHashes = [],
  connectOrigins = [],
  frameSources = [],
  https,
}: CspOptions): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`.trim(),
    // Radix and Sonner set inline styles at run time; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${connectOrigins.join(" ")}`.trim(),
    `form-action 'self' ${connectOrigins.join(" ")}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    "manifest-src 'self'",
    `frame-src ${frameSources.length ? frameSources.join(" ") : "'none'"}`,
    "worker-src 'none'",
  ];
  if (https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** Features the site never uses, switched off (interest-cohort is gone from browsers and only logs a warning). */
const PERMISSIONS_OFF = [
  "accelerometer",
  "camera",
  "displayCapture",
  "geolocation",
  "gyroscope",
  "magnetometer",
  "microphone",
  "payment",
  "usb",
  "browsingTopics",
] as const;

/**
 * Headers sent on every answer (HTML, assets and the API alike), by Hono's secure-headers middleware with
 * exactly our set (its other defaults off). HSTS only over https: browsers ignore it on http, and
 * localhost must stay usable. A Content-Security-Policy a handler set (a page with its script hashes) is
 * kept; every other answer gets `defaultCsp` (hand-written: Hono's CSP option is one policy per app).
 */
export function securityHeaders(https: boolean, defaultCsp: string): MiddlewareHandler {
  const fixed = secureHeaders({
    xContentTypeOptions: "nosniff",
    referrerPolicy: "strict-origin-when-cross-origin",
    permissionsPolicy: Object.fromEntries(PERMISSIONS_OFF.map((feature) => [feature, []])),
    xFrameOptions: "DENY",
    crossOriginOpenerPolicy: "same-origin",
    strictTransportSecurity: https ? "max-age=63072000; includeSubDomains" : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  const defaultPolicy: MiddlewareHandler = async (c, next) => {
    await next();
    if (!c.res.headers.has("Content-Security-Policy"))
      c.res.headers.set("Content-Security-Policy", defaultCsp);
  };
  return every(fixed, defaultPolicy);
}

/**
 * Every answer under /documents/, redirects and errors included: never stored, indexed or framed, and no Referer
 * sent from it (the site's default policy would send the origin; the path holds the token). Mounted before the
 * site's security headers, so its Referrer-Policy is the one that stays.
 */
export function privatePageHeaders(https: boolean): MiddlewareHandler {
  const csp = contentSecurityPolicy({ https });
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set("Cache-Control", "no-store");
    headers.set("X-Robots-Tag", "noindex, nofollow");
    headers.set("X-Frame-Options", "DENY");
    headers.set("Referrer-Policy", "no-referrer");
    headers.set("Content-Security-Policy", csp);
  };
}
