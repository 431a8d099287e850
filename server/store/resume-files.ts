import { randomUUID } from "node:crypto";
import { chmod, open, readdir, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { ResumeKind } from "../../leads/resume.ts";
import { makeDirs } from "./data-dir.ts";

/** Personal data: only the service's own user may list, read or write DATA_DIR, whatever the umask. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Files a crash left behind are swept only once they are this old: another process (the CLI, a standalone
 * relay) may open the store while this one is writing an upload or committing a resume. Every upload is cut
 * after REQUEST_TIMEOUT (120 s by default) and a file is committed within moments of its last write.
 */
export const SWEEP_GRACE_MS = 10 * 60 * 1000;

/** Uploads stream here first; only a committed lead's file moves into `resumes/`. */
export const tempDirOf = (dataDir: string) => path.join(dataDir, "tmp");
export const resumeDirOf = (dataDir: string) => path.join(dataDir, "resumes");
export const resumePathOf = (dataDir: string, leadId: string, kind: ResumeKind) =>
  path.join(resumeDirOf(dataDir), `${leadId}.${kind}`);
export const TEMP_SUFFIX = ".part";
/** The nurses' credential documents, each encrypted (server/documents), named by its submission's id. */
export const documentDirOf = (dataDir: string) => path.join(dataDir, "documents");

async function privateDir(dir: string): Promise<void> {
  await makeDirs(dir, PRIVATE_DIR_MODE);
  // mkdir leaves an existing directory as it was, and its mode is masked by the umask.
  await chmod(dir, PRIVATE_DIR_MODE);
}

/**
 * Makes every file directly in `dir` private, for data written before modes were enforced. Another process
 * sharing DATA_DIR (a second instance, the CLI) may remove a file between the listing and its `stat`, as
 * every instance's start-up probe does in `tmp/`: a file gone is a file with nothing left to protect.
 */
async function privateFilesIn(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(dir, entry.name);
    try {
      const { mode } = await stat(file);
      if ((mode & 0o777) !== PRIVATE_FILE_MODE) await chmod(file, PRIVATE_FILE_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

/** Creates DATA_DIR, tmp/, resumes/ and documents/ as 0700 and makes every file already in them 0600. */
export async function ensureDataDirs(dataDir: string): Promise<void> {
  for (const dir of [dataDir, tempDirOf(dataDir), resumeDirOf(dataDir), documentDirOf(dataDir)]) {
    await privateDir(dir);
    await privateFilesIn(dir);
  }
}

/** Creates an empty 0600 file unless it exists, so that whatever opens it later inherits a private mode. */
export async function createPrivateFile(file: string): Promise<void> {
  const handle = await open(file, "a", PRIVATE_FILE_MODE);
  try {
    await handle.chmod(PRIVATE_FILE_MODE);
  } finally {
    await handle.close();
  }
}

export const newTempPath = (dataDir: string) =>
  path.join(tempDirOf(dataDir), `${randomUUID()}${TEMP_SUFFIX}`);

/** A rename is durable only once its directory entry is on disk. */
export async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Moves an fsync'd temp file to its final name, private, and makes the move durable. */
export async function commitFile(tempPath: string, finalPath: string): Promise<void> {
  await chmod(tempPath, PRIVATE_FILE_MODE);
  await rename(tempPath, finalPath);
  await fsyncDir(path.dirname(finalPath));
}

export async function removeQuietly(file: string | undefined): Promise<boolean> {
  if (!file) return false;
  try {
    await unlink(file);
    return true;
  } catch {
    return false;
  }
}

/** Files in `dir` last written before `before` (ms since the epoch). */
export async function filesOlderThan(dir: string, before: number): Promise<string[]> {
  const old: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(dir, entry.name);
    const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: Number.POSITIVE_INFINITY }));
    if (mtimeMs < before) old.push(file);
  }
  return old;
}

/** Deletes upload temp files, and documents half written beside their final name, a crash left behind; returns how many. */
export async function sweepTempFiles(dataDir: string, now: number): Promise<number> {
  const stale = [
    ...(await filesOlderThan(tempDirOf(dataDir), now - SWEEP_GRACE_MS)),
    ...(await filesOlderThan(documentDirOf(dataDir), now - SWEEP_GRACE_MS)),
  ];
  let removed = 0;
  for (const file of stale) if (file.endsWith(TEMP_SUFFIX) && (await removeQuietly(file))) removed++;
  return removed;
}
