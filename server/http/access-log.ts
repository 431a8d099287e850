import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { requestId } from "hono/request-id";
import { routePath } from "hono/route";
import { DOCUMENTS_PATH } from "../../config/route-paths.ts";
import type { TrustProxy } from "../config.ts";
import type { Logger } from "../runtime/logger.ts";
import { peerIsTrustedProxy, proxyTrust } from "./client-address.ts";

/** One answered request, as the access log saw it. */
export interface ObservedRequest {
  /** The route's pattern (`/api/leads/:formId`, `*` for the static site), never the raw path. */
  route: string;
  method: string;
  status: number;
  seconds: number;
}

export const REQUEST_ID_HEADER = "X-Request-Id";

/** A path as a log line may show it: the token of a nurse's private page (`/documents/<token>/...`) masked. */
export const maskedPath = (path: string) =>
  path === DOCUMENTS_PATH || path.startsWith(`${DOCUMENTS_PATH}/`) ? `${DOCUMENTS_PATH}/:token` : path;
/** What a proxy's request id may look like to be kept (Caddy's is a UUID); anything else gets one of ours. */
const FORWARDED_ID = /^[\w-]{8,64}$/;
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * One `info` line per request: method, route pattern, status, duration and a request id, also sent back as
 * `X-Request-Id`. The id a trusted proxy (`TRUST_PROXY`) forwards is kept, so its log and ours can be joined;
 * a client's own is ignored. Never the raw path, its query string or a body: a path can carry a lead id and a
 * query string anything at all. `onRequest` hands the same observation to the metrics.
 */
export function accessLog({
  logger,
  trustProxy,
  onRequest,
}: {
  logger: Logger;
  trustProxy: TrustProxy;
  onRequest?: (observed: ObservedRequest) => void;
}): MiddlewareHandler[] {
  const trusts = proxyTrust(trustProxy);
  // Without the logger's redaction: the line's fields are built below from the route, method, status and the
  // request id alone, and searching every line for personal data took more time than writing it.
  const log = logger.child({}, { redact: [] });
  const assignId = requestId({
    headerName: "",
    generator: (c) => {
      const forwarded = c.req.header(REQUEST_ID_HEADER);
      return forwarded && FORWARDED_ID.test(forwarded) && peerIsTrustedProxy(trusts, c)
        ? forwarded
        : randomUUID();
    },
  });
  const observe: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    await next();
    // On the answer's own headers, as securityHeaders does: c.header() after the handler would wrap the answer in
    // a new Response around its body stream, which @hono/node-server then pipes instead of sending it whole.
    c.res.headers.set(REQUEST_ID_HEADER, c.get("requestId"));
    const observed: ObservedRequest = {
      // The pattern of the handler that answered (the static site's catch-all is `*`).
      route: maskedPath(routePath(c) || "*"),
      method: METHODS.has(c.req.method) ? c.req.method : "OTHER",
      status: c.res.status,
      seconds: (performance.now() - started) / 1000,
    };
    onRequest?.(observed);
    log.info(
      {
        requestId: c.get("requestId"),
        method: observed.method,
        route: observed.route,
        status: observed.status,
        ms: Math.round(observed.seconds * 10_000) / 10,
      },
      "request",
    );
  };
  return [assignId, observe];
}
