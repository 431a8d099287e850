import path from "node:path";
import { createEraser } from "../staff/admin/erase.ts";
import {
  BackupError,
  backupSqlite,
  filesInWords,
  POSTGRES_BACKUP_HINT,
  restoreSqlite,
} from "../store/backup.ts";
import { rotateBackups } from "../store/backup-rotation.ts";
import { type CliIo, command, stringOption, UsageError, wholeNumberOption } from "./command.ts";

const DAY_MS = 86_400_000;
/** A century: more is a typing mistake, not a retention policy. */
const PURGE_MAX_DAYS = 36_500;
const BACKUPS_KEPT_MAX = 10_000;

/** A backup or restore mistake the operator can fix (a PostgreSQL store, a wrong directory): one line, exit 1. */
async function backupStep(io: CliIo, databaseUrl: string | undefined, step: () => Promise<string>) {
  if (databaseUrl) {
    io.err(POSTGRES_BACKUP_HINT);
    return 1;
  }
  try {
    io.out(await step());
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    io.err(error.message);
    return 1;
  }
}

/** The data's lifecycle: purge by age, a person's erasure, backup and restore of the SQLite store. */
export const dataCommands = [
  command({
    name: "purge",
    summary: "delete delivered and spam leads older than that many days, with their files",
    synopsis: "--older-than <days>",
    options: {
      "older-than": {
        type: "string",
        value: "DAYS",
        description: `a whole number of days, 0 to ${PURGE_MAX_DAYS.toLocaleString("en-US")}`,
      },
    },
    needs: "store",
    read(values) {
      const days = wholeNumberOption(values, "older-than", { min: 0, max: PURGE_MAX_DAYS, unit: "days" });
      if (days === undefined)
        throw new UsageError("purge needs --older-than <days>, a whole number of days (0 or more)");
      return days;
    },
    async run(days, { store, io, now }) {
      const result = await store.operations.purge(now - days * DAY_MS, now);
      io.out(`Purged ${result.leads} lead(s) and ${result.files} file(s) older than ${days} day(s).`);
      return 0;
    },
  }),

  command({
    name: "erase",
    summary: "delete every lead of this person, with files and notes (audited)",
    synopsis: "--email <address>",
    options: {
      email: { type: "string", value: "ADDRESS", description: "the person's e-mail address, in any case" },
    },
    needs: "store",
    read(values) {
      const email = stringOption(values, "email");
      if (!email) throw new UsageError("erase needs --email <address>");
      return email;
    },
    async run(email, { store, io }) {
      const erased = await createEraser(store).erase(email, null);
      io.out(`Erased ${erased.leads} lead(s), ${erased.files} file(s) and ${erased.notes} note(s).`);
      return 0;
    },
  }),

  command({
    name: "backup",
    summary: "a consistent copy of the SQLite store and every resume, while serving",
    synopsis: "<dir> [--keep N]",
    args: ["dir"],
    options: {
      keep: {
        type: "string",
        value: "N",
        description: "then keep only the N newest backups beside it (by their manifests)",
      },
    },
    notes: ["It runs before the store opens; with DATABASE_URL, use PostgreSQL's own tools."],
    needs: "nothing",
    read(values, [dir = ""]) {
      const keep = wholeNumberOption(values, "keep", { min: 1, max: BACKUPS_KEPT_MAX, unit: "backups" });
      return { target: path.resolve(dir), keep };
    },
    run: ({ target, keep }, { config, io }) =>
      backupStep(io, config.DATABASE_URL, async () => {
        const manifest = await backupSqlite(config.dataDir, target);
        const done = `Backed up ${manifest.leads} lead(s) and ${filesInWords(manifest)} to ${target} (checksums in manifest.json).`;
        if (keep === undefined) return done;
        const removed = await rotateBackups(target, keep);
        return `${done}\nKept the ${keep} newest backup(s) in ${path.dirname(target)}; removed ${removed.length}.`;
      }),
  }),

  command({
    name: "restore",
    summary: "verify a backup's checksums, then restore it into an empty DATA_DIR",
    synopsis: "<dir>",
    args: ["dir"],
    notes: ["It runs before the store opens: DATA_DIR must be as the operator left it."],
    needs: "nothing",
    read: (_, [dir = ""]) => path.resolve(dir),
    run: (source, { config, io }) =>
      backupStep(io, config.DATABASE_URL, async () => {
        const manifest = await restoreSqlite(source, config.dataDir);
        return `Restored ${manifest.leads} lead(s) and ${filesInWords(manifest)} from the backup of ${manifest.createdAt} into ${config.dataDir}; every checksum matched.`;
      }),
  }),
];
