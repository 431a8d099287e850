import type { IslandDefinition } from "~/lib/island";
import { revealOnSight } from "~/lib/reveal";

/** A section that fades and slides in when first scrolled into view: no React, an observer and a data attribute. */
export const island: IslandDefinition<undefined> = {
  name: "reveal",
  start: (element) => {
    revealOnSight(element);
  },
};
