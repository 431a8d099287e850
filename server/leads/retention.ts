import { errorKind } from "../runtime/error-kind.ts";
import type { Logger } from "../runtime/logger.ts";
import { startPeriodic } from "../runtime/periodic.ts";
import type { Operations, PurgeResult } from "../store/queries/operations.ts";

const DAY_MS = 86_400_000;
export const RETENTION_SWEEP_MS = 60 * 60 * 1000;

export interface Retention {
  /** One purge now; resolves with what it removed (null when a sweep was already running). */
  sweep(): Promise<PurgeResult | null>;
  /** Stops the schedule and waits for a sweep in progress. */
  stop(): Promise<void>;
}

/**
 * RETENTION_DAYS: delivered and spam leads older than that many days are purged with their files, once at
 * start-up and then every hour. Pending and dead leads are never purged (the purge keeps them): they
 * still wait for a person. Logs carry counts only.
 */
export function startRetention(options: {
  store: { operations: Pick<Operations, "purge"> };
  logger: Logger;
  retentionDays: number;
  now?: () => number;
  intervalMs?: number;
}): Retention {
  const { store, logger, retentionDays, now = Date.now, intervalMs = RETENTION_SWEEP_MS } = options;
  const { run, stop } = startPeriodic(
    async () => {
      const at = now();
      const result = await store.operations.purge(at - retentionDays * DAY_MS, at);
      logger.info({ retentionDays, ...result }, "retention sweep");
      return result;
    },
    intervalMs,
    (error) => logger.error({ retentionDays, err: errorKind(error) }, "retention sweep failed"),
  );
  return { sweep: run, stop };
}
