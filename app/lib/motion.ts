/** True when the visitor asked for less motion; false during pre-rendering (there is no window then). */
export function prefersReducedMotion(): boolean {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return false;
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export interface FirstSightHandlers {
  /** The element started out of view: put it in its waiting state. */
  offscreen: () => void;
  /** The element came into view (with `threshold` of it showing) for the first time. */
  seen: () => void;
}

/**
 * Watches an element for the first time it is seen. An element that starts on screen is left alone;
 * one that starts out of view gets `offscreen` at once and `seen` when it scrolls in.
 * Where it starts comes from the observer's first report, not from measuring it, so hydration never forces
 * a layout. Returns the cleanup.
 */
export function watchFirstSight(
  element: Element,
  { offscreen, seen }: FirstSightHandlers,
  threshold = 0,
): () => void {
  let started = false;
  const observer = new IntersectionObserver(
    (entries) => {
      const entry = entries.at(-1);
      if (!entry) return;
      if (!started) {
        started = true;
        if (entry.isIntersecting) observer.disconnect();
        else offscreen();
        return;
      }
      if (entry.isIntersecting && entry.intersectionRatio >= threshold) {
        observer.disconnect();
        seen();
      }
    },
    { threshold: threshold > 0 ? [0, threshold] : 0 },
  );
  observer.observe(element);
  return () => observer.disconnect();
}
