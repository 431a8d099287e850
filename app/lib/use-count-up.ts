import { useEffect, useRef, useState } from "react";
import { prefersReducedMotion, watchFirstSight } from "./motion.ts";

export interface CountUpOptions {
  target: number;
  durationMs: number;
  /** Share of the element that must be visible before counting starts (0 to 1). */
  threshold?: number;
  decimals?: number;
  prefix?: string;
  suffix?: string;
  /** Static figures skip the animation but share the formatting. */
  animate?: boolean;
}

/** Ease-out cubic: fast at first, settling gently on the target. */
export const easeOutCubic = (progress: number) => 1 - (1 - progress) ** 3;

/** The counter's value a given time after it started. */
export function countValueAt(elapsedMs: number, durationMs: number, target: number): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return target;
  return target * easeOutCubic(Math.max(0, elapsedMs) / durationMs);
}

export function formatCount(
  value: number,
  { decimals = 0, prefix = "", suffix = "" }: Partial<CountUpOptions>,
) {
  return `${prefix}${value.toFixed(decimals)}${suffix}`;
}

/**
 * Counts from 0 to the target once, when the element is first seen.
 * The first render shows the final figure, so the pre-rendered HTML and reduced-motion visitors read it as is;
 * after hydration a counter still below the fold is reset to 0 and waits to be seen.
 */
export function useCountUp<T extends Element = HTMLElement>(options: CountUpOptions) {
  const { target, durationMs, threshold = 0.3, animate = true } = options;
  const ref = useRef<T>(null);
  const [value, setValue] = useState(target);

  useEffect(() => {
    const element = ref.current;
    if (!animate || !element || prefersReducedMotion() || typeof IntersectionObserver === "undefined") return;
    let frame = 0;
    const stop = watchFirstSight(
      element,
      {
        // Only a counter that starts below the fold drops to 0; one on screen keeps its figure, no flash.
        offscreen: () => setValue(0),
        seen: () => {
          let start: number | undefined;
          const tick = (now: number) => {
            start ??= now;
            const elapsed = now - start;
            setValue(countValueAt(elapsed, durationMs, target));
            if (elapsed < durationMs) frame = requestAnimationFrame(tick);
          };
          frame = requestAnimationFrame(tick);
        },
      },
      threshold,
    );
    return () => {
      stop();
      cancelAnimationFrame(frame);
      setValue(target);
    };
  }, [animate, durationMs, target, threshold]);

  return { ref, value, text: formatCount(value, options) };
}
