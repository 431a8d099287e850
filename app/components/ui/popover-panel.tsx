import type * as React from "react";
import { cn } from "~/lib/cn";

/**
 * A panel opened by a `popoverTarget` button, using the browser's Popover API: the platform handles
 * opening, Escape, outside clicks, focus return and the top layer, with or without JavaScript. The menu island
 * (app/islands/menu-island.ts) adds the button's aria-expanded and closes the panel when a link in it is chosen.
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

const popoverItemClass = "flex min-h-11 items-center gap-3 rounded-lg px-3 text-base outline-offset-0";
export const popoverLinkClass = `${popoverItemClass} font-medium text-ink hover:bg-navy-50 hover:text-navy-900`;
/** The current page's entry: not a link, in bold. */
export const popoverCurrentClass = `${popoverItemClass} font-bold text-navy-900`;
