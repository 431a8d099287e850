import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type * as React from "react";
import { cn } from "~/lib/cn";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        primary: "bg-(--accent-700) text-white shadow-sm hover:bg-(--accent-800)",
        secondary: "border border-(--accent-700) bg-white text-(--accent-700) hover:bg-(--accent-50)",
        ghost: "text-ink-soft hover:bg-surface hover:text-ink",
        inverse: "bg-white text-navy-900 shadow-sm hover:bg-navy-50",
        /** Outlined in white, beside an inverse button on a dark band. */
        outlineInverse: "border border-white bg-transparent text-white hover:bg-white/10",
      },
      size: {
        sm: "min-h-10 px-4 text-sm",
        md: "min-h-11 px-5 text-base",
        lg: "min-h-12 px-6 text-lg",
      },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);

export type ButtonProps = React.ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (a link) with button styles. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : "button";
  return (
    <Component data-slot="button" className={cn(buttonVariants({ variant, size }), className)} {...props} />
  );
}
