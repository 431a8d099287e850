import type { Step } from "~/content/types";
import { cn } from "~/lib/cn";
import { IconBadge } from "./feature-grid";
import { cardClass } from "./section";

/** A numbered process: an ordered list of cards, side by side on wide screens. */
export function Steps({ items }: { items: Step[] }) {
  return (
    <ol className="grid gap-6 md:grid-cols-3">
      {items.map((step, index) => (
        <li key={step.title} className={cn(cardClass, "relative p-6 md:p-8")}>
          <div className="flex items-center justify-between">
            <IconBadge icon={step.icon} />
            <span className="text-sm font-semibold text-muted tabular">Step {index + 1}</span>
          </div>
          <h3 className="mt-5 text-xl font-semibold text-navy-900">{step.title}</h3>
          <p className="mt-2 text-ink-soft">{step.body}</p>
        </li>
      ))}
    </ol>
  );
}
