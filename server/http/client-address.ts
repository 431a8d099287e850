import type { IncomingMessage } from "node:http";
import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import ipaddr from "ipaddr.js";
import proxyAddr from "proxy-addr";
import type { TrustProxy } from "../config.ts";

/**
 * The client's address with proxy-addr's semantics: walking X-Forwarded-For from the socket's peer
 * towards the client, the first address we do not trust is the client. `false` trusts no one (a forged
 * header changes nothing), a number trusts that many hops, a list trusts those proxies (addresses, CIDRs,
 * or proxy-addr's names such as `loopback` and `uniquelocal`).
 */
export function clientAddressResolver(trust: TrustProxy): (c: Context) => string {
  const trusts = proxyTrust(trust);
  return (c) => {
    const incoming = incomingOf(c);
    if (!incoming?.socket?.remoteAddress) return "unknown";
    return proxyAddr(incoming, trusts);
  };
}

/** Whether the address `hop` steps from us (0: the socket's peer) is a proxy we trust, per `TRUST_PROXY`. */
export function proxyTrust(trust: TrustProxy): (address: string, hop: number) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === "number") return (_address, hop) => hop < trust;
  return proxyAddr.compile(trust);
}

/** True when the socket's peer is a proxy we trust: only then may the request's own headers speak for it. */
export function peerIsTrustedProxy(trusts: (address: string, hop: number) => boolean, c: Context): boolean {
  const peer = incomingOf(c)?.socket?.remoteAddress;
  return peer !== undefined && trusts(peer, 0);
}

const incomingOf = (c: Context) =>
  (c.env as Partial<HttpBindings> | undefined)?.incoming as IncomingMessage | undefined;

/**
 * What a rate limit counts by: an IPv4 address, or an IPv6 client's /64 network (one subscriber gets a
 * whole /64 and can pick any address in it). IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function rateLimitKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const network = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(":")}::/64`;
}
