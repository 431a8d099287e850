import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ensureDataDirs, tempDirOf } from "./resume-files.ts";

// The one file another process removes between ensureDataDirs' listing of tmp/ and its stat of the file.
const vanishing = vi.hoisted(() => ({ file: "" }));

vi.mock("node:fs/promises", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs/promises")>();
  const statThenVanish = (async (file: string) => {
    if (file === vanishing.file) await fs.rm(file);
    return fs.stat(file);
  }) as typeof fs.stat;
  return { ...fs, default: { ...fs, stat: statThenVanish }, stat: statThenVanish };
});

describe("ensureDataDirs", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "data-dirs-"));
  });
  afterEach(async () => {
    vanishing.file = "";
    await rm(dataDir, { recursive: true, force: true });
  });

  it("makes the files already there private", async () => {
    await ensureDataDirs(dataDir);
    const file = path.join(tempDirOf(dataDir), "upload.part");
    await writeFile(file, "x", { mode: 0o644 });
    await ensureDataDirs(dataDir);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  // Two instances starting on one DATA_DIR: each one's write probe in tmp/ comes and goes while the other lists.
  it("starts when another process removes a file between the listing and its stat", async () => {
    await ensureDataDirs(dataDir);
    const kept = path.join(tempDirOf(dataDir), "kept.part");
    vanishing.file = path.join(tempDirOf(dataDir), ".write-probe-4242");
    await writeFile(vanishing.file, "probe", { mode: 0o644 });
    await writeFile(kept, "x", { mode: 0o644 });
    await ensureDataDirs(dataDir);
    expect((await stat(kept)).mode & 0o777).toBe(0o600);
  });
});
