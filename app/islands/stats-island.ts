import type { Stat } from "~/content/types";
import { countUpOnSight } from "~/lib/count-up";
import type { IslandDefinition } from "~/lib/island";

/** A strip of figures: each animated one counts up from 0 the first time it is seen. */
export const island: IslandDefinition<{ items: Stat[]; durationMs: number; threshold?: number }> = {
  name: "stats",
  start: (element, { items, durationMs, threshold }) => {
    const figures = element.querySelectorAll<HTMLElement>('[data-slot="stat-value"]');
    items.forEach((stat, index) => {
      const figure = figures[index];
      if (figure) countUpOnSight(figure, { ...stat, target: stat.value, durationMs, threshold });
    });
  },
};
