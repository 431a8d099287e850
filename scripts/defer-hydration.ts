import { readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { htmlFiles, staticImports } from "./check-budget.ts";

/**
 * Rewrites every pre-rendered page so its JavaScript starts after the first paint (decision 008).
 * React Router puts a modulepreload link for every first-load chunk in the head and a module script that
 * imports the route modules, so the whole bundle downloads alongside the stylesheet and a phone on a slow
 * network paints later than the same page without JavaScript. The pages are complete HTML that work without
 * JavaScript (native popovers, native form posts), so hydration can wait for the first contentful paint:
 * the rewritten bootstrap adds the same modulepreload links once that paint is on screen, evaluates the
 * chunks one per task so none blocks the main thread for long, then runs React Router's own steps in
 * their original order.
 * Runs from React Router's buildEnd hook (react-router.config.ts), or by hand:
 *   node scripts/defer-hydration.ts build/client
 */

const MODULEPRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/gi;
const BOOTSTRAP = /<script type="module"(?: async="")?>([\s\S]*?)<\/script>/g;
/** `import "x";` and `import * as route0 from "x";`: the two static import forms React Router writes. */
const STATIC_IMPORT = /^\s*import\s+(?:\*\s+as\s+([A-Za-z_$][\w$]*)\s+from\s+)?("[^"]+");?\s*$/;
const MARKER = "data-deferred-hydration";

const fail = (message: string): never => {
  throw new Error(`defer-hydration: ${message}; React Router's page output changed, see decision 008`);
};

/** What a built chunk imports statically, as absolute URLs; the build's files answer it. */
export type ChunkImports = (url: string) => string[];

/**
 * The chunks behind `roots`, dependencies before the chunks that import them (post-order), so importing
 * them one at a time evaluates one chunk per task instead of the whole graph at once.
 */
export function evaluationOrder(roots: string[], importsOf: ChunkImports): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    for (const dependency of importsOf(url)) visit(dependency);
    order.push(url);
  };
  for (const root of roots) visit(root);
  return order;
}

interface Bootstrap {
  /** React Router's steps, its static imports turned into awaited dynamic ones, in its order. */
  steps: string[];
  /** The modules its static imports named (the manifest and the route modules). */
  imported: string[];
  /** The client entry, whose evaluation starts hydration. */
  entry: string;
}

function parseBootstrap(body: string): Bootstrap {
  const steps: string[] = [];
  const imported: string[] = [];
  let sawStatement = false;
  for (const line of body.split("\n")) {
    const match = STATIC_IMPORT.exec(line);
    if (match) {
      if (sawStatement) fail("a static import after other statements");
      const [, binding, specifier = ""] = match;
      imported.push(JSON.parse(specifier));
      steps.push(binding ? `const ${binding} = await import(${specifier});` : `await import(${specifier});`);
    } else if (line.trim()) {
      if (/\bimport\s*[^(\s]/.test(line)) fail(`an import form it does not know: ${line.trim()}`);
      sawStatement = true;
      steps.push(line.trim());
    }
  }
  const entry = /^import\(("[^"]+")\);?$/.exec(steps.at(-1) ?? "")?.[1];
  if (!entry) fail("no dynamic import of the client entry at the end");
  return { steps, imported, entry: JSON.parse(entry ?? "") };
}

/**
 * The rewritten bootstrap body. After the first contentful paint: preload every chunk (parallel downloads),
 * evaluate the chunks one per task, dependencies first, so no task runs the whole bundle, then run React
 * Router's own steps, which find everything evaluated and end by importing the client entry.
 */
function deferredBootstrap(bootstrap: Bootstrap, preloads: string[], importsOf: ChunkImports): string {
  const entryDependencies = importsOf(bootstrap.entry);
  const stages = evaluationOrder([...bootstrap.imported, ...entryDependencies], importsOf).filter(
    (url) => url !== bootstrap.entry,
  );
  return [
    `const preloads = ${JSON.stringify(preloads)};`,
    `const stages = ${JSON.stringify(stages)};`,
    "const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));",
    "const hydrate = async () => {",
    // Each preload starts a fetch, a few milliseconds on a slow phone: one per task, so none adds up to a long one.
    "  for (const href of preloads) {",
    `    document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    "    await nextTask();",
    "  }",
    "  for (const href of stages) {",
    "    await import(href);",
    "    await nextTask();",
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
    // The paint entry is recorded once the frame is on screen; a frame callback alone can run before that.
    'if (globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint")) {',
    "  new PerformanceObserver((entries) => {",
    '    if (entries.getEntriesByName("first-contentful-paint").length) start();',
    '  }).observe({ type: "paint", buffered: true });',
    // A page opened in a background tab paints only when shown: it hydrates once loaded instead.
    '  if (document.visibilityState === "hidden") addEventListener("load", start, { once: true });',
    "} else {",
    "  requestAnimationFrame(() => setTimeout(start, 0));",
    "}",
  ].join("\n");
}

/** One page's HTML with hydration deferred past the first paint. Pages already rewritten come back as they are. */
export function deferHydration(html: string, importsOf: ChunkImports): string {
  if (html.includes(MARKER)) return html;
  const preloads = [...html.matchAll(MODULEPRELOAD)].map(
    (link) => /\bhref="([^"]+)"/.exec(link[0])?.[1] ?? fail(`a modulepreload link without href: ${link[0]}`),
  );
  const bootstraps = [...html.matchAll(BOOTSTRAP)];
  if (bootstraps.length !== 1) fail(`${bootstraps.length} inline module scripts where one was expected`);
  const [bootstrap] = bootstraps;
  const body = bootstrap?.[1] ?? "";
  if (!body.includes("__reactRouterRouteModules")) fail("the module script does not set the route modules");
  const script = deferredBootstrap(parseBootstrap(body), preloads, importsOf);

  return html
    .replace(MODULEPRELOAD, "")
    .replace(bootstrap?.[0] ?? "", () => `<script type="module" ${MARKER}="">${script}</script>`);
}

/** Rewrites every page under the built client directory; returns the number of pages. */
export async function deferHydrationIn(clientDir: string): Promise<number> {
  let pages = 0;
  const imports = new Map<string, string[]>();
  const importsOf: ChunkImports = (url) => {
    let known = imports.get(url);
    if (!known) {
      known = staticImports(readFileSync(path.join(clientDir, url), "utf8"), url);
      imports.set(url, known);
    }
    return known;
  };
  for await (const file of htmlFiles(clientDir)) {
    await writeFile(file, deferHydration(await readFile(file, "utf8"), importsOf));
    pages += 1;
  }
  if (pages === 0) fail(`no pages in ${clientDir}`);
  return pages;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const clientDir = process.argv[2] ?? path.join(process.env.BUILD_OUT || "build", "client");
  console.log(`Hydration deferred past first paint on ${await deferHydrationIn(clientDir)} pages`);
}
