import type * as React from "react";
import { cn } from "~/lib/cn";

/**
 * The look every text control shares: 48 px tall, rounded-lg, a hairline border at 3:1 contrast,
 * and a focus ring in the page's accent. Text size and colour are the control's own (file inputs differ). Errors (`aria-invalid`) switch both to the danger colour.
 */
export const controlClass =
  "w-full min-w-0 rounded-lg border border-[#8a94a6] bg-white px-3.5 shadow-xs transition-[border-color,box-shadow] placeholder:text-muted focus-visible:border-(--accent-600) focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-(--accent-600) focus-visible:ring-4 focus-visible:ring-(--accent-100) disabled:cursor-not-allowed disabled:bg-surface disabled:opacity-70 aria-invalid:border-danger aria-invalid:focus-visible:outline-danger aria-invalid:focus-visible:ring-red-100";

export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        controlClass,
        type === "file"
          ? "min-h-12 cursor-pointer py-1.5 pl-1.5 text-sm text-ink-soft file:mr-3 file:h-9 file:cursor-pointer file:rounded-md file:border-0 file:bg-(--accent-50) file:px-3.5 file:text-sm file:font-semibold file:text-(--accent-700) hover:file:bg-(--accent-100)"
          : "h-12 text-base text-ink",
        className,
      )}
      {...props}
    />
  );
}
