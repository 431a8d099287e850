import { type LeadSource, originOf, parseLeadSource } from "../../leads/source.ts";

/**
 * The lead's source from the post's source fields (sent by the page's script). A post without them (no
 * JavaScript) gets the form page from its `Referer`, when that is a page of this site; nothing else.
 */
export function leadSourceOf(
  fields: Record<string, string>,
  referer: string | undefined,
  sameSite: (origin: string) => boolean,
): LeadSource {
  const source = parseLeadSource(fields);
  if (source.source_page === undefined && referer) {
    const origin = originOf(referer);
    if (origin && sameSite(origin)) {
      const page = parseLeadSource({ source_page: new URL(referer).pathname }).source_page;
      if (page) source.source_page = page;
    }
  }
  return source;
}
