import { createHash } from "node:crypto";

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
  https: boolean;
}

export function contentSecurityPolicy({ scriptHashes = [], connectOrigins = [], https }: CspOptions): string {
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
    "frame-src 'none'",
    "worker-src 'none'",
  ];
  if (https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** Headers sent on every answer: HTML, assets and the API alike. */
export function baseSecurityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // Features the site never uses, switched off (interest-cohort is gone from browsers and only logs a warning).
    "Permissions-Policy":
      "accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (https) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}
