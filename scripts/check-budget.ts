import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import { STAFF_APP_PATH } from "../config/route-paths.ts";

/**
 * CI's JavaScript budget: for every pre-rendered page, the compressed size of the JavaScript it loads without any
 * interaction: the scripts its HTML names (the island entry its bootstrap loads, decision 021), the module of every
 * island the page marks (`data-island="x"` loads assets/x-island-<hash>.js), and everything those import statically,
 * compressed as the server compresses it. Other chunks behind a dynamic import() (the validator, the toasts) load on
 * a visitor's first focus or notice and are not counted. Fails when any page is over the budget, or has grown by
 * GROWTH_LIMIT_BYTES or more since its recorded baseline (scripts/js-baseline.json): growth is a choice to make,
 * with `--write-baseline`, not a side effect. Then the staff inbox's first load, against its own budget
 * (STAFF_INBOX_BUDGET_BYTES).
 *   node scripts/check-budget.ts [build/client] [--write-baseline]
 */

/** 100 kB of compressed JavaScript per page's first load (decision 021's budget), in bytes. */
export const BUDGET_BYTES = 100_000;

/**
 * A page's first-load JavaScript may not grow by this much (brotli bytes) over its baseline without a new
 * baseline: "less than 1 KB", the bound the lead-source capture was held to (decision 017), kept for
 * every change since.
 */
export const GROWTH_LIMIT_BYTES = 1000;

export const BASELINE_FILE = new URL("./js-baseline.json", import.meta.url);

/** Brotli bytes per page, as recorded by `--write-baseline`. */
export interface Baseline {
  recorded: string;
  pages: Record<string, number>;
}

export interface PageBudget {
  page: string;
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
}

/**
 * The same-origin JavaScript URLs a page's HTML names for loading before any interaction: script sources,
 * module preloads, and the entry its inline bootstrap loads (`<script data-entry="...">`).
 */
export function firstLoadScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/gi)) urls.add(match[1] ?? "");
  for (const match of html.matchAll(/<script\b[^>]*\bdata-entry="([^"]+)"/gi)) urls.add(match[1] ?? "");
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi)) {
    const href = /\bhref="([^"]+)"/.exec(match[0])?.[1];
    if (href) urls.add(href);
  }
  return [...urls].filter((url) => url.startsWith("/") && !url.startsWith("//"));
}

/** The built module of each island a page's HTML marks: app/islands/<name>-island.tsx, as chunks are named. */
export function islandChunks(html: string, assets: string[]): string[] {
  const names = new Set([...html.matchAll(/\bdata-island="([a-z-]+)"/g)].map((match) => match[1]));
  return [...names].map((name) => {
    const file = assets.find((asset) => new RegExp(`^${name}-island-[\\w-]+\\.js$`).test(asset));
    if (!file) throw new Error(`no built module for the island "${name}" in assets/`);
    return `/assets/${file}`;
  });
}

/** What a built chunk imports statically (`import ... from "./x.js"`, `import "./x.js"`, `export ... from`). */
export function staticImports(source: string, url: string): string[] {
  const specifiers = source.matchAll(
    /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{},\s]*?\bfrom\s*)?["']([^"']+\.m?js)["']/g,
  );
  return [...specifiers].map((match) => new URL(match[1] ?? "", `http://site${url}`).pathname);
}

/** Every HTML file of the built public site, the SPA fallback included; not the staff app (decision 020). */
export async function* htmlFiles(dir: string, root = dir): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const skip = entry.name === "assets" || full === path.join(root, STAFF_APP_PATH);
    if (entry.isDirectory() && !skip) yield* htmlFiles(full, root);
    else if (entry.isFile() && entry.name.endsWith(".html")) yield full;
  }
}

/** The scripts and their static imports, each once. */
async function withStaticImports(clientDir: string, urls: string[]): Promise<Set<string>> {
  const scripts = new Set(urls);
  for (const url of scripts) {
    const source = await readFile(path.join(clientDir, url), "utf8");
    for (const imported of staticImports(source, url)) scripts.add(imported);
  }
  return scripts;
}

/**
 * The JavaScript a page loads before any interaction, in two parts: what its HTML names with the static imports
 * of those (the island entry's graph, which the bootstrap requests once the page has painted), and its islands'
 * modules with theirs (which the entry requests).
 */
export async function pageScripts(clientDir: string, htmlFile: string) {
  const html = await readFile(htmlFile, "utf8");
  const entry = await withStaticImports(clientDir, firstLoadScripts(html));
  const assets = await readdir(path.join(clientDir, "assets"));
  const all = await withStaticImports(clientDir, [...entry, ...islandChunks(html, assets)]);
  return { entry, islands: new Set([...all].filter((url) => !entry.has(url))) };
}

type Sizes = { raw: number; gzip: number; brotli: number };

/** A file's bytes as they are, and compressed as the server compresses them (static-site.ts). */
function sizesOf(body: Buffer): Sizes {
  return {
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

export async function measure(clientDir: string): Promise<PageBudget[]> {
  const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>();
  const sizeOf = async (url: string) => {
    const known = sizes.get(url);
    if (known) return known;
    const size = sizesOf(await readFile(path.join(clientDir, url)));
    sizes.set(url, size);
    return size;
  };

  const pages: PageBudget[] = [];
  for await (const file of htmlFiles(clientDir)) {
    if (path.basename(file).startsWith("__spa-fallback")) continue; // not a page anyone visits
    const relative = path.relative(clientDir, file).split(path.sep).join("/");
    const page = `/${relative.replace(/(^|\/)index\.html$/, "")}`;
    const { entry, islands } = await pageScripts(clientDir, file);
    const scripts = new Set([...entry, ...islands]);
    const total = { page, files: scripts.size, raw: 0, gzip: 0, brotli: 0 };
    for (const url of scripts) {
      const size = await sizeOf(url);
      total.raw += size.raw;
      total.gzip += size.gzip;
      total.brotli += size.brotli;
    }
    pages.push(total);
  }
  return pages.sort((a, b) => a.page.localeCompare(b.page));
}

/**
 * The staff inbox's first load (/staff), in gzip -9 bytes of JavaScript: the staff app's other pages load by
 * route, so the inbox carries neither the lead page's nor the reports' code, and no schema library (decision 030).
 * React, React DOM and the router alone are about 97 kB of it; the numbers are in docs/performance.md
 * (bench/staff-first-load.ts measures them).
 */
export const STAFF_INBOX_BUDGET_BYTES = 120_000;

/**
 * The route modules the inbox needs at once, by their file's name: app/staff/shell/layout-route.tsx would be
 * assets/layout-route-<hash>.js. Today both are in the entry (app/staff/routes.tsx); one that loads lazily (React
 * Router's `lazy`) is a chunk of its own, which the router requests at once, and counts.
 */
export const STAFF_INBOX_ROUTES = ["layout-route", "inbox-route"];

export interface StaffFirstLoad {
  /** Each script with its sizes, largest first. */
  scripts: ({ url: string } & Sizes)[];
  js: Sizes;
  css: Sizes;
}

/**
 * What a browser loads for the staff inbox before it shows: the scripts the staff app's page names with their
 * static imports, then the chunk of each of the inbox's route modules that has one, with its imports; CSS, the
 * stylesheets the page names, apart.
 */
export async function staffFirstLoad(
  clientDir: string,
  { routes = STAFF_INBOX_ROUTES } = {},
): Promise<StaffFirstLoad> {
  const html = await readFile(path.join(clientDir, STAFF_APP_PATH, "index.html"), "utf8");
  const assets = await readdir(path.join(clientDir, STAFF_APP_PATH, "assets"));
  const lazy = routes.flatMap((name) => {
    const file = assets.find((asset) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(asset));
    return file ? [`${STAFF_APP_PATH}/assets/${file}`] : [];
  });
  const sized = async (urls: Iterable<string>) =>
    Promise.all(
      [...urls].map(async (url) => ({ url, ...sizesOf(await readFile(path.join(clientDir, url))) })),
    );
  const total = (files: Sizes[]) => {
    const sum = { raw: 0, gzip: 0, brotli: 0 };
    for (const file of files) for (const key of ["raw", "gzip", "brotli"] as const) sum[key] += file[key];
    return sum;
  };
  const scripts = await sized(await withStaticImports(clientDir, [...firstLoadScripts(html), ...lazy]));
  const styles = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/gi)].map(
    (match) => match[1] ?? "",
  );
  return {
    scripts: scripts.sort((a, b) => b.gzip - a.gzip),
    js: total(scripts),
    css: total(await sized(styles)),
  };
}

/** Whether the inbox's first load is over its budget (gzip: the budget's unit). */
export const overStaffBudget = (load: StaffFirstLoad, budget = STAFF_INBOX_BUDGET_BYTES) =>
  load.js.gzip > budget;

/** The pages that grew by GROWTH_LIMIT_BYTES or more over their baseline, or have none recorded. */
export function grownPages(pages: PageBudget[], baseline: Baseline, limit = GROWTH_LIMIT_BYTES) {
  return pages.filter((p) => {
    const before = baseline.pages[p.page];
    return before === undefined || p.brotli - before >= limit;
  });
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const signedKB = (bytes: number) => `${bytes > 0 ? "+" : ""}${kB(bytes)}`;

export function formatTable(pages: PageBudget[], budget = BUDGET_BYTES, baseline?: Baseline): string {
  const rows = pages.map((p) => {
    const before = baseline?.pages[p.page];
    return [
      p.page,
      String(p.files),
      kB(p.raw),
      kB(p.gzip),
      kB(p.brotli),
      before === undefined ? "new" : signedKB(p.brotli - before),
      p.brotli <= budget ? "ok" : "OVER",
    ];
  });
  const header = ["page", "files", "raw kB", "gzip kB", "brotli kB", "vs baseline", `≤ ${kB(budget)} kB`];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join("  ");
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const writeBaseline = args.includes("--write-baseline");
  const clientDir =
    args.find((arg) => !arg.startsWith("--")) ?? path.join(process.env.BUILD_OUT || "build", "client");
  const pages = await measure(clientDir);
  if (pages.length === 0) {
    console.error(`No pre-rendered pages in ${clientDir}: build first.`);
    process.exit(1);
  }
  if (writeBaseline) {
    const baseline: Baseline = {
      recorded: new Date().toISOString().slice(0, 10),
      pages: Object.fromEntries(pages.map((p) => [p.page, p.brotli])),
    };
    await writeFile(BASELINE_FILE, `${JSON.stringify(baseline, null, 2)}\n`);
    console.log(`Baseline written: ${BASELINE_FILE.pathname}`);
  }
  const baseline = JSON.parse(await readFile(BASELINE_FILE, "utf8")) as Baseline;
  console.log(`First-load JavaScript per page (brotli is what browsers receive), ${clientDir}\n`);
  console.log(formatTable(pages, BUDGET_BYTES, baseline));
  let failed = false;
  const over = pages.filter((p) => p.brotli > BUDGET_BYTES);
  if (over.length) {
    console.error(`\nOver the ${kB(BUDGET_BYTES)} kB budget: ${over.map((p) => p.page).join(", ")}`);
    failed = true;
  }
  const grown = grownPages(pages, baseline);
  if (grown.length) {
    console.error(
      `\nGrown by ${kB(GROWTH_LIMIT_BYTES)} kB or more since the baseline of ${baseline.recorded} (or not in it): ` +
        `${grown.map((p) => p.page).join(", ")}. Find what grew (the chunks each page loads) and shrink it, or, ` +
        "when the growth is chosen, record it: node scripts/check-budget.ts --write-baseline",
    );
    failed = true;
  }
  const staff = await staffFirstLoad(clientDir);
  console.log(
    `\nThe staff inbox's first load: ${staff.scripts.length} scripts, ${kB(staff.js.gzip)} kB gzip ` +
      `(${kB(staff.js.brotli)} kB brotli), CSS ${kB(staff.css.gzip)} kB gzip; budget ${kB(STAFF_INBOX_BUDGET_BYTES)} kB gzip.`,
  );
  if (overStaffBudget(staff)) {
    console.error(`Over the staff inbox's budget: ${staff.scripts.map((file) => file.url).join(", ")}`);
    failed = true;
  }
  if (failed) process.exit(1);
  console.log(
    `\nEvery page within ${kB(BUDGET_BYTES)} kB of compressed JavaScript, none grown by ${kB(GROWTH_LIMIT_BYTES)} kB since ${baseline.recorded}.`,
  );
}
