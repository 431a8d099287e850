import type { Stat } from "~/content/types";
import { cn } from "~/lib/cn";
import { formatCount } from "~/lib/count-up";
import { islandAttributes } from "~/lib/island";

export interface StatsGridProps {
  items: Stat[];
  /** Counting time (spec, section 9): 1500 ms on home and CareStaff, 2000 ms elsewhere. */
  durationMs: number;
  /** Share of a figure that must be visible before it counts. */
  threshold?: number;
  tone?: "light" | "dark" | "card";
  className?: string;
}

const columns: Record<number, string> = {
  1: "",
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
};

/** Large figures with labels; animated ones count up once, when first seen (their island, stats-island.ts). */
export function StatsGrid({ items, durationMs, threshold, tone = "light", className }: StatsGridProps) {
  const counts = items.some((stat) => stat.animate);
  return (
    <dl
      {...(counts && islandAttributes("stats", { items, durationMs, threshold }))}
      className={cn("grid gap-6", columns[items.length] ?? "sm:grid-cols-3", className)}
    >
      {items.map((stat) => (
        <div
          key={stat.label}
          className={cn(
            "flex flex-col-reverse gap-2 text-center",
            tone === "card" && "rounded-2xl border border-line bg-white p-6 shadow-card",
          )}
        >
          <dt className={cn("text-base font-medium", tone === "dark" ? "text-navy-100" : "text-ink-soft")}>
            {stat.label}
          </dt>
          <dd>
            <StatValue stat={stat} dark={tone === "dark"} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function StatValue({ stat, dark }: { stat: Stat; dark: boolean }) {
  const final = formatCount(stat.value, stat);
  return (
    <>
      {/* The counting figure is for the eye; assistive technology reads the final figure once. */}
      <span
        aria-hidden
        data-slot="stat-value"
        data-final={final}
        className={cn(
          "block text-4xl font-bold tracking-tight tabular md:text-5xl",
          dark ? "text-white" : "text-(--accent-700)",
        )}
      >
        {final}
      </span>
      <span className="sr-only">{final}</span>
    </>
  );
}
