import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { describeDue, PROMISE_STATES, promiseState, shortDuration } from "../../staff/due.ts";

// staff/due.ts is the staff app's module; its tests live here because Vitest's projects run server/, not staff/.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const dueAt = Date.parse("2026-03-09T13:30:00Z");

describe("a lead's promise state", () => {
  it("is due while unanswered until the due time has passed, then missed", () => {
    const unanswered = { dueAt, firstResponseAt: null };
    expect(promiseState(unanswered, dueAt - HOUR_MS)).toEqual({ dueAt, respondedAt: null, state: "due" });
    expect(promiseState(unanswered, dueAt).state).toBe("due");
    expect(promiseState(unanswered, dueAt + 1).state).toBe("missed");
  });

  it("is met by a response at the due time, that very millisecond included", () => {
    expect(promiseState({ dueAt, firstResponseAt: dueAt }, dueAt + HOUR_MS)).toEqual({
      dueAt,
      respondedAt: dueAt,
      state: "met",
    });
    expect(promiseState({ dueAt, firstResponseAt: dueAt - HOUR_MS }, dueAt - 30 * MINUTE_MS).state).toBe(
      "met",
    );
  });

  it("stays missed when the response comes after the due time, however late it is read", () => {
    const late = { dueAt, firstResponseAt: dueAt + 1 };
    for (const now of [dueAt + 1, dueAt + HOUR_MS, dueAt + 365 * 24 * HOUR_MS])
      expect(promiseState(late, now)).toEqual({ dueAt, respondedAt: dueAt + 1, state: "missed" });
  });

  it("has the states the staff API names", () => {
    expect(PROMISE_STATES).toEqual(["due", "met", "missed"]);
  });
});

describe("how long is left, in words", () => {
  it.each([
    [dueAt - 25 * MINUTE_MS, "due in 25 min"],
    [dueAt - 25 * MINUTE_MS - 59_000, "due in 25 min"],
    [dueAt - 59 * MINUTE_MS, "due in 59 min"],
    [dueAt - HOUR_MS, "due in 1 h"],
    [dueAt - 3 * HOUR_MS - 59 * MINUTE_MS, "due in 3 h"],
    [dueAt - 30_000, "due in less than 1 min"],
    [dueAt, "due in less than 1 min"],
    [dueAt + 30_000, "less than 1 min overdue"],
    [dueAt + 12 * MINUTE_MS, "12 min overdue"],
    [dueAt + 2 * HOUR_MS + 50 * MINUTE_MS, "2 h overdue"],
    [dueAt + 23 * HOUR_MS, "23 h overdue"],
    [dueAt + 24 * HOUR_MS, "1 d overdue"],
    [dueAt + 3 * 24 * HOUR_MS + 5 * HOUR_MS, "3 d overdue"],
    [dueAt - 2 * 24 * HOUR_MS, "due in 2 d"],
  ])("at %i: %s", (now, words) => {
    expect(describeDue(dueAt, now)).toBe(words);
  });

  it("says a duration in its largest whole unit", () => {
    expect([0, 59_999, MINUTE_MS, 90 * MINUTE_MS, 47 * HOUR_MS].map(shortDuration)).toEqual([
      "less than 1 min",
      "less than 1 min",
      "1 min",
      "1 h",
      "1 d",
    ]);
  });
});

describe("the staff app's copy of the module", () => {
  it("imports nothing, so it adds only itself to the staff app's JavaScript", () => {
    const source = readFileSync(new URL("../../staff/due.ts", import.meta.url), "utf8");
    expect(source).not.toMatch(/^\s*(import|export .* from)\b/m);
    expect(source).not.toMatch(/\bimport\(/);
  });
});
