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

type Moment = "frame drawn" | "load";
type Visibility = "visible" | "hidden";

/**
 * Runs the rewritten bootstrap against stand-ins for the browser, then plays the given moments of a page
 * load in order (a background tab draws no frame; a page opened at an anchor in Firefox reports no paint
 * entry, which the bootstrap does not wait for). Returns what the bootstrap did, in order, each moment's
 * "-- name" marker following what the bootstrap did in it.
 */
async function runBootstrap(html: string, moments: Moment[], visibilityState: Visibility = "visible") {
  const body = /<script type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
  const events: string[] = [];
  const queued: Record<Moment, Array<() => void>> = { "frame drawn": [], load: [] };
  const sandbox = {
    window: {} as Record<string, unknown>,
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
      for (const callback of queued[name].splice(0)) callback();
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

  it("requests nothing until the first frame is drawn, then preloads and runs React Router's steps in order", async () => {
    const { events, window } = await runBootstrap(deferHydration(page), ["frame drawn", "load"]);
    expect(events).toEqual(["-- script done", ...hydrationSteps, "-- frame drawn", "-- load"]);
    expect(window.__reactRouterRouteModules).toEqual({
      root: { specifier: "/assets/root-3.js" },
      "routes/home": { specifier: "/assets/home-4.js" },
    });
  });

  it("hydrates a page in a background tab, which draws no frame, once it has loaded", async () => {
    const { events } = await runBootstrap(deferHydration(page), ["load"], "hidden");
    expect(events).toEqual(["-- script done", ...hydrationSteps, "-- load"]);
  });

  it("waits for the first frame in a visible page that loads before drawing it (a busy machine)", async () => {
    const { events } = await runBootstrap(deferHydration(page), ["load", "frame drawn"]);
    expect(events).toEqual(["-- script done", "-- load", ...hydrationSteps, "-- frame drawn"]);
  });

  it("starts once in a background tab shown after it loaded", async () => {
    const { events } = await runBootstrap(deferHydration(page), ["load", "frame drawn"], "hidden");
    expect(events).toEqual(["-- script done", ...hydrationSteps, "-- load", "-- frame drawn"]);
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
