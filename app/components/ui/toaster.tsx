import { lazy, Suspense, useSyncExternalStore } from "react";

/**
 * The toast system, loaded on demand: pages carry only this module. The first `notify` loads Sonner
 * (sonner-toaster.tsx), mounts its Toaster and shows the notice once that Toaster is listening, so none
 * is lost; later notices show at once.
 */

export type NoticeKind = "success" | "error";

export interface ToastNotice {
  title: string;
  description: string;
}

export type ShowNotice = (kind: NoticeKind, notice: ToastNotice) => void;

const loadSonner = () => import("./sonner-toaster");

const SonnerToaster = lazy<() => React.JSX.Element | null>(() =>
  loadSonner().catch((error: unknown) => {
    // Offline or a stale deploy: lose the toast rather than the page.
    console.error(error);
    return { default: () => null };
  }),
);

/** Starts fetching Sonner ahead of the first notice (e.g. when a visitor starts on a form). */
export function preloadToaster() {
  loadSonner().catch(() => {});
}

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

let wanted = false;
const listeners = new Set<() => void>();
/** Set while Sonner's Toaster is mounted and subscribed. */
let show: ShowNotice | null = null;
let ready = deferred<ShowNotice>();

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** Called from the effect of the mounted Sonner Toaster (after Sonner's own subscription); returns the cleanup. */
export function toasterMounted(next: ShowNotice) {
  show = next;
  ready.resolve(next);
  return () => {
    if (show !== next) return;
    show = null;
    ready = deferred();
  };
}

/** Shows a titled notice: success is announced politely (`role="status"`), errors at once (`role="alert"`). */
export function notify(kind: NoticeKind, notice: ToastNotice): void {
  if (show) {
    show(kind, notice);
    return;
  }
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void ready.promise.then((mounted) => mounted(kind, notice));
}

/**
 * Mounted once by the root layout. Renders nothing until the first notice; then Sonner's Toaster:
 * bottom right on desktop, top center on phones (clear of the bottom call-to-action bar).
 */
export function Toaster() {
  const on = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!on) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
