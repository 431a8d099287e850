import { createContext, use } from "react";
import { Scripts } from "react-router";

export interface IslandsEntry {
  /** The built island entry's URL (app/entry.client.tsx). */
  module: string;
  /** In development only: React Refresh's runtime, which must load before any module it transforms. */
  hmrRuntime?: string;
  /**
   * React Router's SPA fallback (`__spa-fallback.html`), which `ssr: false` always renders and checks for its
   * own bootstrap. No visitor gets it (the server answers unknown paths with the 404 page), so it keeps
   * React Router's scripts and every page gets the islands'.
   */
  spaFallback: boolean;
}

/** Given by app/entry.server.tsx from React Router's build manifest. */
export const IslandsEntryContext = createContext<IslandsEntry | null>(null);

/**
 * The page's one script: the island entry, a module (so it runs after parsing, never blocking it), fetched at
 * low priority so the stylesheet and the first paint come first. It starts the page's islands itself. Not
 * `async`: React hoists an async script into the head, and pages built so blocked more in both modes, with their
 * JavaScript and without (`bench:hydration`, 2026-11-26 17:05 UTC, decision 021).
 */
export function IslandsScript() {
  const entry = use(IslandsEntryContext);
  if (!entry) return null;
  if (entry.spaFallback) return <Scripts />;
  if (entry.hmrRuntime) {
    const imports = `import ${JSON.stringify(entry.hmrRuntime)};import(${JSON.stringify(entry.module)});`;
    // biome-ignore lint/security/noDangerouslySetInnerHtml: two imports of the build's own URLs, development only.
    return <script type="module" dangerouslySetInnerHTML={{ __html: imports }} />;
  }
  return <script type="module" src={entry.module} fetchPriority="low" />;
}
