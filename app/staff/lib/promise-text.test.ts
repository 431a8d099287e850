import { describe, expect, it } from "vitest";
import { isOverdue, promiseText } from "./format";

// The inbox's and the lead page's words for a promise, at an injected clock.
const dueAt = "2026-11-23T15:00:00.000Z";
const due = Date.parse(dueAt);
const MINUTE = 60_000;

describe("a promise in words", () => {
  it.each([
    [due - 25 * MINUTE, "due in 25 min"],
    [due - 3 * 60 * MINUTE - 59 * MINUTE, "due in 3 h"],
    [due, "due in less than 1 min"],
    [due + 2 * 60 * MINUTE + 10 * MINUTE, "2 h overdue"],
    [due + 50 * 60 * MINUTE, "2 d overdue"],
  ])("unanswered, at %i: %s", (now, words) => {
    expect(promiseText({ dueAt, respondedAt: null, state: now > due ? "missed" : "due" }, now)).toBe(words);
  });

  it("is overdue by the clock even when the answer was read while still due", () => {
    const read = { dueAt, respondedAt: null, state: "due" as const };
    expect(promiseText(read, due + 5 * MINUTE)).toBe("5 min overdue");
    expect(isOverdue(read, due + 5 * MINUTE)).toBe(true);
    expect(isOverdue(read, due)).toBe(false);
  });

  it("says how an answered promise went, whatever the time now", () => {
    const later = due + 10 * 24 * 60 * MINUTE;
    const met = { dueAt, respondedAt: new Date(due - MINUTE).toISOString(), state: "met" as const };
    expect(promiseText(met, later)).toBe("Answered in time");
    expect(isOverdue(met, later)).toBe(false);
    const late = { dueAt, respondedAt: new Date(due + 90 * MINUTE).toISOString(), state: "missed" as const };
    expect(promiseText(late, later)).toBe("Answered 1 h late");
  });
});
