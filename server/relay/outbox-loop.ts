/**
 * The outbox worker's claim loop (outbox-worker.ts), over every table it serves (the leads' deliveries, the mail
 * outbox): claim as many due entries as there are free slots, hand each to `deliver`, and sleep until the next one
 * is due, a slot frees up or `wake()` says new work was committed. The slots are shared: each round another table
 * is asked first, so a backlog in one does not hold the other's entries back. Stopping stops claiming, gives the
 * entries in flight `graceMs`, then aborts `signal` so they give their leases back.
 */
export interface OutboxLoop {
  start(): void;
  /** New work was committed: look now instead of at the next poll. */
  wake(): void;
  stop(graceMs: number): Promise<void>;
}

/** One table the loop claims from. */
export interface OutboxSource<Entry> {
  /** Leases up to `free` due entries. */
  claim(free: number): Promise<Entry[]>;
  /** When the next entry falls due (a leased one when its lease runs out), to sleep exactly as long. */
  nextDueAt(): Promise<number | null>;
  onClaimError(error: unknown): void;
}

export interface OutboxLoopOptions<Entry> {
  /** Entries in flight at once, whichever table they come from. */
  concurrency: number;
  pollMs: number;
  now: () => number;
  sources: readonly OutboxSource<Entry>[];
  /** Settles when the entry's outcome is recorded (never rejects); `stop` aborts it when the loop stops. */
  deliver(entry: Entry, stop: AbortSignal): Promise<void>;
}

export function outboxLoop<Entry>(options: OutboxLoopOptions<Entry>): OutboxLoop {
  const { concurrency, pollMs, now, sources } = options;
  const inFlight = new Set<Promise<void>>();
  const stopping = new AbortController();
  /** Settles when stop() is called: a loop waiting for a free slot must not hold the stop up. */
  const stopRequested = Promise.withResolvers<void>();
  let running = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let wakeRequested = false;
  /** The source asked first in the next round. */
  let first = 0;

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

  /** Up to `free` due entries, from each source in turn; `failed` counts the sources that could not be read. */
  async function claim(free: number): Promise<{ claimed: Entry[]; failed: number }> {
    const claimed: Entry[] = [];
    let failed = 0;
    const inTurn = [...sources.slice(first), ...sources.slice(0, first)];
    first = (first + 1) % sources.length;
    for (const source of inTurn) {
      if (claimed.length === free) break;
      try {
        claimed.push(...(await source.claim(free - claimed.length)));
      } catch (error) {
        failed += 1;
        source.onClaimError(error);
      }
    }
    return { claimed, failed };
  }

  /** The earliest due time of any source; one that cannot answer is left out (its claim reports it). */
  async function nextDueAt(): Promise<number | null> {
    const due = await Promise.all(sources.map((source) => source.nextDueAt().catch(() => null)));
    const known = due.filter((at) => at !== null);
    return known.length === 0 ? null : Math.min(...known);
  }

  async function run(): Promise<void> {
    while (running) {
      const free = concurrency - inFlight.size;
      let claimed: Entry[] = [];
      if (free > 0) {
        const round = await claim(free);
        if (round.failed === sources.length) {
          await sleep(pollMs);
          continue;
        }
        claimed = round.claimed;
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
      const due = await nextDueAt();
      if (due !== null) wait = Math.min(wait, Math.max(5, due - now()));
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
