import { createHash } from "node:crypto";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import type { Context } from "hono";
import { Hono } from "hono";
import { DOCUMENTS_PATH, isStaffPath, STAFF_APP_PATH } from "../../config/route-paths.ts";
import type { ServerConfig } from "../config.ts";
import type { Logger } from "../runtime/logger.ts";
import type { ObservedRequest } from "./access-log.ts";
import { accessLog, maskedPath } from "./access-log.ts";
import { contentSecurityPolicy, privatePageHeaders, securityHeaders } from "./security-headers.ts";
import { lookup, NOT_FOUND_PAGE, pickEncoding, type StaticFile } from "./static-site.ts";

/** A page the server rendered into a shell (server/http/page-shell.ts), or where it has moved. */
export type RenderedPage =
  | { status: 200 | 404 | 410; html: string; scriptHashes: string[] }
  | { movedTo: string };

/** A path (Hono's pattern) whose GET and HEAD are rendered at request time; null hands it to the static site. */
export interface RenderedRoute {
  path: string;
  render: (c: Context) => Promise<RenderedPage | null>;
}

export interface AppDeps {
  config: ServerConfig;
  logger: Logger;
  site: Map<string, StaticFile>;
  /** The lead API, mounted under /api. */
  api?: Hono;
  /** The sitemap and the job feed, answered from the store ahead of the built files (server/feeds). */
  feeds?: Hono;
  /** The nurses' private checklist pages, mounted at /documents. */
  documents?: Hono;
  /** Pages filled at request time (decision 028), answered before the pre-rendered site. */
  renderedPages?: RenderedRoute[];
  /** Prometheus' endpoint, mounted at /metrics when METRICS_TOKEN is set (404 otherwise, as any unknown path). */
  metrics?: { app: Hono; onRequest: (observed: ObservedRequest) => void };
}

/** Origins a direct form-service deployment posts to, for the CSP. */
function leadServiceOrigins(template: string): string[] {
  if (!template) return [];
  try {
    return [new URL(template.replace("{to}", "x")).origin];
  } catch {
    return [];
  }
}

export function createApp({
  config,
  logger,
  site,
  api,
  feeds,
  documents,
  renderedPages = [],
  metrics,
}: AppDeps): Hono {
  const app = new Hono();
  const https = config.site.url.startsWith("https://");
  const connectOrigins = leadServiceOrigins(config.site.leadEndpointTemplate);

  app.use(...accessLog({ logger, trustProxy: config.TRUST_PROXY, onRequest: metrics?.onRequest }));

  // Outside the site's security headers, so the private pages' own (no-referrer) are the last word.
  app.use(`${DOCUMENTS_PATH}/*`, privatePageHeaders(https));
  app.use(securityHeaders(https, contentSecurityPolicy({ https, connectOrigins })));

  if (metrics) app.route("/metrics", metrics.app);
  if (api) app.route("/api", api);
  if (documents) app.route(DOCUMENTS_PATH, documents);
  app.all("/api/*", (c) => c.json({ error: "not_found", message: "No such API endpoint." }, 404));
  if (feeds) app.route("/", feeds);

  const sendLeadResultPage = (c: Context, file: StaticFile, result: "ok" | "error") => {
    const html = file.body.toString("utf8").replace("<html", `<html data-lead="${result}"`);
    return c.body(html, 200, {
      "Content-Type": file.type,
      "Cache-Control": "no-store",
      "Content-Security-Policy": contentSecurityPolicy({
        https,
        connectOrigins,
        scriptHashes: file.scriptHashes,
      }),
      "X-Robots-Tag": "noindex",
    });
  };

  const send = (c: Context, file: StaticFile, status: 200 | 404 | 410) => {
    // A native (no-JavaScript) form post comes back as ?lead=ok|error: mark the page so its message shows.
    const leadResult = file.isHtml && status === 200 ? c.req.query("lead") : undefined;
    if (leadResult === "ok" || leadResult === "error") return sendLeadResultPage(c, file, leadResult);
    const headers: Record<string, string> = {
      "Content-Type": file.type,
      "Cache-Control": status === 200 ? file.cacheControl : "no-store",
      ETag: file.etag,
      Vary: "Accept-Encoding",
    };
    if (file.isHtml) {
      headers["Content-Security-Policy"] = contentSecurityPolicy({
        https,
        connectOrigins,
        scriptHashes: file.scriptHashes,
      });
    }
    if (status !== 200) headers["X-Robots-Tag"] = "noindex";
    if (status === 200 && c.req.header("If-None-Match") === file.etag) {
      return c.body(null, 304, headers);
    }
    const encoding = pickEncoding(file, c.req.header("Accept-Encoding"));
    const body = (encoding === "br" ? file.br : encoding === "gzip" ? file.gzip : file.body) ?? file.body;
    if (encoding) headers["Content-Encoding"] = encoding;
    headers["Content-Length"] = String(body.length);
    if (c.req.method === "HEAD") return c.body(null, status, headers);
    // A view over the cached bytes, not a copy (file and zlib buffers are never shared memory).
    return c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), status, headers);
  };

  // The staff pages are an app of their own, rendered in the browser (decision 020): private, never cached or
  // indexed, and the lead page frames its resume PDF from the staff API (same origin).
  const sendStaffShell = (c: Context, file: StaticFile) => {
    const headers = {
      "Content-Type": file.type,
      "Cache-Control": "no-store",
      "Content-Security-Policy": contentSecurityPolicy({
        https,
        connectOrigins,
        frameSources: ["'self'"],
        scriptHashes: file.scriptHashes,
      }),
      "X-Robots-Tag": "noindex",
    };
    return c.req.method === "HEAD"
      ? c.body(null, 200, headers)
      : c.body(file.body.toString("utf8"), 200, headers);
  };

  // A rendered page is made again whenever what it shows changed (server/openings/public-pages.ts keeps each one
  // per read of the store), so never stored stale: its file (ETag, compressed bodies) is made once per page object,
  // each encoding when first asked for, quickly (brotli at 5: a few ms, where the static site's 11 is paid at
  // start-up).
  const renderedFiles = new WeakMap<RenderedPage, StaticFile>();
  const sendRendered = (c: Context, page: RenderedPage) => {
    if ("movedTo" in page) return c.redirect(page.movedTo, 301);
    let file = renderedFiles.get(page);
    if (!file) {
      file = {
        body: Buffer.from(page.html),
        type: "text/html; charset=utf-8",
        etag: `"${createHash("sha1").update(page.html).digest("base64url")}"`,
        cacheControl: "no-cache",
        scriptHashes: page.scriptHashes,
        isHtml: true,
      };
      renderedFiles.set(page, file);
    }
    const encoding = pickEncoding(
      { ...file, br: file.body, gzip: file.body },
      c.req.header("Accept-Encoding"),
    );
    if (encoding === "br")
      file.br ??= brotliCompressSync(file.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    if (encoding === "gzip") file.gzip ??= gzipSync(file.body, { level: 6 });
    return send(c, file, page.status);
  };
  for (const { path, render } of renderedPages) {
    app.on(["GET", "HEAD"], [path, `${path}/`], async (c, next) => {
      const page = await render(c);
      return page ? sendRendered(c, page) : next();
    });
  }

  app.on(["GET", "HEAD"], "*", (c) => {
    // The staff app's page is in the site under its own folder (staff-app/index.html), sent for every /staff path.
    const shell = isStaffPath(c.req.path) ? site.get(STAFF_APP_PATH) : undefined;
    if (shell) return sendStaffShell(c, shell);
    const file = lookup(site, c.req.path);
    if (file) return send(c, file, 200);
    const notFound = site.get(NOT_FOUND_PAGE);
    if (notFound) return send(c, notFound, 404);
    return c.text("Not found", 404);
  });

  app.all("*", (c) =>
    c.json({ error: "method_not_allowed", message: "Only GET and HEAD are served here." }, 405),
  );

  app.onError((error, c) => {
    logger.error(
      { err: { message: error.message, name: error.name }, path: maskedPath(c.req.path) },
      "unhandled error",
    );
    return c.json({ error: "internal", message: "Something went wrong on our side. Please try again." }, 500);
  });

  return app;
}
