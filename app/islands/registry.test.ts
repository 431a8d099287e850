import { describe, expect, it } from "vitest";
import { islandModules } from "./registry";

describe("the island registry", () => {
  it.each(Object.keys(islandModules) as (keyof typeof islandModules)[])(
    "loads %s from its own module, whose island carries that name",
    async (name) => {
      const load = islandModules[name];
      // The budget check finds an island's built chunk by its module's name, x-island (scripts/check-budget.ts).
      expect(String(load)).toMatch(new RegExp(`/${name}-island\\.tsx?\\b`));
      expect((await load()).island.name).toBe(name);
    },
    // The lead form's module brings React DOM and the form: seconds to transform on a busy machine.
    20_000,
  );
});
