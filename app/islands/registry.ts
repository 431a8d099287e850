import type { IslandDefinition } from "~/lib/island";

/**
 * Every island by the name a page marks it with, loaded on demand: a page fetches only the modules of the islands
 * it has. An island called x lives in ./x-island.ts(x), which the budget check relies on (registry.test.ts).
 */
export const islandModules = {
  menu: () => import("./menu-island"),
  carousel: () => import("./carousel-island"),
  stats: () => import("./stats-island"),
  typing: () => import("./typing-island"),
  reveal: () => import("./reveal-island"),
  "lead-form": () => import("./lead-form-island"),
  "not-found-log": () => import("./not-found-log-island"),
} satisfies Record<string, () => Promise<{ island: IslandDefinition<never> }>>;
