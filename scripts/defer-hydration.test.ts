import { describe, expect, it } from "vitest";
import { deferHydration as deferHydrationWith, evaluationOrder } from "./defer-hydration.ts";

/** The built chunks' static imports: both route modules share a chrome chunk, which needs React, as the entry does. */
const chunkGraph: Record<string, string[]> = {
  "/assets/root-3.js": ["/assets/chrome-5.js"],
  "/assets/home-4.js": ["/assets/chrome-5.js"],
  "/assets/chrome-5.js": ["/assets/react-6.js"],
  "/assets/entry.client-2.js": ["/assets/react-6.js"],
};
const deferHydration = (html: string) => deferHydrationWith(html, (url) => chunkGraph[url] ?? []);

/** The shape React Router 8 pre-renders: preload links in the head, one inline module bootstrap in the body. */
const page = `<!DOCTYPE html><html lang="en"><head><link rel="modulepreload" href="/assets/manifest-1.js"/>
<link rel="modulepreload" href="/assets/entry.client-2.js"/><link rel="modulepreload" href="/assets/root-3.js"/>
<link rel="modulepreload" href="/assets/home-4.js"/><link rel="stylesheet" href="/assets/root-5.css"/></head>
<body><main><h1>Healthcare Solutions You Can Trust</h1></main>
<script>window.__reactRouterContext = {"ssr":false};</script>
<script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-3.js";
import * as route1 from "/assets/home-4.js";
  
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-2.js");</script></body></html>`;

interface Browser {
  /** Paint timing support, as PerformanceObserver.supportedEntryTypes reports it. */
  paintTiming?: boolean;
  visibility?: "visible" | "hidden";
}

/**
 * Runs the rewritten bootstrap against stand-ins for the browser, then plays a page load: the script ends,
 * a frame is drawn, the first contentful paint is reported, the load event fires. Returns what the bootstrap
 * did, in order, each moment's "-- name" marker following what the bootstrap did in it.
 */
async function runBootstrap(html: string, { paintTiming = true, visibility = "visible" }: Browser = {}) {
  const body = /<script type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
  const events: string[] = [];
  const queued = {
    frame: [] as Array<() => void>,
    load: [] as Array<() => void>,
  };
  const paintObservers: Array<(entries: { getEntriesByName: (name: string) => unknown[] }) => void> = [];
  class FakePerformanceObserver {
    static supportedEntryTypes = paintTiming ? ["paint", "resource"] : ["resource"];
    readonly callback: (typeof paintObservers)[number];
    constructor(callback: (typeof paintObservers)[number]) {
      this.callback = callback;
    }
    observe({ type }: { type: string }) {
      if (type === "paint") paintObservers.push(this.callback);
    }
  }
  const sandbox = {
    window: {} as Record<string, unknown>,
    globalThis: { PerformanceObserver: FakePerformanceObserver },
    PerformanceObserver: FakePerformanceObserver,
    document: {
      visibilityState: visibility,
      head: { append: (link: { rel: string; href: string }) => events.push(`${link.rel} ${link.href}`) },
      createElement: () => ({}),
    },
    addEventListener: (type: string, callback: () => void) => type === "load" && queued.load.push(callback),
    requestAnimationFrame: (callback: () => void) => queued.frame.push(callback),
    setTimeout: (callback: () => void) => setImmediate(callback),
    importModule: async (specifier: string) => {
      events.push(`import ${specifier}`);
      return { specifier };
    },
  };
  const run = new Function(
    ...Object.keys(sandbox),
    `return (async () => { ${body.replaceAll("import(", "importModule(")} })();`,
  );
  const settle = async () => {
    for (let turn = 0; turn < 50; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  };
  const moment = async (name: string, play: () => void) => {
    play();
    await settle();
    events.push(`-- ${name}`);
  };
  await moment("script done", () => run(...Object.values(sandbox)));
  await moment("frame drawn", () => {
    for (const callback of queued.frame.splice(0)) callback();
  });
  if (visibility === "visible") {
    await moment("first contentful paint", () => {
      for (const observer of paintObservers) observer({ getEntriesByName: (name) => [{ name }] });
    });
  }
  await moment("load", () => {
    for (const callback of queued.load.splice(0)) callback();
  });
  return { events, window: sandbox.window };
}

const hydrationSteps = [
  "modulepreload /assets/manifest-1.js",
  "modulepreload /assets/entry.client-2.js",
  "modulepreload /assets/root-3.js",
  "modulepreload /assets/home-4.js",
  // One chunk per task, dependencies first...
  "import /assets/manifest-1.js",
  "import /assets/react-6.js",
  "import /assets/chrome-5.js",
  "import /assets/root-3.js",
  "import /assets/home-4.js",
  // ...then React Router's own steps, which find them evaluated, and the entry last.
  "import /assets/manifest-1.js",
  "import /assets/root-3.js",
  "import /assets/home-4.js",
  "import /assets/entry.client-2.js",
];

describe("deferHydration", () => {
  it("takes the preload links out of the head and the static imports out of the bootstrap", () => {
    const html = deferHydration(page);
    expect(html).not.toMatch(/<link[^>]+modulepreload/);
    expect(html).not.toMatch(/^\s*import\s+[^(]/m);
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-5.css"/>');
    expect(html).toContain("<h1>Healthcare Solutions You Can Trust</h1>");
  });

  it("requests nothing until the first contentful paint, then preloads and runs React Router's steps in order", async () => {
    const { events, window } = await runBootstrap(deferHydration(page));
    expect(events).toEqual([
      "-- script done",
      "-- frame drawn",
      ...hydrationSteps,
      "-- first contentful paint",
      "-- load",
    ]);
    expect(window.__reactRouterRouteModules).toEqual({
      root: { specifier: "/assets/root-3.js" },
      "routes/home": { specifier: "/assets/home-4.js" },
    });
  });

  it("hydrates a page loaded in a background tab, which does not paint, once it has loaded", async () => {
    const { events } = await runBootstrap(deferHydration(page), { visibility: "hidden" });
    expect(events).toEqual(["-- script done", "-- frame drawn", ...hydrationSteps, "-- load"]);
  });

  it("waits for a drawn frame where the browser has no paint timing", async () => {
    const { events } = await runBootstrap(deferHydration(page), { paintTiming: false });
    expect(events).toEqual([
      "-- script done",
      ...hydrationSteps,
      "-- frame drawn",
      "-- first contentful paint",
      "-- load",
    ]);
  });

  it("leaves an already rewritten page as it is", () => {
    const once = deferHydration(page);
    expect(deferHydration(once)).toBe(once);
  });

  it("fails the build when React Router's output no longer has the shape it rewrites", () => {
    expect(() => deferHydration(page.replace(/<script type="module"[\s\S]*?<\/script>/, ""))).toThrow(
      /0 inline module scripts/,
    );
    expect(() =>
      deferHydration(page.replace('import "/assets/manifest-1.js";', 'import { x } from "/m.js";')),
    ).toThrow(/import form it does not know/);
    expect(() => deferHydration(page.replace('import("/assets/entry.client-2.js");', ""))).toThrow(
      /no dynamic import/,
    );
  });

  it("orders chunks dependencies first, each once, whatever cycles the graph has", () => {
    const graph: Record<string, string[]> = { a: ["b", "c"], b: ["c", "a"], c: [], d: ["c"] };
    expect(evaluationOrder(["a", "d"], (url) => graph[url] ?? [])).toEqual(["c", "b", "a", "d"]);
  });
});
