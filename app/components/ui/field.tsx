import { CircleAlert } from "lucide-react";
import { Slot } from "radix-ui";
import type * as React from "react";
import { cn } from "~/lib/cn";
import { Label } from "./label";

export interface FieldProps {
  /**
   * The control's id, unique on the page; its helper and error take it as a prefix. Given, not from useId: a form
   * is an island, a React root of its own, whose useId would not match the pre-rendered page's (decision 021).
   */
  id: string;
  /** The control's `name`, as the schema spells it. */
  name: string;
  label: React.ReactNode;
  required?: boolean;
  /** A hint under the control, read out with it. */
  helper?: React.ReactNode;
  error?: string;
  /** `horizontal` puts the control before its label (checkboxes). */
  orientation?: "vertical" | "horizontal";
  className?: string;
  /** One control (Input, Textarea, Select, Checkbox); it receives id, name, required and the aria wiring. */
  children: React.ReactElement;
}

/**
 * A labelled control: label above (or beside a checkbox), helper text, and the error below in the
 * danger colour, tied to the control with `aria-invalid` and `aria-describedby`.
 */
export function Field({
  id,
  name,
  label,
  required = false,
  helper,
  error,
  orientation = "vertical",
  className,
  children,
}: FieldProps) {
  const controlId = id;
  const helperId = helper ? `${id}-helper` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, helperId].filter(Boolean).join(" ") || undefined;

  // Slot merges these into the one child control (Slot's own type knows only HTMLElement attributes).
  const controlProps = {
    id: controlId,
    name,
    required: required || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
  };
  const control = <Slot.Root {...controlProps}>{children}</Slot.Root>;
  const labelText = (
    <>
      {label}
      {required ? <span className="text-danger">*</span> : null}
    </>
  );

  return (
    <div
      data-slot="field"
      data-invalid={error ? "" : undefined}
      className={cn("flex flex-col gap-2", className)}
    >
      {orientation === "horizontal" ? (
        <div className="flex min-h-11 items-start gap-3 py-1">
          <span className="flex h-6 items-center">{control}</span>
          <Label htmlFor={controlId} look="choice">
            {labelText}
          </Label>
        </div>
      ) : (
        <>
          <Label htmlFor={controlId}>{labelText}</Label>
          {control}
        </>
      )}
      {helper ? (
        <p id={helperId} data-slot="field-helper" className="text-sm text-muted">
          {helper}
        </p>
      ) : null}
      {error ? (
        <p
          id={errorId}
          data-slot="field-error"
          className="flex items-start gap-1.5 text-sm font-medium text-danger"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
