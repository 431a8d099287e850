import { prefersReducedMotion, watchFirstSight } from "./motion";

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
 * Counts the figure in `element` from 0 to the target once, when it is first seen.
 * The pre-rendered HTML shows the final figure, so visitors without JavaScript or with reduced motion read it as is;
 * once the page's islands start, a counter still below the fold is reset to 0 and waits to be seen; one already on
 * screen keeps its figure, with no flash. Returns the cleanup.
 */
export function countUpOnSight(element: HTMLElement, options: CountUpOptions): () => void {
  const { target, durationMs, threshold = 0.3, animate = true } = options;
  if (!animate || prefersReducedMotion() || typeof IntersectionObserver === "undefined") return () => {};
  const show = (value: number) => {
    element.textContent = formatCount(value, options);
  };
  let frame = 0;
  const stop = watchFirstSight(
    element,
    {
      offscreen: () => show(0),
      seen: () => {
        let start: number | undefined;
        const tick = (now: number) => {
          start ??= now;
          const elapsed = now - start;
          show(countValueAt(elapsed, durationMs, target));
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
    show(target);
  };
}
