import { readdir, readlink } from "node:fs/promises";
import path from "node:path";

/** What each descriptor of process `pid` points to (Linux's /proc/<pid>/fd); "" for one closed meanwhile. */
async function descriptorTargets(pid: number | "self"): Promise<string[]> {
  const fds = await readdir(`/proc/${pid}/fd`);
  return Promise.all(fds.map((fd) => readlink(`/proc/${pid}/fd/${fd}`).catch(() => "")));
}

/** The process's open descriptors and those on deleted files (disk space nobody can see or free). */
export async function descriptorsOf(pid: number): Promise<{ open: number; deleted: number }> {
  const targets = await descriptorTargets(pid);
  return { open: targets.length, deleted: targets.filter((target) => target.endsWith(" (deleted)")).length };
}

/**
 * The files under `dir` this process holds open: a handle or database someone forgot to close shows up here
 * until garbage collection, which a test does not wait for.
 */
export async function openFilesUnder(dir: string): Promise<string[]> {
  return (await descriptorTargets("self"))
    .filter((target) => target === dir || target.startsWith(`${dir}${path.sep}`))
    .map((target) => path.relative(dir, target));
}
