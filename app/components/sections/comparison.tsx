import { CircleCheck, CircleX } from "lucide-react";
import type { Feature } from "~/content/types";
import { cn } from "~/lib/cn";
import { card } from "./section";

interface Column {
  title: string;
  items: { icon: Feature["icon"]; text: string }[];
}

/** Two columns: the problem as it is today, and the same points solved. */
export function Comparison({ problem, solution }: { problem: Column; solution: Column }) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <ComparisonColumn column={problem} tone="problem" />
      <ComparisonColumn column={solution} tone="solution" />
    </div>
  );
}

function ComparisonColumn({ column, tone }: { column: Column; tone: "problem" | "solution" }) {
  const Mark = tone === "problem" ? CircleX : CircleCheck;
  return (
    <div className={cn(card(tone === "problem" ? "quiet" : "accent"), "p-6 md:p-8")}>
      <h3 className="flex items-center gap-3 text-xl font-semibold text-navy-900">
        <Mark
          aria-hidden
          className={cn("size-6", tone === "problem" ? "text-muted" : "text-(--accent-700)")}
        />
        {column.title}
      </h3>
      <ul className="mt-6 space-y-5">
        {column.items.map(({ icon: Icon, text }) => (
          <li key={text} className="flex gap-4">
            <span
              className={cn(
                "inline-flex size-10 shrink-0 items-center justify-center rounded-lg",
                tone === "problem" ? "bg-white text-ink-soft" : "bg-(--accent-50) text-(--accent-700)",
              )}
            >
              <Icon aria-hidden className="size-5" />
            </span>
            <span className="pt-2 text-ink-soft">{text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
