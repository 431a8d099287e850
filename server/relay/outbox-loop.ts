/**
 * The claim loop every outbox worker runs (the leads' deliveries, relay-worker.ts, and the messages,
 * mail-worker.ts): claim as many due entries as there are free slots, hand each to `deliver`, and sleep until
 * the next one is due, a slot frees up or `wake()` says new work was committed. Stopping stops claiming, gives the
 * entries in flight `graceMs`, then aborts `signal` so they give their leases back.
 */
export interface OutboxLoop {
  start(): void;
  /** New work was committed: look now instead of at the next poll. */
  wake(): void;
  stop(graceMs: number): Promise<void>;
}

export interface OutboxLoopOptions<Entry> {
  concurrency: number;
  pollMs: number;
  now: () => number;
  /** Leases up to `free` due entries. */
  claim(free: number): Promise<Entry[]>;
  /** Settles when the entry's outcome is recorded (never rejects); `stop` aborts it when the loop stops. */
  deliver(entry: Entry, stop: AbortSignal): Promise<void>;
  /** When the next entry falls due (a leased one when its lease runs out), to sleep exactly as long. */
  nextDueAt(): Promise<number | null>;
  onClaimError(error: unknown): void;
}

export function outboxLoop<Entry>(options: OutboxLoopOptions<Entry>): OutboxLoop {
  const { concurrency, pollMs, now } = options;
  const inFlight = new Set<Promise<void>>();
  const stopping = new AbortController();
  /** Settles when stop() is called: a loop waiting for a free slot must not hold the stop up. */
  const stopRequested = Promise.withResolvers<void>();
  let running = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let wakeRequested = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (wakeRequested) {
        wakeRequested = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, Math.max(0, ms));
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  async function run(): Promise<void> {
    while (running) {
      const free = concurrency - inFlight.size;
      let claimed: Entry[] = [];
      if (free > 0) {
        try {
          claimed = await options.claim(free);
        } catch (error) {
          options.onClaimError(error);
          await sleep(pollMs);
          continue;
        }
      }
      for (const entry of claimed) {
        const task: Promise<void> = options.deliver(entry, stopping.signal).finally(() => {
          inFlight.delete(task);
          // A slot is free, or a retry was just scheduled: let the loop look again.
          self.wake();
        });
        inFlight.add(task);
      }
      if (!running) break;
      if (inFlight.size >= concurrency) {
        await Promise.race([...inFlight, stopRequested.promise]);
        continue;
      }
      if (claimed.length > 0 && claimed.length === free) continue;
      let wait = pollMs;
      try {
        const due = await options.nextDueAt();
        if (due !== null) wait = Math.min(wait, Math.max(5, due - now()));
      } catch {
        // The claim above will report a broken store.
      }
      await sleep(wait);
    }
  }

  const self: OutboxLoop = {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    wake() {
      if (wakeUp) wakeUp();
      else wakeRequested = true;
    },
    async stop(graceMs) {
      running = false;
      stopRequested.resolve();
      wakeUp?.();
      await loop;
      const finished = Promise.allSettled([...inFlight]);
      let grace: NodeJS.Timeout | undefined;
      const timedOut = new Promise<void>((resolve) => {
        grace = setTimeout(resolve, graceMs);
      });
      await Promise.race([finished, timedOut]);
      clearTimeout(grace);
      stopping.abort();
      await finished;
    },
  };
  return self;
}
