import { CircleAlert } from "lucide-react";
import { cloneElement, useId } from "react";
import { cn } from "~/lib/cn";

/**
 * The staff app's form controls: the site's look at the app's denser scale (decision 016). They are the
 * staff pages' own, so the public pages' shared chunks never change because a staff page uses a control.
 */
export const staffControlClass =
  "w-full min-w-0 rounded-lg border border-[#8a94a6] bg-white px-3 text-ink shadow-xs focus-visible:border-navy-700 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-navy-700 focus-visible:ring-4 focus-visible:ring-navy-100 disabled:cursor-not-allowed disabled:bg-surface aria-invalid:border-danger";

export const staffLabelClass = "text-sm leading-snug font-semibold text-ink";

/** `dense`: the inbox toolbar's 40 px controls; otherwise 44 px, a touch target on its own. */
const sizes = { dense: "h-10 text-sm", regular: "h-11 text-base" };

export function StaffInput({
  className,
  type = "text",
  dense = false,
  ...props
}: React.ComponentProps<"input"> & { dense?: boolean }) {
  return (
    <input
      type={type}
      className={cn(staffControlClass, sizes[dense ? "dense" : "regular"], className)}
      {...props}
    />
  );
}

/** The 6-digit code from an authenticator app (set-up and sign-in): numeric keypad, one-time-code autofill. */
export function TotpCodeInput(props: React.ComponentProps<"input">) {
  return (
    <StaffInput
      required
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="\s*\d{3}\s*\d{3}\s*"
      maxLength={7}
      className="tracking-widest"
      {...props}
    />
  );
}

export function StaffSelect({
  className,
  dense = false,
  children,
  ...props
}: React.ComponentProps<"select"> & { dense?: boolean }) {
  return (
    <select
      className={cn(staffControlClass, "cursor-pointer", sizes[dense ? "dense" : "regular"], className)}
      {...props}
    >
      {children}
    </select>
  );
}

export function StaffTextarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return (
    <textarea className={cn(staffControlClass, "min-h-24 resize-y py-2 text-sm", className)} {...props} />
  );
}

/**
 * A labelled control: label above, helper text, and the error below in the danger colour with an icon,
 * tied to the control with `aria-invalid` and `aria-describedby`.
 */
export function StaffField({
  name,
  label,
  helper,
  error,
  children,
}: {
  name: string;
  label: React.ReactNode;
  helper?: React.ReactNode;
  error?: string;
  children: React.ReactElement<React.ComponentProps<"input">>;
}) {
  const id = useId();
  const helperId = helper ? `${id}helper` : undefined;
  const errorId = error ? `${id}error` : undefined;
  const control = cloneElement(children, {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [errorId, helperId].filter(Boolean).join(" ") || undefined,
  });
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={staffLabelClass}>
        {label}
      </label>
      {control}
      {helper ? (
        <p id={helperId} className="text-sm text-muted">
          {helper}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-danger">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
