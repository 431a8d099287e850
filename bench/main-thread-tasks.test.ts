import { describe, expect, it } from "vitest";
import { blockingTime, mainThreadTasks, TRACE_ANCHOR, type TraceEvent } from "./main-thread-tasks.ts";

// A task that held the CPU for 40 % of its duration (the rest went to other threads and processes).
const task = (pid: number, ts: number, dur: number): TraceEvent => ({
  name: "RunTask",
  ph: "X",
  pid,
  tid: 1,
  ts,
  dur,
  tdur: dur * 0.4,
});
// The page set its mark 5000 ms after its navigation started, at 5_100_000 µs of the trace's clock.
const anchor: TraceEvent = { name: TRACE_ANCHOR, ph: "R", pid: 9, tid: 1, ts: 5_100_000 };

describe("mainThreadTasks", () => {
  it("reads every task of the page's main thread from its navigation on, rendering-only frames included", () => {
    const events = [
      task(7, 2_000, 90_000), // the blank page before, in another renderer
      task(9, 50_000, 80_000), // before the navigation started: the commit of the page before
      task(9, 400_000, 250_000), // a frame that only lays out and paints: no script, no event
      { name: "Layout", ph: "X", pid: 9, tid: 1, ts: 410_000, dur: 200_000 },
      task(9, 420_000, 100_000), // nested in the frame above
      task(9, 900_000, 60_000),
      task(11, 500_000, 300_000), // another renderer (a page prerendered meanwhile)
      { ...task(9, 600_000, 70_000), tid: 2 }, // another thread of the page's renderer
      anchor,
      task(9, 5_200_000, 55_000),
    ];
    expect(mainThreadTasks(events, 5000)).toEqual([
      { start: 300, duration: 250, cpu: 100 },
      { start: 800, duration: 60, cpu: 24 },
      { start: 5100, duration: 55, cpu: 22 },
    ]);
  });

  it("refuses a trace without the page's mark", () => {
    expect(() => mainThreadTasks([task(9, 400_000, 250_000)], 5000)).toThrow(/no mark/);
  });
});

describe("blockingTime", () => {
  const tasks = [
    { start: 300, duration: 250, cpu: 100 },
    { start: 800, duration: 60, cpu: 24 },
    { start: 900, duration: 40, cpu: 20 },
  ];

  it("counts the part over 50 ms of each task by the wall clock", () => {
    expect(blockingTime(tasks)).toEqual({ blocking: 200 + 10, longTasks: 2 });
  });

  it("reads each task as its CPU time times the slowdown: the wait for the CPU is left out", () => {
    expect(blockingTime(tasks, 4)).toEqual({ blocking: 350 + 46 + 30, longTasks: 3 });
    expect(blockingTime(tasks, 1)).toEqual({ blocking: 50, longTasks: 1 });
  });

  it("refuses a trace without thread time when asked for CPU time, rather than read it as no blocking", () => {
    const { tdur: _, ...untimed } = task(9, 5_200_000, 55_000);
    const read = mainThreadTasks([anchor, untimed], 5000);
    expect(blockingTime(read)).toEqual({ blocking: 5, longTasks: 1 });
    expect(() => blockingTime(read, 4)).toThrow(/thread time/);
  });
});
