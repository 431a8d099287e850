import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newId } from "./ids.ts";
import { openStore } from "./store.ts";
import { createWalSyncer } from "./wal-sync.ts";

/** A datasync whose every call waits until the test finishes it. */
function controlledSync() {
  const calls: { finish: () => void; fail: (error: Error) => void }[] = [];
  const datasync = () =>
    new Promise<void>((resolve, reject) => calls.push({ finish: resolve, fail: reject }));
  return { calls, datasync };
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe("createWalSyncer", () => {
  it("resolves a caller only after a sync that began after its call", async () => {
    const { calls, datasync } = controlledSync();
    const syncer = createWalSyncer(datasync);
    const first = syncer.sync();
    expect(calls).toHaveLength(1);
    // Committed while the first sync runs: that sync may not cover it.
    const second = syncer.sync();
    expect(calls).toHaveLength(1);
    calls[0]?.finish();
    expect(await settled(first)).toBe(true);
    expect(await settled(second)).toBe(false);
    expect(calls).toHaveLength(2);
    calls[1]?.finish();
    expect(await settled(second)).toBe(true);
  });

  it("gives every caller that arrives during one sync the same next sync", async () => {
    const { calls, datasync } = controlledSync();
    const syncer = createWalSyncer(datasync);
    void syncer.sync();
    const waiting = [syncer.sync(), syncer.sync(), syncer.sync()];
    calls[0]?.finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toHaveLength(2);
    calls[1]?.finish();
    await Promise.all(waiting);
    expect(calls).toHaveLength(2);
  });

  it("rejects the callers of a failed sync, and the next caller starts a new one", async () => {
    const { calls, datasync } = controlledSync();
    const syncer = createWalSyncer(datasync);
    const failing = syncer.sync();
    calls[0]?.fail(new Error("EIO"));
    await expect(failing).rejects.toThrow("EIO");
    const next = syncer.sync();
    expect(calls).toHaveLength(2);
    calls[1]?.finish();
    await expect(next).resolves.toBeUndefined();
  });

  it("still runs the following sync when the one before it failed", async () => {
    const { calls, datasync } = controlledSync();
    const syncer = createWalSyncer(datasync);
    const first = syncer.sync();
    const second = syncer.sync();
    calls[0]?.fail(new Error("EIO"));
    await expect(first).rejects.toThrow("EIO");
    await new Promise((resolve) => setImmediate(resolve));
    calls[1]?.finish();
    await expect(second).resolves.toBeUndefined();
  });

  it("drain waits for the syncs under way", async () => {
    const { calls, datasync } = controlledSync();
    const syncer = createWalSyncer(datasync);
    void syncer.sync();
    void syncer.sync();
    const drained = syncer.drain();
    calls[0]?.finish();
    expect(await settled(drained)).toBe(false);
    calls[1]?.finish();
    await drained;
  });
});

describe("the SQLite store's writes", () => {
  let dir: string;
  afterEach(async () => {
    vi.restoreAllMocks();
    await rm(dir, { recursive: true, force: true });
  });

  it("resolve only once the WAL holding their commit is synced", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "wal-sync-"));
    const store = await openStore({ dataDir: dir });
    const probe = await open(path.join(dir, "probe"), "w");
    const FileHandle = Object.getPrototypeOf(probe) as { datasync(): Promise<void> };
    await probe.close();
    const held: (() => void)[] = [];
    const datasync = vi
      .spyOn(FileHandle, "datasync")
      .mockImplementation(() => new Promise<void>((resolve) => held.push(resolve)));
    const accepted = store.intake.acceptLead({
      id: newId(),
      formId: "chartassist-demo",
      state: "pending",
      fields: { name: "Test Person" },
      createdAt: Date.now(),
    });
    await vi.waitFor(() => expect(held).toHaveLength(1));
    // Committed to the WAL, not yet on disk: the caller has no answer yet.
    expect(await settled(accepted)).toBe(false);
    held[0]?.();
    await expect(accepted).resolves.toMatchObject({ kind: "created" });
    expect(datasync).toHaveBeenCalledTimes(1);
    datasync.mockRestore();
    await store.close();
  });
});
