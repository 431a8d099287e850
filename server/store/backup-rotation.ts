import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { MANIFEST_FILE } from "./backup.ts";

/**
 * `leads backup <dir> --keep N`: after a backup into `dir`, keeps the N newest complete backups among `dir` and
 * its siblings and removes the older ones. A sibling counts only with a manifest naming its time (written last,
 * so never a backup in progress); any other directory or file there is left alone. Returns what it removed.
 */
export async function rotateBackups(backupDir: string, keep: number): Promise<string[]> {
  if (!Number.isInteger(keep) || keep < 1) throw new RangeError("keep must be a whole number of at least 1");
  const parent = path.dirname(path.resolve(backupDir));
  const entries = await readdir(parent, { withFileTypes: true });
  const backups: { dir: string; createdAt: number }[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const dir = path.join(parent, entry.name);
    const createdAt = await manifestTime(dir);
    if (createdAt !== undefined) backups.push({ dir, createdAt });
  }
  const old = backups.toSorted((a, b) => b.createdAt - a.createdAt).slice(keep);
  for (const { dir } of old) await rm(dir, { recursive: true, force: true });
  return old.map(({ dir }) => dir);
}

/** When the backup in `dir` was taken, from its manifest; undefined when it is no complete backup. */
async function manifestTime(dir: string): Promise<number | undefined> {
  try {
    const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), "utf8")) as {
      createdAt?: unknown;
    };
    const time = typeof manifest.createdAt === "string" ? Date.parse(manifest.createdAt) : Number.NaN;
    return Number.isNaN(time) ? undefined : time;
  } catch {
    return undefined;
  }
}
