export interface Periodic<T> {
  /** One run now; resolves with its result (null when a run was already in progress, or when it failed). */
  run(): Promise<T | null>;
  /** Stops the schedule and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `task` at once and then every `intervalMs` (on an unref'd timer, so it never keeps the process alive),
 * never two runs at a time. A failed run goes to `onError` and the schedule goes on.
 */
export function startPeriodic<T>(
  task: () => Promise<T>,
  intervalMs: number,
  onError: (error: unknown) => void,
): Periodic<T> {
  let running: Promise<T | null> | undefined;
  const run = (): Promise<T | null> => {
    if (running) return Promise.resolve(null);
    running = task()
      .catch((error: unknown) => {
        onError(error);
        return null;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  void run();
  return {
    run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
