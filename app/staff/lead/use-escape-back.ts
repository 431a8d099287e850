import { useLayoutEffect } from "react";
import { useNavigate } from "react-router";

/**
 * Escape goes back to `to` (the list a lead was opened from), unless the person is typing or in a menu. A layout
 * effect, so the key works from the first frame the page is on screen: a passive effect can run after that paint.
 */
export function useEscapeBack(to: string) {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      if ((event.target as HTMLElement | null)?.closest("input, select, textarea, [role=dialog]")) return;
      navigate(to);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [to, navigate]);
}
