import { httpOriginOf } from "../checks/origin.ts";

/** The site's own origin and any extra ones the operator lists may call the API from a browser. */
export function allowedOriginsOf(siteUrl: string, extra: string[]): Set<string> {
  const origins = new Set<string>([new URL(siteUrl).origin]);
  for (const entry of extra) {
    // loadConfig refuses any other entry; one that got here anyway allows nothing.
    const origin = httpOriginOf(entry);
    if (origin) origins.add(origin);
  }
  origins.delete("null");
  return origins;
}

export type OriginVerdict = "none" | "same" | "allowed" | "refused";

/**
 * No Origin header: not a browser cross-site request. An Origin equal to the request's own host is
 * same-origin (covers a server reached by another name than SITE_URL); anything else must be listed.
 */
export function judgeOrigin(
  origin: string | undefined,
  host: string | undefined,
  allowed: Set<string>,
): OriginVerdict {
  if (!origin) return "none";
  // An opaque origin (a sandboxed frame, a data: or file: page) is nobody we could have listed.
  if (origin === "null") return "refused";
  if (allowed.has(origin)) return "allowed";
  try {
    if (host && new URL(origin).host === host) return "same";
  } catch {
    return "refused";
  }
  return "refused";
}
