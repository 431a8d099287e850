import { revealOnSight } from "~/lib/reveal";
import type { IslandDefinition } from "./island";

/** A section that fades and slides in when first scrolled into view: no React, an observer and a data attribute. */
export const island: IslandDefinition<undefined> = {
  name: "reveal",
  start: (element) => {
    revealOnSight(element);
  },
};
