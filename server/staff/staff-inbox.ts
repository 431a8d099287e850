import type { ServerConfig } from "../config.ts";
import type { Logger } from "../logger.ts";
import type { beginStartup } from "../startup.ts";
import type { LeadStore } from "../store/lead-store.ts";
import { startStaffUpkeep } from "./audit.ts";
import { openStaff } from "./open-staff.ts";
import { createStaffApi } from "./staff-api.ts";

/** The staff inbox as the site server mounts it at /api/staff (server/server.ts). */
export interface StaffInbox {
  app: Awaited<ReturnType<typeof createStaffApi>>["app"];
  /** Starts the periodic upkeep (audit retention); called once the server listens. */
  start(): void;
  /** Stops the upkeep, then closes the API's rate limiter and the staff connection. */
  stop(): Promise<void>;
}

/**
 * Opens the staff side on the lead store's database (better-auth, its API and its upkeep). server/index.ts
 * gives it to the server; the lead and relay tests start the server without it, so they do not load
 * better-auth for every run.
 */
export async function openStaffInbox({
  config,
  logger,
  store,
  startup,
}: {
  config: ServerConfig;
  logger: Logger;
  store: LeadStore;
  startup: ReturnType<typeof beginStartup>;
}): Promise<StaffInbox> {
  const { dataDir, DATABASE_URL: databaseUrl } = config;
  const staff = await startup.step({ kind: "database", dataDir, databaseUrl }, () => openStaff(config));
  const staffApi = await startup.step({ kind: "database", dataDir, databaseUrl }, () =>
    createStaffApi({ config, logger, store, ...staff }),
  );
  let upkeep: ReturnType<typeof startStaffUpkeep> | undefined;
  return {
    app: staffApi.app,
    start() {
      upkeep ??= startStaffUpkeep({
        staffDb: staff.staffDb,
        logger,
        retentionDays: config.AUDIT_RETENTION_DAYS,
      });
    },
    async stop() {
      await upkeep?.stop();
      await staffApi.close().catch(() => undefined);
      await staff.close();
    },
  };
}
