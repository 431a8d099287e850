interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a task of its own, so the browser can take input and paint between two pieces of start-up work:
 * `scheduler.yield()` where there is one (it resumes ahead of other queued tasks), otherwise a zero timeout.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
