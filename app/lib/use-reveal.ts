import { useLayoutEffect, useRef } from "react";
import { isInViewport, prefersReducedMotion } from "./reduced-motion.ts";

// Layout effects do not run during pre-rendering; this keeps React quiet about it.
const useIsomorphicLayoutEffect = typeof window === "undefined" ? () => {} : useLayoutEffect;

/**
 * Fades and slides a section in the first time it scrolls into view.
 * Content is visible by default: only after hydration, with motion allowed, is a section that is still
 * below the fold marked `data-reveal="waiting"` (hidden by CSS) until it is seen. Sections already on
 * screen are left alone, so nothing flashes at load.
 */
export function useReveal<T extends HTMLElement = HTMLElement>() {
  const ref = useRef<T>(null);

  useIsomorphicLayoutEffect(() => {
    const element = ref.current;
    if (!element || prefersReducedMotion() || typeof IntersectionObserver === "undefined") return;
    if (isInViewport(element)) return;

    element.dataset.reveal = "waiting";
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        element.dataset.reveal = "shown";
      },
      { rootMargin: "0px 0px -8% 0px" },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      delete element.dataset.reveal;
    };
  }, []);

  return ref;
}
