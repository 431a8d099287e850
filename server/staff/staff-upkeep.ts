import { errorKind } from "../runtime/error-kind.ts";
import type { Logger } from "../runtime/logger.ts";
import { startPeriodic } from "../runtime/periodic.ts";
import type { AuditLog } from "../store/queries/audit-log.ts";
import type { InboundQueries } from "../store/queries/inbound.ts";
import type { OpeningQueries } from "../store/queries/openings.ts";
import type { Operations } from "../store/queries/operations.ts";

const DAY_MS = 86_400_000;
const SWEEP_MS = 60 * 60 * 1000;
/** How often the document reminders are looked for: each is sent once, the first time a sweep finds it due. */
export const REMINDER_SWEEP_MS = 60 * 60 * 1000;
/** How often published openings past their valid-through are expired: the public list hides them already. */
export const EXPIRY_SWEEP_MS = 60 * 1000;

/**
 * The staff side's hourly upkeep, also at start-up: audit entries older than AUDIT_RETENTION_DAYS are deleted,
 * and so is mail that matched no lead once its 30 days are over; the planner's statistics are refreshed. And
 * every minute, the openings' expiry: published openings whose valid-through has passed become expired (one
 * conditional UPDATE, so with several instances each opening is expired once). And hourly, the credential
 * documents' expiry reminders (server/documents/reminder-sweep.ts), sent within business hours, each once across
 * instances. Logs counts only.
 */
export function startStaffUpkeep(options: {
  store: {
    audit: Pick<AuditLog, "purgeBefore">;
    operations: Pick<Operations, "refreshStatistics">;
    inbound: Pick<InboundQueries, "purgeUnmatched">;
    openings: Pick<OpeningQueries, "expirePast">;
  };
  logger: Logger;
  retentionDays: number;
  /** The reminder sweep (createReminderSweep); absent without DOCUMENTS_KEY or a mail server. */
  reminders?: () => Promise<{ mails: number; reminders: number }>;
  /** Mail was queued: the mail worker looks now. */
  onQueued?: () => void;
  now?: () => number;
}) {
  const { store, logger, retentionDays, reminders, onQueued, now = Date.now } = options;
  const { run, stop } = startPeriodic(
    async () => {
      const removed = await store.audit.purgeBefore(now() - retentionDays * DAY_MS);
      const unmatched = await store.inbound.purgeUnmatched(now());
      await store.operations.refreshStatistics();
      logger.info(
        {
          auditRetentionDays: retentionDays,
          auditEntriesRemoved: removed,
          unmatchedMailRemoved: unmatched,
        },
        "staff upkeep",
      );
    },
    SWEEP_MS,
    (error) => logger.error({ retentionDays, err: errorKind(error) }, "staff upkeep failed"),
  );
  const expiry = startPeriodic(
    async () => {
      const expired = await store.openings.expirePast(now());
      if (expired.length > 0) logger.info({ openingsExpired: expired.length }, "openings expired");
      return expired.length;
    },
    EXPIRY_SWEEP_MS,
    (error) => logger.error({ err: errorKind(error) }, "openings' expiry failed"),
  );
  const reminding = startPeriodic(
    async () => {
      const result = (await reminders?.()) ?? { mails: 0, reminders: 0 };
      if (result.mails > 0) onQueued?.();
      if (result.reminders > 0) logger.info(result, "document reminders");
      return result;
    },
    REMINDER_SWEEP_MS,
    (error) => logger.error({ err: errorKind(error) }, "document reminders failed"),
  );
  return {
    sweep: run,
    expireOpenings: expiry.run,
    remind: reminding.run,
    stop: () => Promise.all([stop(), expiry.stop(), reminding.stop()]).then(() => undefined),
  };
}
