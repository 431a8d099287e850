import { describe, expect, it } from "vitest";
import { deferHydration } from "./defer-hydration.ts";

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

type Moment = "first contentful paint" | "frame drawn" | "load";

interface Browser {
  /** Paint timing support, as PerformanceObserver.supportedEntryTypes reports it. */
  paintTiming?: boolean;
  visibilityState?: "visible" | "hidden";
}

/**
 * Runs the rewritten bootstrap against stand-ins for the browser, then plays the given moments of a page load
 * in order (a page opened at an anchor in Firefox reports no paint entry; a background tab draws no frame).
 * Returns what the bootstrap did, in order, each moment's "-- name" marker following what it did in it.
 */
async function runBootstrap(
  html: string,
  moments: Moment[],
  { paintTiming = true, visibilityState = "visible" }: Browser = {},
) {
  const body = /<script type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
  const events: string[] = [];
  const queued: Record<"frame drawn" | "load", Array<() => void>> = { "frame drawn": [], load: [] };
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
      visibilityState,
      head: { append: (link: { rel: string; href: string }) => events.push(`${link.rel} ${link.href}`) },
      createElement: () => ({}),
    },
    addEventListener: (type: string, callback: () => void) => type === "load" && queued.load.push(callback),
    requestAnimationFrame: (callback: () => void) => queued["frame drawn"].push(callback),
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
  for (const name of moments) {
    await moment(name, () => {
      if (name === "first contentful paint") {
        for (const observer of paintObservers) observer({ getEntriesByName: (entry) => [{ name: entry }] });
      } else {
        for (const callback of queued[name].splice(0)) callback();
      }
    });
  }
  return { events, window: sandbox.window };
}

const hydrationSteps = [
  // Every chunk preloaded at once, so they download in parallel...
  "modulepreload /assets/manifest-1.js",
  "modulepreload /assets/entry.client-2.js",
  "modulepreload /assets/root-3.js",
  "modulepreload /assets/home-4.js",
  // ...then React Router's own steps, the entry last.
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
    const { events, window } = await runBootstrap(deferHydration(page), [
      "frame drawn",
      "first contentful paint",
      "load",
      "frame drawn",
      "frame drawn",
    ]);
    expect(events).toEqual([
      "-- script done",
      "-- frame drawn",
      ...hydrationSteps,
      "-- first contentful paint",
      "-- load",
      "-- frame drawn",
      "-- frame drawn",
    ]);
    expect(window.__reactRouterRouteModules).toEqual({
      root: { specifier: "/assets/root-3.js" },
      "routes/home": { specifier: "/assets/home-4.js" },
    });
  });

  it("starts two frames after load where no paint entry comes (Firefox, a page opened at an anchor)", async () => {
    const { events } = await runBootstrap(deferHydration(page), [
      "frame drawn",
      "load",
      "frame drawn",
      "frame drawn",
    ]);
    expect(events).toEqual([
      "-- script done",
      "-- frame drawn",
      "-- load",
      "-- frame drawn",
      ...hydrationSteps,
      "-- frame drawn",
    ]);
  });

  it("starts the same way where the browser has no paint timing", async () => {
    const { events } = await runBootstrap(deferHydration(page), ["load", "frame drawn", "frame drawn"], {
      paintTiming: false,
    });
    expect(events).toEqual([
      "-- script done",
      "-- load",
      "-- frame drawn",
      ...hydrationSteps,
      "-- frame drawn",
    ]);
  });

  it("hydrates a page in a background tab, which draws no frame, once it has loaded", async () => {
    const { events } = await runBootstrap(deferHydration(page), ["load"], { visibilityState: "hidden" });
    expect(events).toEqual(["-- script done", ...hydrationSteps, "-- load"]);
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
});
