import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { Writable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startInProcessServer } from "../../test-support/in-process-server.ts";
import { leaseOf } from "../../test-support/lease.ts";
import { MINIMAL_BUILD_DIR, waitFor } from "../../test-support/server-process.ts";
import { createTestDatabase, DIALECTS } from "../../test-support/test-database.ts";
import { storeFixture } from "../../test-support/vitest-fixtures.ts";
import { loadConfig } from "../config.ts";
import { createLogger } from "../runtime/logger.ts";
import { newTempPath } from "../store/resume-files.ts";
import type { NewLead } from "../store/store-records.ts";
import { RETENTION_SWEEP_MS, type Retention, startRetention } from "./retention.ts";

const DAY = 86_400_000;
const START = Date.parse("2026-03-01T12:00:00Z");

describe.each(DIALECTS)("retention on %s", (dialect) => {
  const { database, store } = storeFixture(dialect, "retention", { per: "test" });
  let retention: Retention | undefined;
  let clock: number;
  let logLines: Record<string, unknown>[];

  /** A lead created `ageDays` before START, left in `state`; nurse applications carry a resume. */
  async function lead(state: "delivered" | "spam" | "pending" | "dead", ageDays: number, withResume = false) {
    const id = randomUUID();
    const createdAt = START - ageDays * DAY;
    let resume: NewLead["resume"];
    if (withResume) {
      const tempPath = newTempPath(database.dataDir);
      await writeFile(tempPath, "%PDF-1.4 cv");
      resume = { tempPath, name: "cv.pdf", kind: "pdf", size: 11, sha256: "x" };
    }
    await store.intake.acceptLead({
      id,
      formId: withResume ? "nurse-application" : "chartassist-demo",
      state: state === "spam" ? "spam" : "pending",
      fields: { email: `${id}@example.com`, name: "Someone Private" },
      resume,
      createdAt,
    });
    if (state === "delivered")
      await store.outbox.markDelivered(id, await leaseOf(store, id, createdAt), createdAt + 1000);
    if (state === "dead")
      await store.outbox.recordFailure(id, await leaseOf(store, id, createdAt), {
        at: createdAt,
        nextAttemptAt: null,
        status: 500,
        error: "HTTP 500",
        problem: "service",
      });
    return id;
  }

  const ids = async () => (await store.operations.list({})).map((row) => row.id).sort();
  /** Whether the lead's resume is still kept, as a file (SQLite) or a row (PostgreSQL). */
  const resumeKept = async (id: string) => (await database.storedResume(id)) !== null;
  const sweeps = () => logLines.filter((line) => line.msg === "retention sweep");

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    clock = START;
    logLines = [];
  });

  afterEach(async () => {
    await retention?.stop();
    retention = undefined;
    vi.useRealTimers();
  });

  const start = (retentionDays: number) => {
    const destination = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    retention = startRetention({
      store,
      logger: createLogger("info", destination),
      retentionDays,
      now: () => clock,
    });
  };

  it("purges delivered and spam leads older than RETENTION_DAYS with their files, at start and then hourly", async () => {
    const oldDelivered = await lead("delivered", 31, true);
    await lead("spam", 45);
    const youngDelivered = await lead("delivered", 29, true);
    const oldPending = await lead("pending", 400, true);
    const oldDead = await lead("dead", 400);
    const youngSpam = await lead("spam", 1);

    start(30);
    await vi.waitFor(() => expect(sweeps()).toHaveLength(1));
    expect(await ids()).toEqual([youngDelivered, oldPending, oldDead, youngSpam].sort());
    expect(await resumeKept(oldDelivered)).toBe(false);
    expect(await resumeKept(youngDelivered)).toBe(true);

    // Two days on, the next hourly sweep finds the 29-day-old lead past the limit.
    clock += 2 * DAY;
    await vi.advanceTimersByTimeAsync(RETENTION_SWEEP_MS - 1);
    expect(sweeps()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(sweeps()).toHaveLength(2));
    expect(await ids()).toEqual([oldPending, oldDead, youngSpam].sort());
    expect(await resumeKept(youngDelivered)).toBe(false);
    // Pending and dead leads stay, whatever their age, with their files.
    expect(await resumeKept(oldPending)).toBe(true);
  });

  it("logs counts only, never what a lead says", async () => {
    await lead("delivered", 90, true);
    await lead("spam", 90);
    start(30);
    await vi.waitFor(() => expect(sweeps()).toHaveLength(1));
    const [line] = sweeps();
    expect(line).toMatchObject({ retentionDays: 30, leads: 2, files: 1 });
    const text = JSON.stringify(logLines);
    expect(text).not.toContain("@example.com");
    expect(text).not.toContain("Someone Private");
  });

  it("keeps every lead when RETENTION_DAYS is unset, and refuses a value that is not a whole number of days", () => {
    expect(loadConfig({}).RETENTION_DAYS).toBeUndefined();
    expect(loadConfig({ RETENTION_DAYS: "30" }).RETENTION_DAYS).toBe(30);
    expect(() => loadConfig({ RETENTION_DAYS: "0" })).toThrow(/RETENTION_DAYS/);
    expect(() => loadConfig({ RETENTION_DAYS: "a month" })).toThrow(/RETENTION_DAYS/);
  });
});

describe.each(DIALECTS)("retention in the real server on %s", (dialect) => {
  it("sweeps when RETENTION_DAYS is set, and keeps everything when it is not", async () => {
    const databases = {
      kept: await createTestDatabase(dialect, "retention-kept"),
      swept: await createTestDatabase(dialect, "retention-swept"),
    };
    const oldId = randomUUID();
    for (const database of Object.values(databases)) {
      const store = await database.openStore();
      await store.intake.acceptLead({
        id: oldId,
        formId: "chartassist-demo",
        state: "spam",
        fields: {},
        createdAt: Date.now() - 40 * DAY,
      });
      await store.close();
    }
    const env = { BUILD_DIR: MINIMAL_BUILD_DIR, RELAY_ENABLED: "false" };
    const kept = await startInProcessServer({ ...env, ...databases.kept.env });
    const swept = await startInProcessServer({ ...env, ...databases.swept.env, RETENTION_DAYS: "30" });
    try {
      await waitFor(
        () => (swept.logs().includes('"msg":"retention sweep"') ? true : undefined),
        10_000,
        "a sweep",
      );
      expect(swept.logs()).toMatch(
        /"retentionDays":30,"leads":1,"files":0,"idempotencyKeys":0,"msg":"retention sweep"/,
      );
    } finally {
      await Promise.all([kept.stop(), swept.stop()]);
    }
    expect(kept.logs()).not.toContain("retention sweep");
    for (const [name, expected] of [
      ["kept", 1],
      ["swept", 0],
    ] as const) {
      const store = await databases[name].openStore();
      expect(await store.operations.list({})).toHaveLength(expected);
      await store.close();
      await databases[name].drop();
    }
  });
});
