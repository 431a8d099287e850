import { useId } from "react";
import type { SectionCopy } from "~/content/types";
import { cn } from "~/lib/cn";
import { islandAttributes } from "~/lib/island";

const tones = {
  white: "bg-white",
  surface: "bg-surface",
  accent: "bg-(--accent-50)",
  dark: "bg-navy-900 text-white",
} as const;

export type SectionTone = keyof typeof tones;

export interface SectionProps {
  id?: string;
  copy?: SectionCopy;
  tone?: SectionTone;
  align?: "center" | "left";
  /** Extra classes for the inner container. */
  className?: string;
  children?: React.ReactNode;
}

/** A page section: its h2 header from content, then the body; the body fades in when scrolled into view. */
export function Section({ id, copy, tone = "white", align = "center", className, children }: SectionProps) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={copy ? headingId : undefined}
      className={cn("py-16 md:py-24", tones[tone])}
    >
      <div
        {...islandAttributes("reveal")}
        className={cn("mx-auto max-w-7xl px-4 sm:px-6 lg:px-8", className)}
      >
        {copy ? (
          <SectionHeader copy={copy} headingId={headingId} align={align} inverse={tone === "dark"} />
        ) : null}
        {children}
      </div>
    </section>
  );
}

export function SectionHeader({
  copy,
  headingId,
  align = "center",
  inverse = false,
}: {
  copy: SectionCopy;
  headingId?: string;
  align?: "center" | "left";
  inverse?: boolean;
}) {
  const showEyebrow = copy.eyebrow && copy.eyebrow !== copy.title;
  return (
    <header className={cn("mb-10 max-w-3xl md:mb-14", align === "center" && "mx-auto text-center")}>
      {showEyebrow ? <Eyebrow inverse={inverse}>{copy.eyebrow}</Eyebrow> : null}
      <h2
        id={headingId}
        className={cn(
          "text-3xl font-bold md:text-4xl",
          inverse ? "text-white" : "text-navy-900",
          showEyebrow && "mt-3",
        )}
      >
        {copy.title}
      </h2>
      {copy.intro ? (
        <p className={cn("mt-4 text-lg", inverse ? "text-navy-100" : "text-ink-soft")}>{copy.intro}</p>
      ) : null}
    </header>
  );
}

export function Eyebrow({ children, inverse = false }: { children: React.ReactNode; inverse?: boolean }) {
  return (
    <p
      className={cn(
        "text-sm font-semibold tracking-wide uppercase",
        inverse ? "text-(--accent-100)" : "text-(--accent-700)",
      )}
    >
      {children}
    </p>
  );
}

const cardLooks = {
  /** White, hairline border, soft shadow: the default. */
  raised: "border border-line bg-white shadow-card",
  /** Without the shadow, for cards inside a carousel or beside a raised one. */
  flat: "border border-line bg-white",
  /** On the page tint: the "before" side of a comparison. */
  quiet: "border border-line bg-surface",
  /** Outlined in the page's accent: the "after" side of a comparison. */
  accent: "border border-(--accent-100) bg-white shadow-card ring-1 ring-(--accent-100)",
  /** A heavier accent border: the recommended plan. */
  featured: "border-2 border-(--accent-700) bg-white shadow-card",
};

/** The card surface every section shares, rounded, in one of its looks (each complete, none overriding). */
export const card = (look: keyof typeof cardLooks = "raised") => `rounded-2xl ${cardLooks[look]}`;

export const cardClass = card();
