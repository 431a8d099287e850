import { useEffect } from "react";

/** j/k or the arrow keys move through the list's lead links (LeadLink's data-lead-link); Enter opens one. */
export function useListKeys() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, select, textarea, dialog")) return;
      const step = { j: 1, ArrowDown: 1, k: -1, ArrowUp: -1 }[event.key];
      if (!step) return;
      const links = [...document.querySelectorAll<HTMLAnchorElement>("a[data-lead-link]")];
      if (links.length === 0) return;
      event.preventDefault();
      const current = links.indexOf(document.activeElement as HTMLAnchorElement);
      const next = current === -1 ? (step > 0 ? 0 : links.length - 1) : current + step;
      links[Math.min(links.length - 1, Math.max(0, next))]?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}
