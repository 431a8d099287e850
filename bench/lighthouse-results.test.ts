import { describe, expect, it } from "vitest";
import { type Lhr, misses, resultsTable, summarise } from "./lighthouse-results.ts";

/** A Lighthouse result with just what `summarise` reads. */
function report(performance: number, lcpMs: number, tbtMs: number): Lhr {
  const category = (score: number) => ({ score, auditRefs: [] });
  return {
    categories: {
      performance: category(performance / 100),
      accessibility: category(1),
      "best-practices": category(1),
      seo: category(1),
    },
    audits: {
      "largest-contentful-paint": { numericValue: lcpMs },
      "total-blocking-time": { numericValue: tbtMs },
      "cumulative-layout-shift": { numericValue: 0 },
      "resource-summary": { details: { items: [] } },
    },
  } as unknown as Lhr;
}

describe("a route's Lighthouse results", () => {
  it("reads the no-JS page's own performance score beside the shipped page's, median of the runs", () => {
    const shipped = [report(99, 960, 60), report(100, 910, 40), report(98, 990, 90)];
    const noJs = [report(100, 900, 30), report(100, 905, 35), report(97, 910, 120)];
    const result = summarise("/carestaff", shipped, noJs, 3900);
    expect(result).toMatchObject({ performance: 99, performanceNoJs: 100, lcpMs: 960, lcpNoJsMs: 905 });
    expect(misses(result)).toEqual([
      "performance 99 (100 without JS)",
      "TBT 60 ms",
      "LCP 960 vs 905 ms without JS (runs 960/910/990 vs 900/905/910)",
    ]);
    expect(resultsTable([result]).split("\n")[0]).toMatch(/\| perf \| perf no-JS \|/);
  });

  it("holds a page to its LCP against the no-JS page, not to a fixed time", () => {
    const result = summarise("/", [report(100, 940, 0)], [report(100, 900, 0)], 10_000);
    expect(misses(result)).toEqual([]);
  });
});
