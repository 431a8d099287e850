import path from "node:path";
import type { ServerConfig } from "./config.ts";
import { BackupError, backupSqlite, POSTGRES_BACKUP_HINT, restoreSqlite } from "./store/backup.ts";
import { rotateBackups } from "./store/backup-rotation.ts";

/**
 * `leads backup <dir> [--keep N]` and `leads restore <dir>`. They run before the CLI opens the store: a restore
 * must find DATA_DIR exactly as the operator left it. `keep`: after the backup, the N newest beside it stay.
 */
export async function runBackupCommand(
  command: "backup" | "restore",
  dir: string,
  config: ServerConfig,
  io: { out: (line: string) => void; err: (line: string) => void },
  keep?: number,
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
      if (keep !== undefined) {
        const removed = await rotateBackups(target, keep);
        io.out(`Kept the ${keep} newest backup(s) in ${path.dirname(target)}; removed ${removed.length}.`);
      }
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
