/**
 * Makes SQLite's commits durable off the event loop (decision 018). The store runs WAL with
 * `synchronous=NORMAL`, so a COMMIT writes its frames to the WAL file without fsync; a write counts as committed
 * for its caller only once a `datasync` of the WAL file that began after its COMMIT has finished. That is what
 * `synchronous=FULL` guarantees (the WAL synced at each commit), but the sync runs in libuv's thread pool while
 * the event loop serves other requests, and the commits that land during one sync share the next.
 */
export interface WalSyncer {
  /** Resolves once everything committed before this call is on disk. */
  sync(): Promise<void>;
  /** Waits for the syncs under way. */
  drain(): Promise<void>;
}

export function createWalSyncer(datasync: () => Promise<void>): WalSyncer {
  let running: Promise<void> | undefined;
  let following: Promise<void> | undefined;

  const start = (): Promise<void> => {
    const current = datasync().finally(() => {
      if (running === current) running = undefined;
    });
    running = current;
    return current;
  };

  const sync = (): Promise<void> => {
    if (!running) return start();
    // The sync under way may have begun before the caller's COMMIT: the caller needs the one after it, which
    // every caller arriving meanwhile shares.
    following ??= running
      .catch(() => undefined)
      .then(() => {
        following = undefined;
        return start();
      });
    return following;
  };

  return {
    sync,
    async drain() {
      await Promise.allSettled([running, following]);
    },
  };
}
