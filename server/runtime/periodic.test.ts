import { afterEach, describe, expect, it, vi } from "vitest";
import { startPeriodic } from "./periodic.ts";

afterEach(() => vi.useRealTimers());

describe("startPeriodic", () => {
  it("runs at once and then on every interval, never two runs at a time", async () => {
    vi.useFakeTimers();
    let release: () => void = () => {};
    let runs = 0;
    const periodic = startPeriodic(
      () => {
        runs += 1;
        return new Promise<number>((resolve) => (release = () => resolve(runs)));
      },
      1000,
      () => undefined,
    );
    expect(runs).toBe(1);
    // While the first run is in progress, neither the timer nor a caller starts another.
    await vi.advanceTimersByTimeAsync(1000);
    expect(await periodic.run()).toBeNull();
    expect(runs).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    release();
    await periodic.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(2);
  });

  it("hands a failed run to onError and goes on with the schedule", async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let runs = 0;
    const periodic = startPeriodic(
      async () => {
        runs += 1;
        if (runs === 1) throw new Error("store unavailable");
        return runs;
      },
      1000,
      (error) => errors.push(error),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual([new Error("store unavailable")]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    expect(await periodic.run()).toBe(3);
    await periodic.stop();
  });

  it("stop waits for the run in progress", async () => {
    let finished = false;
    const periodic = startPeriodic(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        finished = true;
      },
      60_000,
      () => undefined,
    );
    await periodic.stop();
    expect(finished).toBe(true);
  });
});
