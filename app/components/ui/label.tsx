import { Label as LabelPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "~/lib/cn";

const looks = {
  /** Above a text control. */
  field: "text-sm leading-snug font-semibold text-ink",
  /** Beside a checkbox: reads as the sentence the box agrees to. */
  choice: "cursor-pointer text-base leading-6 font-normal text-ink-soft",
};

export function Label({
  className,
  look = "field",
  ...props
}: React.ComponentProps<typeof LabelPrimitive.Root> & { look?: keyof typeof looks }) {
  return (
    <LabelPrimitive.Root data-slot="label" className={cn("select-none", looks[look], className)} {...props} />
  );
}
