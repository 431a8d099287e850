/** Fixed one-minute windows per key (client address + form): cheap, and enough against a flood from one address. */
export interface RateLimiter {
  /** Counts one submission; returns the seconds to wait when over the limit, else null. */
  hit(key: string): number | null;
  stop(): void;
}

const WINDOW_MS = 60_000;

export function createRateLimiter(perMinute: number, now: () => number = Date.now): RateLimiter {
  if (perMinute <= 0) return { hit: () => null, stop: () => undefined };
  const windows = new Map<string, { start: number; count: number }>();
  // Forget finished windows so the map stays as small as the set of recent clients.
  const sweeper = setInterval(() => {
    const cutoff = now() - WINDOW_MS;
    for (const [key, window] of windows) if (window.start <= cutoff) windows.delete(key);
  }, WINDOW_MS);
  sweeper.unref();
  return {
    hit(key) {
      const at = now();
      let window = windows.get(key);
      if (!window || at - window.start >= WINDOW_MS) {
        window = { start: at, count: 0 };
        windows.set(key, window);
      }
      window.count++;
      if (window.count <= perMinute) return null;
      return Math.max(1, Math.ceil((window.start + WINDOW_MS - at) / 1000));
    },
    stop: () => clearInterval(sweeper),
  };
}
