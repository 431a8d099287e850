import { readdir, readlink } from "node:fs/promises";
import path from "node:path";

/**
 * The files under `dir` this process holds open (Linux's /proc/self/fd): a handle or database someone forgot
 * to close shows up here until garbage collection, which a test does not wait for.
 */
export async function openFilesUnder(dir: string): Promise<string[]> {
  const open: string[] = [];
  for (const fd of await readdir("/proc/self/fd")) {
    const target = await readlink(`/proc/self/fd/${fd}`).catch(() => "");
    if (target.startsWith(`${dir}${path.sep}`) || target === dir) open.push(path.relative(dir, target));
  }
  return open;
}
