import { useCallback, useSyncExternalStore } from "react";

/** Below the spec's 768 px breakpoint: phones. */
export const PHONE_QUERY = "(max-width: 767.98px)";

const matches = (query: string) =>
  typeof window.matchMedia === "function" && window.matchMedia(query).matches;

/** Whether a media query matches now, following its changes; false where there is no window (pre-rendering). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== "function") return () => {};
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => matches(query),
    () => false,
  );
}
