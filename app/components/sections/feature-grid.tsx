import type { Feature } from "~/content/types";
import { cn } from "~/lib/cn";
import { cardClass } from "./section";

const columnClass = {
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
  5: "sm:grid-cols-2 lg:grid-cols-5",
} as const;

/** Cards with an icon, a title (h3) and a short body. */
export function FeatureGrid({
  items,
  columns = 3,
}: {
  items: Feature[];
  columns?: keyof typeof columnClass;
}) {
  return (
    <ul className={cn("grid gap-6", columnClass[columns])}>
      {items.map((item) => (
        // On phones the icon sits beside the text, so a stack of cards stays short.
        <li key={item.title} className={cn(cardClass, "flex gap-4 p-5 sm:block sm:p-6")}>
          <IconBadge icon={item.icon} className="shrink-0" />
          <div>
            <h3 className="text-lg font-semibold text-navy-900 sm:mt-4">{item.title}</h3>
            <p className="mt-1 text-ink-soft sm:mt-2">{item.body}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function IconBadge({
  icon: Icon,
  size = "md",
  className,
}: {
  icon: Feature["icon"];
  size?: "md" | "lg";
  className?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center justify-center rounded-xl bg-(--accent-50) text-(--accent-700)",
        size === "md" ? "size-12" : "size-14",
        className,
      )}
    >
      <Icon aria-hidden className="size-6" />
    </span>
  );
}

/** A list with check marks, for short points. */
export function CheckList({ items, className }: { items: string[]; className?: string }) {
  return (
    <ul className={cn("space-y-3", className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-ink-soft">
          <svg viewBox="0 0 20 20" aria-hidden className="mt-1 size-5 shrink-0 text-(--accent-700)">
            <circle cx="10" cy="10" r="10" fill="currentColor" opacity="0.12" />
            <path
              d="m6 10.2 2.6 2.6L14 7.4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
