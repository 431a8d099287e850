import type { ServerConfig } from "../config.ts";

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

/** What the retry policy reads of a failed attempt: Retry-After where the channel gave one, a final answer. */
export interface Failure {
  retryAfterMs: number | null;
  /** Give up now, whatever the backoff says (a webhook's 410). */
  final?: boolean;
}

/**
 * The one retry policy of every outbox entry: when to try again after a failed attempt at `at`, or null to give
 * up ("dead"). Retry-After when the channel gave one, full-jitter backoff otherwise, never past
 * RELAY_GIVE_UP_AFTER_MS after the entry was queued; a final answer, or the deadline reached, gives up now.
 */
export function nextAttemptAt(
  failure: Failure,
  entry: { attempts: number; enqueuedAt: number },
  at: number,
  config: Pick<ServerConfig, "RELAY_BASE_DELAY_MS" | "RELAY_MAX_DELAY_MS" | "RELAY_GIVE_UP_AFTER_MS">,
  random: () => number,
): number | null {
  const deadline = entry.enqueuedAt + config.RELAY_GIVE_UP_AFTER_MS;
  if (failure.final || at >= deadline) return null;
  const wait =
    failure.retryAfterMs ??
    backoffDelay(entry.attempts, config.RELAY_BASE_DELAY_MS, config.RELAY_MAX_DELAY_MS, random);
  return Math.min(at + wait, deadline);
}
