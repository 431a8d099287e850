import pg from "pg";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from "rate-limiter-flexible";

/** Submissions per key (client network + form) per minute, counted by rate-limiter-flexible. */
export interface RateLimiter {
  /** Counts one submission; resolves to the seconds to wait when over the limit, else null. */
  hit(key: string): Promise<number | null>;
  close(): Promise<void>;
}

export interface RateLimiterOptions {
  perMinute: number;
  /** With PostgreSQL every instance counts in one table; without, this process counts in memory. */
  databaseUrl?: string;
  /** What is counted (keys of different limiters never meet); default `lead`. */
  keyPrefix?: string;
  /** The window `perMinute` is counted over, in seconds; default 60. */
  durationSeconds?: number;
}

/** The limiter's table, made by migration 008 in the library's layout (decision 011). */
export const RATE_LIMIT_TABLE = "lead_rate_limits";

export async function createRateLimiter({
  perMinute,
  databaseUrl,
  keyPrefix = "lead",
  durationSeconds = 60,
}: RateLimiterOptions): Promise<RateLimiter> {
  if (perMinute <= 0) return { hit: async () => null, close: async () => undefined };
  const options = { points: perMinute, duration: durationSeconds, keyPrefix };
  if (!databaseUrl) return limiterOf(new RateLimiterMemory(options));

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // A broken idle connection is replaced on the next query; the insurance limiter covers the meantime.
  pool.on("error", () => undefined);
  const limiter = new RateLimiterPostgres({
    ...options,
    storeClient: pool,
    tableName: RATE_LIMIT_TABLE,
    // Made by the store's migrations (008), which run first: instances starting together never race, and the
    // library queries nothing until the first count.
    tableCreated: true,
    // While PostgreSQL does not answer, count per process rather than refuse or stop counting.
    insuranceLimiter: new RateLimiterMemory(options),
  });
  return limiterOf(limiter, () => pool.end());
}

function limiterOf(
  limiter: RateLimiterAbstract,
  close: () => Promise<void> = async () => undefined,
): RateLimiter {
  return {
    async hit(key) {
      try {
        await limiter.consume(key);
        return null;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        throw rejection;
      }
    },
    close,
  };
}
