/** When a missing chunk last loaded the app again, in this tab. */
const LAST_RELOAD = "staff:missing-chunk-reload";
const QUIET_MS = 60_000;

type Tab = Pick<Window, "addEventListener" | "location" | "sessionStorage">;

/**
 * A release replaces the staff app's chunks, each named by its content: a tab opened before it asks for a page's
 * chunk by its old name and finds none (Vite's `vite:preloadError`). It then loads the app again, which names the
 * new ones, at the page it was going to (`pending`, the router's navigation) or the one it is on. Once a minute at
 * most, so a chunk missing from a release itself leaves the page's error on screen instead of reloading for ever.
 */
export function reloadOnMissingChunks(tab: Tab, pending: () => string | undefined, now = Date.now): void {
  tab.addEventListener("vite:preloadError", () => {
    if (now() - Number(tab.sessionStorage.getItem(LAST_RELOAD) ?? 0) < QUIET_MS) return;
    tab.sessionStorage.setItem(LAST_RELOAD, String(now()));
    const to = pending();
    if (to) tab.location.assign(to);
    else tab.location.reload();
  });
}
