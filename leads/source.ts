import { z } from "./zod.ts";

/**
 * Where a lead came from (decision 017), sent as extra fields of the form post and kept beside the lead: the
 * page the form was on, the page the visit started on, the referring site's origin and the landing URL's UTM
 * tags. No cookie, no fingerprint: the browser keeps the landing facts in sessionStorage for the tab's visit.
 */
export const UTM_FIELDS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
export const SOURCE_FIELDS = ["source_page", "landing_page", "referrer", ...UTM_FIELDS] as const;
export type SourceField = (typeof SOURCE_FIELDS)[number];
export type LeadSource = Partial<Record<SourceField, string>>;

/** Every source value is cut to this many characters. */
export const SOURCE_MAX = 255;

// Control characters (C0, DEL, C1) never belong in a source value.
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** Trimmed, without control characters, cut to SOURCE_MAX; blank is absent. */
const cleanText = (value: unknown) => {
  if (typeof value !== "string") return undefined;
  const text = value.replace(CONTROL, "").trim().slice(0, SOURCE_MAX).trim();
  return text === "" ? undefined : text;
};

/** A path on this site, without its query or fragment; anything else (a URL, `//host`) is dropped. */
const sitePath = (value: unknown) => {
  const text = typeof value === "string" ? value.replace(CONTROL, "").trim() : "";
  if (!text.startsWith("/") || text.startsWith("//") || text.startsWith("/\\")) return undefined;
  const path = text.split(/[?#]/, 1)[0] ?? "";
  return path.length <= SOURCE_MAX ? path : undefined;
};

/** The origin of an http(s) URL, and nothing of its path or query. */
export const originOf = (value: unknown) => {
  if (typeof value !== "string" || value.length > 4096) return undefined;
  try {
    const url = new URL(value.trim());
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    return url.origin.length <= SOURCE_MAX ? url.origin : undefined;
  } catch {
    return undefined;
  }
};

const optional = (clean: (value: unknown) => string | undefined) =>
  z.preprocess(clean, z.string().optional()).catch(undefined);

/**
 * The source fields of a post, shared by the browser and the server. Never refuses a lead: an overlong value
 * is cut, a malformed one dropped, and other fields are ignored.
 */
export const leadSourceSchema = z.object({
  source_page: optional(sitePath),
  landing_page: optional(sitePath),
  referrer: optional(originOf),
  utm_source: optional(cleanText),
  utm_medium: optional(cleanText),
  utm_campaign: optional(cleanText),
  utm_term: optional(cleanText),
  utm_content: optional(cleanText),
});

/** The source recorded for a post: its source fields, cleaned; absent ones left out. */
export function parseLeadSource(fields: Record<string, unknown>): LeadSource {
  const parsed = leadSourceSchema.parse(fields);
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined)) as LeadSource;
}
