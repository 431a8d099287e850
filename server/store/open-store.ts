import { openPostgresStore, openSqliteStore, type StoreOptions } from "./kysely-store.ts";
import type { LeadStore } from "./lead-store.ts";
import { ensureDataDirs, sweepTempFiles } from "./resume-files.ts";

/** PostgreSQL when DATABASE_URL is set, the embedded SQLite file in DATA_DIR otherwise. */
export async function openLeadStore(
  options: { dataDir: string; databaseUrl?: string | undefined } & StoreOptions,
  onPoolError?: (error: Error) => void,
): Promise<LeadStore> {
  // Uploads stream to DATA_DIR/tmp whichever database keeps them afterwards.
  await ensureDataDirs(options.dataDir);
  await sweepTempFiles(options.dataDir, Date.now());
  return options.databaseUrl
    ? openPostgresStore(options.databaseUrl, onPoolError, options)
    : openSqliteStore(options.dataDir, options);
}
