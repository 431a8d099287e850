import { readFile } from "node:fs/promises";

/** A process's resident memory, read from /proc: now, or its peak while sampled. */

export async function rssKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** Samples the server's resident memory every 50 ms; returns a stopper giving the peak in MB. */
export function sampleRss(pid: number) {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await rssKb(pid));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return Math.round(peak / 1024);
  };
}
