import { Button, type ButtonProps } from "~/components/ui/button";
import type { Cta } from "~/content/types";

/** A link to a route, an in-page anchor or an external site (new tab), optionally styled as a button. */
export function CtaLink({
  cta,
  className,
  children,
}: {
  cta: Cta;
  className?: string;
  children?: React.ReactNode;
}) {
  const content = (
    <>
      {children ?? cta.label}
      {cta.srSuffix ? <span className="sr-only"> {cta.srSuffix}</span> : null}
      {cta.external ? <span className="sr-only"> (opens in a new tab)</span> : null}
    </>
  );
  if (cta.external) {
    return (
      <a href={cta.href} target="_blank" rel="noopener noreferrer" className={className}>
        {content}
      </a>
    );
  }
  return (
    <a href={cta.href} className={className}>
      {content}
    </a>
  );
}

export function ActionButton({
  cta,
  variant,
  size = "lg",
  className,
  children,
}: {
  cta: Cta;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <CtaLink cta={cta}>{children}</CtaLink>
    </Button>
  );
}
