import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync, constants as zlib } from "node:zlib";
import { isShellPath, STAFF_APP_PATH } from "../../config/route-paths.ts";
import { inlineScriptHashes } from "./security-headers.ts";

/** The pre-rendered 404 page: a path no route owns, pre-rendered through the catch-all route. */
export const NOT_FOUND_PAGE = "/404";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".data": "text/x-script; charset=utf-8",
};

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;

/** The content type a built file is served with. */
export const typeOf = (file: string) => TYPES[path.extname(file)] ?? "application/octet-stream";

/** Whether a built file is sent compressed: text of more than 512 bytes (smaller gains nothing over headers). */
export const isCompressible = (type: string, size: number) => COMPRESSIBLE.test(type) && size > 512;

/**
 * A file's compressed copies, at the highest settings: made once per build (scripts/precompress.ts writes them
 * beside each file as `.br` and `.gz`), or at start-up for a build without them.
 */
export const compressedCopies = (body: Buffer) => ({
  br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: gzipSync(body, { level: 9 }),
});

/** Where the build keeps a file's compressed copies. */
export const COMPRESSED_SUFFIXES = { br: ".br", gzip: ".gz" } as const;
const isCompressedCopy = (file: string) =>
  file.endsWith(COMPRESSED_SUFFIXES.br) || file.endsWith(COMPRESSED_SUFFIXES.gzip);

/** The build's compressed copies of `file` when both are there and hold its bytes; otherwise made now. */
async function copiesOf(file: string, body: Buffer) {
  const read = (suffix: string) => readFile(`${file}${suffix}`).catch(() => null);
  const [br, gzip] = await Promise.all([read(COMPRESSED_SUFFIXES.br), read(COMPRESSED_SUFFIXES.gzip)]);
  // Unpacking is quick next to packing at the highest setting, and catches a copy left by another build.
  const holds = (copy: Buffer | null, unpack: (copy: Buffer) => Buffer) => {
    try {
      return copy !== null && unpack(copy).equals(body);
    } catch {
      return false;
    }
  };
  if (br && gzip && holds(br, brotliDecompressSync) && holds(gzip, gunzipSync)) return { br, gzip };
  return compressedCopies(body);
}

export interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
  /** For HTML: the CSP hashes of its inline scripts. */
  scriptHashes: string[];
  isHtml: boolean;
}

export async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

function cacheControlFor(urlPath: string, isHtml: boolean): string {
  if (urlPath.startsWith("/assets/") || urlPath.startsWith(`${STAFF_APP_PATH}/assets/`))
    return "public, max-age=31536000, immutable";
  if (isHtml) return "public, max-age=0, must-revalidate";
  return "public, max-age=3600";
}

/**
 * Loads the whole built client into memory once, with brotli and gzip variants: the build's (a start-up in
 * well under a second) or, without them, made here. The site is a few hundred kilobytes, so every answer is a
 * lookup, never a disk read or a compression.
 */
export async function loadStaticSite(buildDir: string): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  for await (const file of walk(buildDir)) {
    if (isCompressedCopy(file)) continue;
    const relative = `/${path.relative(buildDir, file).split(path.sep).join("/")}`;
    const type = typeOf(file);
    const body = await readFile(file);
    const isHtml = path.extname(file) === ".html";
    const entry: StaticFile = {
      body,
      type,
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      cacheControl: cacheControlFor(relative, isHtml),
      scriptHashes: isHtml ? inlineScriptHashes(body.toString("utf8")) : [],
      isHtml,
      ...(isCompressible(type, body.length) && (await copiesOf(file, body))),
    };
    // /about/index.html answers /about; every other file answers its own path.
    const key = relative.endsWith("/index.html") ? relative.slice(0, -"/index.html".length) || "/" : relative;
    files.set(key, entry);
  }
  return files;
}

/** The file for a request path, or undefined. Pages answer with or without a trailing slash. */
export function lookup(files: Map<string, StaticFile>, urlPath: string): StaticFile | undefined {
  if (urlPath === NOT_FOUND_PAGE || urlPath.startsWith(`${NOT_FOUND_PAGE}/`)) return undefined;
  const trimmed = urlPath.length > 1 ? urlPath.replace(/\/+$/, "") : urlPath;
  // React Router's SPA fallback, the staff app's page and the shells the server fills (decision 028) are details
  // of the build, not pages at their paths.
  if (trimmed.startsWith("/__spa-fallback") || trimmed === STAFF_APP_PATH || isShellPath(trimmed))
    return undefined;
  return files.get(trimmed);
}

export function pickEncoding(file: StaticFile, acceptEncoding: string | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  if (file.br && /\bbr\b/.test(acceptEncoding)) return "br";
  if (file.gzip && /\bgzip\b/.test(acceptEncoding)) return "gzip";
  return null;
}

/** The stylesheets the site's pages link, read from its 404 page, for pages the server builds to look the same. */
export function stylesheetsOf(files: Map<string, StaticFile>): string[] {
  const page = files.get(NOT_FOUND_PAGE)?.body.toString("utf8") ?? "";
  return [...page.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].flatMap(
    (link) => /\bhref="([^"]+)"/.exec(link[0])?.slice(1) ?? [],
  );
}
