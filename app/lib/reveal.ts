import { prefersReducedMotion, watchFirstSight } from "./motion";

/**
 * Fades and slides a section in the first time it scrolls into view.
 * Content is visible by default: only once the page's islands start, with motion allowed, is a section that is
 * still below the fold marked `data-reveal="waiting"` (hidden by CSS) until it is seen. Sections already on
 * screen are left alone, so nothing flashes at load. Returns the cleanup.
 */
export function revealOnSight(element: HTMLElement): () => void {
  if (prefersReducedMotion() || typeof IntersectionObserver === "undefined") return () => {};
  const stop = watchFirstSight(element, {
    offscreen: () => {
      element.dataset.reveal = "waiting";
    },
    seen: () => {
      element.dataset.reveal = "shown";
    },
  });
  return () => {
    stop();
    delete element.dataset.reveal;
  };
}
