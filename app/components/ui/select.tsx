import { ChevronDown } from "lucide-react";
import type * as React from "react";
import { cn } from "~/lib/cn";
import { controlClass } from "./input";

/**
 * A native select, styled: it posts without JavaScript, and phones show their own picker.
 * `placeholder` becomes an empty first option, so "not chosen" sends an empty value.
 */
export function Select({
  className,
  options,
  optionLabel = (option) => option,
  placeholder,
  value,
  defaultValue = value === undefined ? "" : undefined,
  ...props
}: Omit<React.ComponentProps<"select">, "children"> & {
  options: readonly string[];
  /** What a person reads for an option; the posted value stays the option itself. */
  optionLabel?: (option: string) => string;
  /** false: no empty option, one of the options is always chosen (a lead's status in the staff inbox). */
  placeholder?: string | false;
}) {
  return (
    <div data-slot="select-wrapper" className="relative">
      <select
        data-slot="select"
        value={value}
        defaultValue={defaultValue}
        className={cn(
          controlClass,
          "h-12 cursor-pointer appearance-none pr-10 text-base text-ink",
          className,
        )}
        {...props}
      >
        {placeholder === false ? null : <option value="">{placeholder ?? "Select..."}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-muted"
      />
    </div>
  );
}
