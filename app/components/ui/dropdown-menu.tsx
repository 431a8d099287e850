import { DropdownMenu as Menu } from "radix-ui";
import type * as React from "react";
import { cn } from "~/lib/cn";

/** Radix dropdown: Escape, outside click and choosing an item close it; focus returns to the trigger. */
export const DropdownMenu = Menu.Root;
export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuGroup = Menu.Group;

export function DropdownMenuContent({
  className,
  sideOffset = 8,
  ...props
}: React.ComponentProps<typeof Menu.Content>) {
  return (
    <Menu.Portal>
      <Menu.Content
        data-slot="dropdown-menu-content"
        sideOffset={sideOffset}
        className={cn(
          "z-50 min-w-64 rounded-xl border border-line bg-white p-2 text-ink shadow-card outline-none",
          className,
        )}
        {...props}
      />
    </Menu.Portal>
  );
}

export function DropdownMenuItem({ className, ...props }: React.ComponentProps<typeof Menu.Item>) {
  return (
    <Menu.Item
      data-slot="dropdown-menu-item"
      className={cn(
        "flex min-h-11 cursor-pointer select-none items-center gap-3 rounded-lg px-3 text-base font-medium outline-none data-highlighted:bg-navy-50 data-highlighted:text-navy-900",
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuLabel({ className, ...props }: React.ComponentProps<typeof Menu.Label>) {
  return (
    <Menu.Label
      data-slot="dropdown-menu-label"
      className={cn("px-3 pt-3 pb-1 text-xs font-semibold uppercase tracking-wider text-muted", className)}
      {...props}
    />
  );
}

export function DropdownMenuSeparator({ className, ...props }: React.ComponentProps<typeof Menu.Separator>) {
  return <Menu.Separator className={cn("my-2 h-px bg-line", className)} {...props} />;
}
