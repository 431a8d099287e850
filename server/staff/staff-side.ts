import { businessCalendarFromEnv } from "../calendar/calendar-env.ts";
import type { ServerConfig } from "../config.ts";
import { createReminderSweep, reminderSettingsOf } from "../documents/reminder-sweep.ts";
import { noticeSettingsOf } from "../mail/staff-notices.ts";
import type { Logger } from "../runtime/logger.ts";
import type { beginStartup } from "../runtime/startup.ts";
import type { Store } from "../store/store.ts";
import { openStaffAuth } from "./auth/auth.ts";
import { createEscalationSweep, startEscalationSweep } from "./escalations/escalation-sweep.ts";
import { createStaffApi } from "./staff-api.ts";
import { startStaffUpkeep } from "./staff-upkeep.ts";

/** The staff inbox as the site server mounts it at /api/staff (server/server.ts). */
export interface StaffSide {
  app: Awaited<ReturnType<typeof createStaffApi>>["app"];
  /**
   * Starts the periodic upkeep (audit retention, planner statistics) and the escalation sweep; called once the
   * server listens.
   */
  start(): void;
  /** Stops the upkeep and the sweep, then closes the API's rate limiter (the store is the server's to close). */
  stop(): Promise<void>;
}

/**
 * Opens the staff side on the lead store (better-auth, its API and its upkeep). server/index.ts gives it to the
 * server; the lead and relay tests start the server without it, so they do not load better-auth for every run.
 */
export async function openStaffSide({
  config,
  logger,
  store,
  startup,
  onOutboxWork,
}: {
  config: ServerConfig;
  logger: Logger;
  store: Store;
  startup: ReturnType<typeof beginStartup>;
  /** Outbox work was committed (a reply, a lead out of spam): the workers look now. */
  onOutboxWork?: () => void;
}): Promise<StaffSide> {
  const { dataDir, DATABASE_URL: databaseUrl } = config;
  const staffApi = await startup.step({ kind: "database", dataDir, databaseUrl }, async () =>
    createStaffApi({
      config,
      logger,
      store,
      auth: await openStaffAuth(store, config.site.url),
      ...(onOutboxWork && { onOutboxWork }),
    }),
  );
  let upkeep: ReturnType<typeof startStaffUpkeep> | undefined;
  let escalations: ReturnType<typeof startEscalationSweep> | undefined;
  return {
    app: staffApi.app,
    start() {
      const reminders = createReminderSweep({
        reminders: store.reminders,
        settings: reminderSettingsOf(config),
        calendar: businessCalendarFromEnv(config),
      });
      upkeep ??= startStaffUpkeep({
        store,
        logger,
        retentionDays: config.AUDIT_RETENTION_DAYS,
        reminders,
        ...(onOutboxWork && { onQueued: onOutboxWork }),
      });
      escalations ??= startEscalationSweep({
        sweep: createEscalationSweep({
          escalations: store.escalations,
          notices: config.ESCALATION_EMAILS ? noticeSettingsOf(config) : undefined,
          calendar: businessCalendarFromEnv(config),
        }),
        intervalMs: config.ESCALATION_SWEEP_MS,
        logger,
        ...(onOutboxWork && { onQueued: onOutboxWork }),
      });
    },
    async stop() {
      await Promise.all([upkeep?.stop(), escalations?.stop()]);
      await staffApi.close().catch(() => undefined);
    },
  };
}
