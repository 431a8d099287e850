import type * as React from "react";
import { useEffect, useRef, useState } from "react";
import { cn } from "~/lib/cn";

/**
 * A panel opened by a `popoverTarget` button, using the browser's Popover API: the platform handles
 * opening, Escape, outside clicks, focus return and the top layer, with or without JavaScript.
 */
export function PopoverPanel({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      popover="auto"
      data-slot="popover-panel"
      className={cn(
        "m-0 min-w-64 rounded-xl border border-line bg-white p-2 text-ink shadow-card",
        "opacity-100 transition-[opacity,translate] duration-200 ease-out starting:opacity-0 starting:-translate-y-1 motion-reduce:transition-none",
        className,
      )}
      {...props}
    />
  );
}

/** Closes the panel a link sits in (a client-side navigation does not dismiss a popover by itself). */
export function closeEnclosingPopover(event: React.MouseEvent<HTMLElement>) {
  const panel = event.currentTarget.closest<HTMLElement>("[popover]");
  panel?.hidePopover?.();
}

const popoverItemClass = "flex min-h-11 items-center gap-3 rounded-lg px-3 text-base outline-offset-0";
export const popoverLinkClass = `${popoverItemClass} font-medium text-ink hover:bg-navy-50 hover:text-navy-900`;
/** The current page's entry: not a link, in bold. */
export const popoverCurrentClass = `${popoverItemClass} font-bold text-navy-900`;

/**
 * Mirrors the panel's open state onto its button as aria-expanded, for assistive technology that
 * does not derive it from popoverTarget. React does not wire popovers' toggle event, so listen natively.
 */
export function usePopoverExpanded() {
  const panelRef = useRef<HTMLDivElement>(null);
  // Left out of the pre-rendered HTML, so until hydration the browser reports the popover's own state.
  const [expanded, setExpanded] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const onToggle = (event: Event) => setExpanded((event as ToggleEvent).newState === "open");
    panel.addEventListener("toggle", onToggle);
    // The panel works before hydration (decision 008): it may already be open when React arrives.
    // Browsers without the Popover API reject the selector; their panel cannot have opened natively.
    try {
      setExpanded(panel.matches(":popover-open"));
    } catch {
      setExpanded(false);
    }
    return () => panel.removeEventListener("toggle", onToggle);
  }, []);
  return { expanded, panelRef };
}
