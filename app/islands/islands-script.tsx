import { createContext, use } from "react";
import { Scripts } from "react-router";
import { afterFirstPaint } from "./after-first-paint";
import { loadEntry } from "./load-entry";

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

/** The inline bootstrap: the same text on every page, so one CSP hash allows it. */
const BOOTSTRAP = `(${afterFirstPaint})(${loadEntry});`;

/**
 * The page's one script: an inline bootstrap (a module, so it runs after parsing and never blocks it) that,
 * once the page has painted, loads the island entry, which starts the page's islands. No script is requested
 * before the first paint: Lighthouse's simulated LCP counts any script fetched during the parse, whose
 * request depends on the parse task, so an entry named in the HTML put LCP behind the page without JavaScript
 * (decision 021 has the figures). `data-entry` names the entry for the bootstrap and for the budget check.
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
  return (
    <script
      type="module"
      data-entry={entry.module}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own two functions' source, no data in it.
      dangerouslySetInnerHTML={{ __html: BOOTSTRAP }}
    />
  );
}
