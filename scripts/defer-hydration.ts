import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { htmlFiles } from "./check-budget.ts";

/**
 * Rewrites every pre-rendered page so its JavaScript starts after its first paint (decision 012).
 * React Router puts a modulepreload link for every first-load chunk in the head and a module script that
 * imports the route modules, so the whole bundle downloads alongside the stylesheet and a phone on a slow
 * network paints later than the same page without JavaScript. The pages are complete HTML that work without
 * JavaScript (native popovers, native form posts), so hydration can wait for the first paint: the rewritten
 * bootstrap adds the same modulepreload links once the first contentful paint is reported, or once the page
 * has loaded and drawn (whichever comes first), then runs React Router's own steps in their original order. React hoists the links into the head and React Router has
 * no option to leave them out, so no supported extension point can do this; the build fails on any page
 * shape it does not recognise.
 * Runs from React Router's buildEnd hook (react-router.config.ts), or by hand:
 *   node scripts/defer-hydration.ts build/client
 */

const MODULEPRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/gi;
const BOOTSTRAP = /<script type="module"(?: async="")?>([\s\S]*?)<\/script>/g;
/** `import "x";` and `import * as route0 from "x";`: the two static import forms React Router writes. */
const STATIC_IMPORT = /^\s*import\s+(?:\*\s+as\s+([A-Za-z_$][\w$]*)\s+from\s+)?("[^"]+");?\s*$/;
const MARKER = "data-deferred-hydration";

const fail = (message: string): never => {
  throw new Error(`defer-hydration: ${message}; React Router's page output changed, see decision 012`);
};

interface Bootstrap {
  /** React Router's steps, its static imports turned into awaited dynamic ones, in its order. */
  steps: string[];
  /** The client entry, whose evaluation starts hydration. */
  entry: string;
}

function parseBootstrap(body: string): Bootstrap {
  const steps: string[] = [];
  let sawStatement = false;
  for (const line of body.split("\n")) {
    const match = STATIC_IMPORT.exec(line);
    if (match) {
      if (sawStatement) fail("a static import after other statements");
      const [, binding, specifier = ""] = match;
      steps.push(binding ? `const ${binding} = await import(${specifier});` : `await import(${specifier});`);
    } else if (line.trim()) {
      if (/\bimport\s*[^(\s]/.test(line)) fail(`an import form it does not know: ${line.trim()}`);
      sawStatement = true;
      steps.push(line.trim());
    }
  }
  const entry = /^import\(("[^"]+")\);?$/.exec(steps.at(-1) ?? "")?.[1];
  if (!entry) fail("no dynamic import of the client entry at the end");
  return { steps, entry: JSON.parse(entry ?? "") };
}

/**
 * The rewritten bootstrap body. At the first contentful paint, or once loaded and two frames drawn where no
 * paint entry comes (Firefox at an anchor, issue 12), or at load in a background tab: preload every chunk at
 * once, so they download in parallel, then run React Router's own steps.
 */
function deferredBootstrap(bootstrap: Bootstrap, preloads: string[]): string {
  return [
    `const preloads = ${JSON.stringify(preloads)};`,
    "const hydrate = async () => {",
    "  for (const href of preloads) {",
    `    document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    "  }",
    ...bootstrap.steps.map((step) => `  ${step}`),
    "};",
    "let started = false;",
    "const start = () => {",
    "  if (!started) {",
    "    started = true;",
    "    hydrate();",
    "  }",
    "};",
    // The paint entry comes once the first frame is on screen (a frame callback alone can run before that)...
    'if (globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint")) {',
    "  new PerformanceObserver((entries) => {",
    '    if (entries.getEntriesByName("first-contentful-paint").length) start();',
    '  }).observe({ type: "paint", buffered: true });',
    "}",
    // ...but not always: Firefox reports none for a page opened at an anchor. Once loaded, a page starts two
    // drawn frames and 200 ms later whatever it reported (a paint entry lags its frame on a busy machine, and
    // comes before that when it comes at all); a background tab, which draws no frame, starts at once.
    'addEventListener("load", () => {',
    '  if (document.visibilityState === "hidden") start();',
    "  else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 200)));",
    "}, { once: true });",
  ].join("\n");
}

/** One page's HTML with hydration deferred past the first paint. Pages already rewritten come back as they are. */
export function deferHydration(html: string): string {
  if (html.includes(MARKER)) return html;
  const preloads = [...html.matchAll(MODULEPRELOAD)].map(
    (link) => /\bhref="([^"]+)"/.exec(link[0])?.[1] ?? fail(`a modulepreload link without href: ${link[0]}`),
  );
  const bootstraps = [...html.matchAll(BOOTSTRAP)];
  if (bootstraps.length !== 1) fail(`${bootstraps.length} inline module scripts where one was expected`);
  const [bootstrap] = bootstraps;
  const body = bootstrap?.[1] ?? "";
  if (!body.includes("__reactRouterRouteModules")) fail("the module script does not set the route modules");
  const script = deferredBootstrap(parseBootstrap(body), preloads);

  return html
    .replace(MODULEPRELOAD, "")
    .replace(bootstrap?.[0] ?? "", () => `<script type="module" ${MARKER}="">${script}</script>`);
}

/** Rewrites every page under the built client directory; returns the number of pages. */
export async function deferHydrationIn(clientDir: string): Promise<number> {
  let pages = 0;
  for await (const file of htmlFiles(clientDir)) {
    await writeFile(file, deferHydration(await readFile(file, "utf8")));
    pages += 1;
  }
  if (pages === 0) fail(`no pages in ${clientDir}`);
  return pages;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const clientDir = process.argv[2] ?? path.join(process.env.BUILD_OUT || "build", "client");
  console.log(`Hydration deferred past first paint on ${await deferHydrationIn(clientDir)} pages`);
}
