import { get } from "node:http";
import type lighthouse from "lighthouse";
import { markdownTable, median } from "./report.ts";

/** What `npm run perf` reads from Lighthouse's reports, the targets it holds a route to, and its table. */

/** The targets docs/performance.md states: CLS at most 0.01, LCP within 1.05x of the no-JS page, a budget. */
export const TARGETS = {
  performance: 100,
  performanceFloor: 98,
  otherScores: 100,
  tbtMs: 50,
  cls: 0.01,
  lcpVsNoJs: 1.05,
  jsBytes: 100_000,
};

export interface RouteResult {
  route: string;
  performance: number;
  /** The same page's score with JavaScript blocked: the target is 100 wherever this is 100. */
  performanceNoJs: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  lcpNoJsMs: number;
  /** Each run's LCP, with JavaScript and without: the median hides how two-valued Lantern's estimate can be. */
  lcpRuns: number[];
  lcpNoJsRuns: number[];
  tbtMs: number;
  /** TBT of the same page with JavaScript blocked: the share of TBT that is the browser's own parsing and layout. */
  tbtNoJsMs: number;
  cls: number;
  /** Script transfer as Lighthouse counts it: compressed bodies plus response headers. */
  jsBytes: number;
  /** The compressed bodies alone (brotli, as served) of the scripts the page loaded: the budget's measure. */
  jsBodyBytes: number;
  totalBytes: number;
  /** Audits that lost points outside performance, by id, to say what to fix. */
  failing: string[];
}

export type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

export const score = (lhr: Lhr, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
export const numeric = (lhr: Lhr, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

export function transfer(lhr: Lhr, resourceType: "script" | "total"): number {
  const items = (
    lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items;
  return items?.find((item) => item.resourceType === resourceType)?.transferSize ?? Number.NaN;
}

/** The same-origin scripts a run loaded. */
export function scriptUrls(lhr: Lhr): string[] {
  const items = (
    lhr.audits["network-requests"]?.details as { items?: { url: string; resourceType?: string }[] }
  )?.items;
  return (items ?? []).filter((item) => item.resourceType === "Script").map((item) => item.url);
}

/** The compressed size of each script as our server sends it to a browser that accepts brotli. */
export async function compressedBodyBytes(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of new Set(urls)) {
    // node:http hands over the body as sent; fetch() would decompress it.
    total += await new Promise<number>((resolve, reject) => {
      get(url, { headers: { "Accept-Encoding": "br" } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on("end", () => resolve(bytes));
      }).on("error", reject);
    });
  }
  return total;
}

export function failingAudits(lhr: Lhr): string[] {
  const failing = new Set<string>();
  for (const id of ["accessibility", "best-practices", "seo"]) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failing.add(ref.id);
    }
  }
  return [...failing];
}

export const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)}` : "n/a");
export const kB = (bytes: number) => (Number.isFinite(bytes) ? (bytes / 1000).toFixed(1) : "n/a");

export function misses(r: RouteResult): string[] {
  const out: string[] = [];
  if (r.performance < TARGETS.performance)
    out.push(`performance ${r.performance} (${r.performanceNoJs} without JS)`);
  if (r.accessibility < TARGETS.otherScores) out.push(`accessibility ${r.accessibility}`);
  if (r.bestPractices < TARGETS.otherScores) out.push(`best practices ${r.bestPractices}`);
  if (r.seo < TARGETS.otherScores) out.push(`SEO ${r.seo}`);
  if (r.tbtMs >= TARGETS.tbtMs) out.push(`TBT ${ms(r.tbtMs)} ms`);
  if (r.cls > TARGETS.cls) out.push(`CLS ${r.cls.toFixed(3)}`);
  if (r.lcpMs > r.lcpNoJsMs * TARGETS.lcpVsNoJs)
    out.push(
      `LCP ${ms(r.lcpMs)} vs ${ms(r.lcpNoJsMs)} ms without JS (runs ${r.lcpRuns.map(ms).join("/")} vs ${r.lcpNoJsRuns.map(ms).join("/")})`,
    );
  if (r.jsBodyBytes > TARGETS.jsBytes) out.push(`JS ${kB(r.jsBodyBytes)} kB compressed`);
  return out;
}

export function resultsTable(results: RouteResult[]): string {
  const header = [
    "route",
    "perf",
    "perf no-JS",
    "a11y",
    "best pr.",
    "SEO",
    "LCP ms",
    "LCP no-JS ms",
    "LCP/no-JS",
    "TBT ms",
    "TBT no-JS ms",
    "CLS",
    "JS kB",
    "JS transfer kB",
    "total kB",
  ];
  const rows = results.map((r) => [
    r.route,
    String(r.performance),
    String(r.performanceNoJs),
    String(r.accessibility),
    String(r.bestPractices),
    String(r.seo),
    ms(r.lcpMs),
    ms(r.lcpNoJsMs),
    `${((r.lcpMs / r.lcpNoJsMs - 1) * 100).toFixed(0)}%`,
    ms(r.tbtMs),
    ms(r.tbtNoJsMs),
    r.cls.toFixed(3),
    kB(r.jsBodyBytes),
    kB(r.jsBytes),
    kB(r.totalBytes),
  ]);
  return markdownTable(header, rows);
}

export function summarise(route: string, shipped: Lhr[], noJs: Lhr[], jsBodyBytes: number): RouteResult {
  const each = (runs: Lhr[], read: (lhr: Lhr) => number) => median(runs.map(read));
  // Accessibility, best practices and SEO do not vary between runs; the worst run counts all the same.
  const worst = (category: string) => Math.min(...shipped.map((lhr) => score(lhr, category)));
  return {
    route,
    performance: Math.round(each(shipped, (lhr) => score(lhr, "performance"))),
    performanceNoJs: Math.round(each(noJs, (lhr) => score(lhr, "performance"))),
    accessibility: worst("accessibility"),
    bestPractices: worst("best-practices"),
    seo: worst("seo"),
    lcpMs: each(shipped, (lhr) => numeric(lhr, "largest-contentful-paint")),
    lcpNoJsMs: each(noJs, (lhr) => numeric(lhr, "largest-contentful-paint")),
    lcpRuns: shipped.map((lhr) => numeric(lhr, "largest-contentful-paint")),
    lcpNoJsRuns: noJs.map((lhr) => numeric(lhr, "largest-contentful-paint")),
    tbtMs: each(shipped, (lhr) => numeric(lhr, "total-blocking-time")),
    tbtNoJsMs: each(noJs, (lhr) => numeric(lhr, "total-blocking-time")),
    cls: each(shipped, (lhr) => numeric(lhr, "cumulative-layout-shift")),
    jsBytes: each(shipped, (lhr) => transfer(lhr, "script")),
    jsBodyBytes,
    totalBytes: each(shipped, (lhr) => transfer(lhr, "total")),
    failing: [...new Set(shipped.flatMap(failingAudits))],
  };
}
