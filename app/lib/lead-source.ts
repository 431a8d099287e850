/**
 * The visit's source for lead posts (decision 017): the landing page, its UTM tags and the referring site's
 * origin, kept in sessionStorage (this tab, this visit; no cookie, no localStorage, no request anywhere).
 * Small on purpose: it runs on every page's first load. The server cleans and bounds every value
 * (leads/source.ts).
 */
const KEY = "lead-source";
const UTM = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"];

/** Notes where this visit started, once per tab. */
export function rememberLanding(): void {
  try {
    if (sessionStorage.getItem(KEY) !== null) return;
    const source: Record<string, string> = { landing_page: location.pathname };
    const query = new URLSearchParams(location.search);
    for (const name of UTM) {
      const value = query.get(name);
      if (value) source[name] = value.slice(0, 255);
    }
    const referrer = document.referrer ? new URL(document.referrer).origin : "";
    if (referrer && referrer !== location.origin && referrer !== "null") source.referrer = referrer;
    sessionStorage.setItem(KEY, JSON.stringify(source));
  } catch {
    // Storage off or full, or an unreadable referrer: the lead goes without its source.
  }
}

/** The fields to send with a post from this page. */
export function leadSource(): Record<string, string> {
  let landing: Record<string, string> = {};
  try {
    landing = JSON.parse(sessionStorage.getItem(KEY) ?? "{}") as Record<string, string>;
  } catch {
    // As above.
  }
  return { ...landing, source_page: location.pathname };
}
