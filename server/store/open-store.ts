import type { LeadStore } from "./lead-store.ts";
import { openPostgresStore } from "./postgres-store.ts";
import { ensureDataDirs } from "./resume-files.ts";
import { openSqliteStore } from "./sqlite-store.ts";

/** PostgreSQL when DATABASE_URL is set, the embedded SQLite file in DATA_DIR otherwise. */
export async function openLeadStore(
  options: { dataDir: string; databaseUrl?: string | undefined },
  onPoolError?: (error: Error) => void,
): Promise<LeadStore> {
  // Uploads stream to DATA_DIR/tmp whichever database keeps them afterwards.
  await ensureDataDirs(options.dataDir);
  return options.databaseUrl
    ? openPostgresStore(options.databaseUrl, onPoolError)
    : openSqliteStore(options.dataDir);
}
