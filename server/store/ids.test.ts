import { describe, expect, it } from "vitest";
import { newId } from "./ids.ts";

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("newId", () => {
  it("is a UUIDv7 whose first 48 bits are the time in milliseconds", () => {
    const at = Date.UTC(2026, 10, 24, 2, 3, 4, 567);
    const id = newId(at);
    expect(id).toMatch(V7);
    expect(Number.parseInt(id.replace("-", "").slice(0, 12), 16)).toBe(at);
  });

  it("sorts by time, so new rows append to an index", () => {
    const ids = [1_000, 2_000, 1_700_000_000_000, 1_800_000_000_000].map((at) => newId(at));
    expect([...ids].sort()).toEqual(ids);
  });

  it("keeps its random part random within one millisecond", () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newId(1_800_000_000_000)));
    expect(ids.size).toBe(10_000);
  });
});
