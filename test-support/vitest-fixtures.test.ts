import { existsSync } from "node:fs";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { DIALECTS } from "./test-database.ts";
import { databaseFixture, storeFixture } from "./vitest-fixtures.ts";

describe.each(DIALECTS)("a store for each test on %s", (dialect) => {
  const { database, store } = storeFixture(dialect, "fixture-each", { per: "test" });
  const seen: string[] = [];
  const readWhileDeclared = (() => {
    try {
      return store.intake;
    } catch (error) {
      return error;
    }
  })();

  it("stands for nothing while the block is declared", () => {
    expect(readWhileDeclared).toEqual(
      new Error("the fixture-each store is open only while the block's tests run"),
    );
  });

  it("opens a fresh, empty store for the first test", async () => {
    seen.push(database.dataDir);
    expect(await store.operations.list({})).toEqual([]);
    await store.intake.acceptLead({
      id: "0199b2c4-1e00-7000-8000-000000000001",
      formId: "payroll-info",
      state: "pending",
      fields: { name: "Ada", email: "ada@example.com" },
      createdAt: Date.now(),
    });
    expect(await store.operations.list({})).toHaveLength(1);
  });

  it("and another for the next, the first one dropped", async () => {
    seen.push(database.dataDir);
    expect(seen[0]).not.toBe(seen[1]);
    expect(existsSync(seen[0] ?? "")).toBe(false);
    expect(await store.operations.list({})).toEqual([]);
  });

  // The block's own after-hooks still find it open: the fixture closes after them.
  afterEach(async () => {
    await store.operations.list({});
  });
});

describe.each(DIALECTS)("a database for the block on %s", (dialect) => {
  const database = databaseFixture(dialect, "fixture-block");
  const seen: string[] = [];

  it("is the same in every test of the block", () => {
    seen.push(database.dataDir);
    expect(existsSync(database.dataDir)).toBe(true);
  });

  it("still the same", () => {
    expect(database.dataDir).toBe(seen[0]);
  });

  afterAll(() => {
    expect(existsSync(seen[0] ?? "")).toBe(true);
  });
});
