import { mkdir, open, rm } from "node:fs/promises";
import path from "node:path";

/**
 * `mkdir -p` that gives up instead of spinning. Node's `mkdir(dir, { recursive: true })` retries for ever
 * when a file system answers ENOENT for a directory whose parent exists (procfs does: DATA_DIR=/proc/nope
 * hung start-up at 100% CPU); here each level is tried once after its parent exists, then the error stands.
 */
export async function makeDirs(dir: string, mode = 0o700): Promise<void> {
  try {
    await mkdir(dir, { mode });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return;
    const parent = path.dirname(dir);
    if (code !== "ENOENT" || parent === dir) throw error;
    await makeDirs(parent, mode);
    try {
      await mkdir(dir, { mode });
    } catch (retryError) {
      if ((retryError as NodeJS.ErrnoException).code !== "EEXIST") throw retryError;
    }
  }
}

/** Enough to hold a database page and a file header: a disk that cannot take this cannot take a lead. */
const PROBE_BYTES = 64 * 1024;

/**
 * Proves that `dir` takes a durable write now (permissions, read-only mounts, a full disk), so start-up
 * fails with the cause instead of the first visitor's upload failing later.
 */
export async function probeWritable(dir: string): Promise<void> {
  const probe = path.join(dir, `.write-probe-${process.pid}`);
  try {
    const handle = await open(probe, "w", 0o600);
    try {
      await handle.write(Buffer.alloc(PROBE_BYTES));
      await handle.sync();
    } finally {
      await handle.close();
    }
  } finally {
    await rm(probe, { force: true });
  }
}
