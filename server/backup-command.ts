import path from "node:path";
import type { ServerConfig } from "./config.ts";
import { BackupError, backupSqlite, POSTGRES_BACKUP_HINT, restoreSqlite } from "./store/backup.ts";

/**
 * `leads backup <dir>` and `leads restore <dir>`. They run before the CLI opens the store: a restore must
 * find DATA_DIR exactly as the operator left it.
 */
export async function runBackupCommand(
  command: "backup" | "restore",
  dir: string,
  config: ServerConfig,
  io: { out: (line: string) => void; err: (line: string) => void },
): Promise<number> {
  if (config.DATABASE_URL) {
    io.err(POSTGRES_BACKUP_HINT);
    return 1;
  }
  const target = path.resolve(dir);
  try {
    if (command === "backup") {
      const manifest = await backupSqlite(config.dataDir, target);
      io.out(
        `Backed up ${manifest.leads} lead(s) and ${manifest.files.length - 1} resume(s) to ${target} (checksums in manifest.json).`,
      );
    } else {
      const manifest = await restoreSqlite(target, config.dataDir);
      io.out(
        `Restored ${manifest.leads} lead(s) and ${manifest.files.length - 1} resume(s) from the backup of ${manifest.createdAt} into ${config.dataDir}; every checksum matched.`,
      );
    }
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    io.err(error.message);
    return 1;
  }
}
