import { sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { DIALECTS } from "../../test-support/test-database.ts";
import { storeFixture } from "../../test-support/vitest-fixtures.ts";
import { precompiled } from "./precompiled.ts";

describe.each(DIALECTS)("a precompiled statement on %s", (dialect) => {
  const { store } = storeFixture(dialect, "precompiled");

  it("is built and compiled once per dialect, then runs with each call's values in their places", async () => {
    const build = vi.fn((db, value) =>
      db.selectNoFrom([
        value("name").as("name"),
        sql<number>`cast(${value("count")} as integer) + 1`.as("next"),
        value("name").as("again"),
      ]),
    );
    const echo = precompiled<{ count: number; name: string }>(build);
    const { db } = store.authDatabase;
    const dialectKey = {};
    const first = await echo(db, dialectKey, { name: "Ada", count: 1 });
    const second = await echo(db, dialectKey, { count: 41, name: "Grace" });
    expect(first.rows).toEqual([{ name: "Ada", next: 2, again: "Ada" }]);
    expect(second.rows).toEqual([{ name: "Grace", next: 42, again: "Grace" }]);
    expect(build).toHaveBeenCalledTimes(1);
    await echo(db, {}, { name: "Alan", count: 0 });
    expect(build).toHaveBeenCalledTimes(2);
  });

  it("refuses a statement that binds a value not given by name, before it runs", async () => {
    const frozen = precompiled<{ name: string }>((db, value) =>
      db.selectNoFrom([value("name").as("name"), sql`${"a value of the first call"}`.as("fixed")]),
    );
    await expect(frozen(store.authDatabase.db, {}, { name: "Ada" })).rejects.toThrow(
      /binds a value not given by name/,
    );
  });
});
