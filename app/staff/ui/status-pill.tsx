import { cn } from "~/lib/cn";

const TONES: Record<string, string> = {
  New: "border-navy-700 bg-navy-50 text-navy-900",
  Won: "border-success bg-green-50 text-green-900",
  Hired: "border-success bg-green-50 text-green-900",
  Lost: "border-line bg-surface text-ink-soft",
  "Not selected": "border-line bg-surface text-ink-soft",
};

/** A lead's status as a labelled pill: the text carries the meaning, the tone only supports it. */
export function StatusPill({ status, className }: { status: string; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        TONES[status] ?? "border-chart-700 bg-chart-50 text-chart-800",
        className,
      )}
    >
      {status}
    </span>
  );
}
