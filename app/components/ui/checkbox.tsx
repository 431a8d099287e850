import type * as React from "react";
import { cn } from "~/lib/cn";

/** A native checkbox (it posts without JavaScript), sized for touch and tinted with the accent. */
export function Checkbox({ className, ...props }: Omit<React.ComponentProps<"input">, "type">) {
  return (
    <input
      type="checkbox"
      data-slot="checkbox"
      className={cn(
        "size-5 shrink-0 cursor-pointer rounded accent-(--accent-700) focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--accent-600) aria-invalid:outline-2 aria-invalid:outline-offset-2 aria-invalid:outline-danger",
        className,
      )}
      {...props}
    />
  );
}
