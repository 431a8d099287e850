import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MANIFEST_FILE } from "./backup.ts";
import { rotateBackups } from "./backup-rotation.ts";

describe("rotateBackups", () => {
  let parent: string;
  beforeEach(async () => {
    parent = await mkdtemp(path.join(tmpdir(), "rotation-"));
  });
  afterEach(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  const backup = async (name: string, createdAt: string | undefined) => {
    await mkdir(path.join(parent, name));
    if (createdAt !== undefined)
      await writeFile(path.join(parent, name, MANIFEST_FILE), JSON.stringify({ createdAt, files: [] }));
    return path.join(parent, name);
  };

  it("keeps the newest by their manifests' time, whatever their names say, and removes the rest", async () => {
    await backup("b", "2026-11-20T02:30:00.000Z");
    await backup("a", "2026-11-22T02:30:00.000Z");
    await backup("c", "2026-11-21T02:30:00.000Z");
    const newest = await backup("d", "2026-11-23T02:30:00.000Z");
    const removed = await rotateBackups(newest, 2);
    expect(removed.map((dir) => path.basename(dir)).toSorted()).toEqual(["b", "c"]);
    expect((await readdir(parent)).toSorted()).toEqual(["a", "d"]);
  });

  it("never touches what is not a complete backup: no manifest, a damaged one, a file", async () => {
    await backup("in-progress", undefined);
    await mkdir(path.join(parent, "damaged"));
    await writeFile(path.join(parent, "damaged", MANIFEST_FILE), "{not json");
    await writeFile(path.join(parent, "notes.txt"), "keep me");
    await backup("old", "2026-11-01T00:00:00.000Z");
    const newest = await backup("new", "2026-11-02T00:00:00.000Z");
    await rotateBackups(newest, 1);
    expect((await readdir(parent)).toSorted()).toEqual(["damaged", "in-progress", "new", "notes.txt"]);
  });

  it("refuses a count that is not a whole number of at least one", async () => {
    const only = await backup("only", "2026-11-02T00:00:00.000Z");
    for (const keep of [0, -1, 1.5, Number.NaN])
      await expect(rotateBackups(only, keep)).rejects.toThrow(RangeError);
    expect(await readdir(parent)).toEqual(["only"]);
  });
});
