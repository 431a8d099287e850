/**
 * The origin `entry` names when it is an http(s) origin: a scheme, a host, a port at most, nothing after. Anything
 * else is undefined: `partner.example.org:8443` would otherwise parse as the scheme `partner.example.org:`, whose
 * origin is the opaque `null` every sandboxed frame and `data:` page sends.
 */
export function httpOriginOf(entry: string): string | undefined {
  const url = URL.parse(entry);
  if (!url || !/^https?:$/.test(url.protocol) || url.host === "") return undefined;
  if (url.username || url.password || url.pathname !== "/" || url.search || url.hash) return undefined;
  return url.origin;
}
