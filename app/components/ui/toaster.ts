import type { NoticeKind, ShowNotice, ToastNotice } from "./notice";

/**
 * The toast system, loaded on demand: a page's islands carry only this module. The first `notify` loads Sonner
 * (sonner-toaster.tsx), which mounts its Toaster in a root of its own and answers once it is listening, so no
 * notice is lost; later notices show at once.
 */

const loadSonner = () => import("./sonner-toaster");

let mounted: Promise<ShowNotice> | null = null;

function toaster(): Promise<ShowNotice> {
  mounted ??= loadSonner()
    .then(({ mountToaster }) => mountToaster())
    .catch((error: unknown) => {
      // Offline or a stale deploy: the next notice tries again.
      mounted = null;
      throw error;
    });
  return mounted;
}

/** Starts fetching Sonner ahead of the first notice (e.g. when a visitor starts on a form). */
export function preloadToaster() {
  loadSonner().catch(() => {});
}

/** Shows a titled notice: success is announced politely (`role="status"`), errors at once (`role="alert"`). */
export function notify(kind: NoticeKind, notice: ToastNotice): void {
  toaster().then(
    (show) => show(kind, notice),
    // Lose the toast rather than the page.
    (error: unknown) => console.error(error),
  );
}
