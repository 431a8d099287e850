import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { StartupFailure } from "../runtime/startup.ts";
import type { StaticFile } from "./static-site.ts";

/**
 * Server-rendered pages (decision 028). Every page is pre-rendered at build time; one whose content changes at
 * run time is pre-rendered as a shell (the chrome, the CSS, the islands script) with empty named slots, which the
 * server fills at request time with HTML from the render module. To add such a page:
 *
 * 1. A route in app/routes.ts pre-rendered at an address ending in `/_shell` (config/route-paths.ts,
 *    SHELL_SEGMENT; never served there, never in the sitemap), rendering `<div {...slotAttributes("main")} />`
 *    where its content goes; its meta may be `[headSlot()]` when the server writes the title, meta and JSON-LD.
 * 2. A function in app/render/pages.tsx returning a slot's HTML (`renderToString` of React components of app/,
 *    islands included: their data-props are rendered with the content). `npm run build` bundles it into
 *    build/render/pages.js (vite.render.config.ts).
 * 3. On the server: `pageShell(site, "/…/_shell")` and `loadRenderModule(buildDir)` once at start-up, and a
 *    `RenderedRoute` (server/http/app.ts) whose handler answers `{ status, html: shell.fill({ … }), … }`.
 *
 * A body slot `<div data-shell-slot="x" …></div>` keeps its element and receives the HTML inside it; a head slot
 * `<meta data-shell-slot="x"/>` is replaced by the HTML. Slot HTML must be markup rendered by React (escaped).
 */
export interface PageShell {
  /** The names of its slots, in document order. */
  slots: readonly string[];
  /** The CSP hashes of its inline scripts (slot HTML adds none that run: JSON-LD is data). */
  scriptHashes: string[];
  /** The page with each slot given HTML (a slot left out stays empty). */
  fill(html: Partial<Record<string, string>>): string;
}

const SLOT = /<meta data-shell-slot="([a-z-]+)"\/>|(<div data-shell-slot="([a-z-]+)"[^>]*>)<\/div>/g;

/** The shell pre-rendered at `shellPath`, split at its slots; throws when the build has no such page. */
export function pageShell(site: Map<string, StaticFile>, shellPath: string): PageShell {
  const file = site.get(shellPath);
  if (!file?.isHtml) throw new Error(`The build has no shell at ${shellPath}: run npm run build.`);
  const html = file.body.toString("utf8");
  // The page as text and slots, in order: a body slot's element stays, its closing tag begins the next text.
  const pieces: (string | { slot: string })[] = [];
  let from = 0;
  for (const match of html.matchAll(SLOT)) {
    const [whole, headName, openTag, bodyName] = match;
    pieces.push(html.slice(from, match.index + (openTag?.length ?? 0)), { slot: headName ?? bodyName ?? "" });
    from = match.index + (openTag ? openTag.length : whole.length);
  }
  pieces.push(html.slice(from));
  return {
    slots: pieces.flatMap((piece) => (typeof piece === "string" ? [] : [piece.slot])),
    scriptHashes: file.scriptHashes,
    fill: (values) =>
      pieces.map((piece) => (typeof piece === "string" ? piece : (values[piece.slot] ?? ""))).join(""),
  };
}

/**
 * The render module `npm run build` writes beside the client build (build/render/pages.js): its functions, each
 * giving one slot's HTML from its props, typed by `Module` (an interface outside app/, which the module satisfies).
 */
export async function loadRenderModule<Module>(buildDir: string): Promise<Module> {
  const file = path.join(buildDir, "..", "render", "pages.js");
  // A site copied without it (a release of build/client alone) cannot fill its shells: say which file is missing.
  if (!existsSync(file))
    throw new StartupFailure(
      `The build has no render module at ${file}: run \`npm run build\` and deploy build/render`,
    );
  return (await import(pathToFileURL(file).href)) as Module;
}
