import type * as React from "react";
import { cn } from "~/lib/cn";
import { controlClass } from "./input";

export function Textarea({ className, rows = 4, ...props }: React.ComponentProps<"textarea">) {
  return (
    <textarea
      data-slot="textarea"
      rows={rows}
      className={cn(controlClass, "min-h-28 resize-y py-3 text-base leading-normal text-ink", className)}
      {...props}
    />
  );
}
