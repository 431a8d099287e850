import type { Kysely } from "kysely";
import type { ServerConfig } from "../config.ts";
import { createStaffAuth, type StaffAuth } from "./auth.ts";
import { staffAuthSecret } from "./secret.ts";
import { openStaffDb, type StaffDb } from "./staff-db.ts";

export interface Staff {
  staffDb: StaffDb;
  auth: StaffAuth;
  close(): Promise<void>;
}

/** The staff side's connection and better-auth, for the server and the CLI; the lead store must be open first. */
export async function openStaff(
  config: Pick<ServerConfig, "dataDir" | "DATABASE_URL" | "site">,
): Promise<Staff> {
  const staffDb = openStaffDb({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL });
  try {
    const secret = await staffAuthSecret(staffDb.db);
    const auth = createStaffAuth({
      db: staffDb.db as Kysely<unknown>,
      dialect: staffDb.dialect,
      siteUrl: config.site.url,
      secret,
    });
    return { staffDb, auth, close: () => staffDb.close() };
  } catch (error) {
    await staffDb.close();
    throw error;
  }
}
