/**
 * The main thread's tasks of one page load, read from a Chromium trace (bench:hydration's blocking time). The
 * Long Tasks API is not enough for that: Chromium reports a task to it only when the task runs script or
 * dispatches an event, so a frame that only styles, lays out and paints a long page goes unreported, and
 * whether the page's first layout falls in such a frame or in a task with script decided the figure
 * (docs/performance.md, "The blocking benchmark missed the frames that lay out the page", has their lengths).
 * The trace has every task, as Lighthouse's TBT reads it.
 */

/** The trace categories {@link mainThreadTasks} reads (the tasks, the page's mark): no more, as tracing slows both. */
export const TRACE_CATEGORIES = ["disabled-by-default-devtools.timeline", "blink.user_timing"];

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** Microseconds. */
  ts: number;
  dur?: number;
  /** The thread's CPU time over the event, in microseconds: `dur` less the time the thread was not running. */
  tdur?: number;
}

export interface MainThreadTask {
  /** ms after the page's navigation start (`performance.timeOrigin`'s moment). */
  start: number;
  duration: number;
  /** ms of CPU time the thread spent on it: its duration less the time other threads held the CPU (NaN: untimed). */
  cpu: number;
}

/** The name of the mark {@link markForTrace} sets in the page. */
export const TRACE_ANCHOR = "bench-trace-anchor";

/**
 * In the page (its main thread is the one that records the mark): sets a mark that ties the page's clock to the
 * trace's, and returns its time. Chromium's own navigationStart event is missing from some traces, or carries no
 * URL, when the page's renderer started during the navigation.
 */
export function markForTrace(name: string): number {
  return performance.mark(name).startTime;
}

/**
 * Every top-level task of the page's main thread from its navigation start on, in order: the thread and the
 * clock come from the mark {@link markForTrace} set at `anchorTime` ms of the page's clock. Tasks of other
 * threads and processes (the blank page before, another page prerendered) and tasks nested inside another are
 * left out.
 */
export function mainThreadTasks(
  events: TraceEvent[],
  anchorTime: number,
  anchor = TRACE_ANCHOR,
): MainThreadTask[] {
  const mark = events.find((event) => event.name === anchor);
  if (!mark) throw new Error(`the trace has no mark "${anchor}" from the page`);
  const navigationStart = mark.ts - anchorTime * 1000;
  const tasks = events
    .filter(
      (event) =>
        event.name === "RunTask" &&
        event.ph === "X" &&
        event.pid === mark.pid &&
        event.tid === mark.tid &&
        event.ts >= navigationStart,
    )
    .sort((a, b) => a.ts - b.ts);
  const topLevel: MainThreadTask[] = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const task of tasks) {
    const taskEnd = task.ts + (task.dur ?? 0);
    if (taskEnd <= end) continue;
    end = taskEnd;
    topLevel.push({
      start: (task.ts - navigationStart) / 1000,
      duration: (task.dur ?? 0) / 1000,
      cpu: task.tdur === undefined ? Number.NaN : task.tdur / 1000,
    });
  }
  return topLevel;
}

/** A task longer than this blocks input for the part over it (Lighthouse's TBT). */
const LONG_TASK_MS = 50;

/**
 * The blocking time of `tasks` (the part over {@link LONG_TASK_MS} of each) and how many are long. With
 * `cpuSlowdown`, a task's length is its CPU time times that factor: its length on a CPU that much slower which
 * nothing else shares. Without it, a task's length is its wall time.
 */
export function blockingTime(tasks: MainThreadTask[], cpuSlowdown?: number) {
  if (cpuSlowdown !== undefined && tasks.some((task) => Number.isNaN(task.cpu)))
    throw new Error("the trace has no thread time (tdur) for a task of the page: its CPU time is unknown");
  const lengths = tasks.map((task) => (cpuSlowdown === undefined ? task.duration : task.cpu * cpuSlowdown));
  return {
    blocking: lengths.reduce((sum, length) => sum + Math.max(0, length - LONG_TASK_MS), 0),
    longTasks: lengths.filter((length) => length > LONG_TASK_MS).length,
  };
}
