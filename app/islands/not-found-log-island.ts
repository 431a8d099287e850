import type { IslandDefinition } from "~/lib/island";

/** The 404 page names the path the visitor asked for on the console (the spec's wording). */
export const island: IslandDefinition<undefined> = {
  name: "not-found-log",
  start: () => console.error("404 Error: User attempted to access non-existent route:", location.pathname),
};
