import { randomUUID } from "node:crypto";
import { open, rename, unlink } from "node:fs/promises";
import path from "node:path";
import type { ResumeKind } from "../../leads/resume.ts";
import { makeDirs } from "../data-dir.ts";

/** Uploads stream here first; only a committed lead's file moves into `resumes/`. */
export const tempDirOf = (dataDir: string) => path.join(dataDir, "tmp");
export const resumeDirOf = (dataDir: string) => path.join(dataDir, "resumes");
export const resumePathOf = (dataDir: string, leadId: string, kind: ResumeKind) =>
  path.join(resumeDirOf(dataDir), `${leadId}.${kind}`);

export async function ensureDataDirs(dataDir: string): Promise<void> {
  await makeDirs(tempDirOf(dataDir));
  await makeDirs(resumeDirOf(dataDir));
}

export const newTempPath = (dataDir: string) => path.join(tempDirOf(dataDir), `${randomUUID()}.part`);

/** A rename is durable only once its directory entry is on disk. */
export async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Moves an fsync'd temp file to its final name and makes the move durable. */
export async function commitFile(tempPath: string, finalPath: string): Promise<void> {
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
