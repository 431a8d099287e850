import { cn } from "~/lib/cn";

const TONES: Record<string, string> = {
  New: "border-navy-700 bg-navy-50 text-navy-900",
  Won: "border-success bg-green-50 text-green-900",
  Hired: "border-success bg-green-50 text-green-900",
  Lost: "border-line bg-surface text-ink-soft",
  "Not selected": "border-line bg-surface text-ink-soft",
};

/**
 * A status as a labelled pill: the text carries the meaning, the tone only supports it. A lead's status has its
 * tone here; another kind of status (an opening's) gives its own `tone`, which replaces the default rather than
 * competing with it (two colour utilities on one element: the stylesheet's order would pick, not the code).
 */
export function StatusPill({ status, tone }: { status: string; tone?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        tone ?? TONES[status] ?? "border-chart-700 bg-chart-50 text-chart-800",
      )}
    >
      {status}
    </span>
  );
}
