import { useEffect, useRef } from "react";
import { prefersReducedMotion, watchFirstSight } from "./motion.ts";

/**
 * Fades and slides a section in the first time it scrolls into view.
 * Content is visible by default: only after hydration, with motion allowed, is a section that is still
 * below the fold marked `data-reveal="waiting"` (hidden by CSS) until it is seen. Sections already on
 * screen are left alone, so nothing flashes at load.
 */
export function useReveal<T extends HTMLElement = HTMLElement>() {
  const ref = useRef<T>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || prefersReducedMotion() || typeof IntersectionObserver === "undefined") return;
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
  }, []);

  return ref;
}
