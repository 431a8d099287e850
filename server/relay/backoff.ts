/** Full jitter: a random wait in [0, min(max, base * 2^attempt)), so retries from many leads spread out. */
export function backoffDelay(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
) {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 40));
  return Math.floor(random() * ceiling);
}

/** Retry-After as delta-seconds or an HTTP date, in milliseconds from now; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}
