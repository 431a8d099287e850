import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { leaseOf } from "../../test-support/lease.ts";
import {
  LEGACY_POSTGRES_SCHEMA,
  LEGACY_SQLITE_SCHEMA,
  LEGACY_VERSION_TABLE,
} from "../../test-support/legacy-schema.ts";
import { withSearchPath } from "../../test-support/pg-schema.ts";
import { pdfFile, uploadedResume } from "../../test-support/resume-fixtures.ts";
import { BULK_BATCH } from "./engine.ts";
import { ensureDataDirs, newTempPath } from "./resume-files.ts";
import { SQLITE_FILE } from "./sqlite-engine.ts";
import { openStore, type Store, type StoreOptions } from "./store.ts";
import { IDEMPOTENCY_WINDOW_MS, type NewLead } from "./store-records.ts";

const DATABASE_URL = process.env.DATABASE_URL;
const HOUR = 3_600_000;
const T0 = Date.UTC(2030, 0, 1);

interface Harness {
  open(options?: Omit<StoreOptions, "dataDir" | "databaseUrl">): Promise<Store>;
  /** Runs SQL on the (not yet opened) database, as an older version of the server left it. */
  exec(statements: string): Promise<void>;
  /** PostgreSQL: a connection of its own to the store's schema, for a concurrent transaction. */
  connect?(): Promise<pg.Client>;
  legacySchema: string;
  dataDir: () => string;
  reset(): Promise<void>;
  teardown(): Promise<void>;
}

function sqliteHarness(): Harness {
  let dir = "";
  return {
    async open(options) {
      return openStore({ dataDir: dir, ...options });
    },
    async exec(statements) {
      const db = new DatabaseSync(path.join(dir, SQLITE_FILE));
      db.exec(statements);
      db.close();
    },
    legacySchema: `${LEGACY_SQLITE_SCHEMA}; ${LEGACY_VERSION_TABLE.sqlite}`,
    dataDir: () => dir,
    async reset() {
      if (dir) await rm(dir, { recursive: true, force: true });
      dir = await mkdtemp(path.join(tmpdir(), "lead-store-"));
    },
    async teardown() {
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

function postgresHarness(url: string): Harness {
  const schema = `lead_store_test_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  let dir = "";
  let connected = false;
  return {
    async open(options) {
      return openStore({ dataDir: dir, databaseUrl: withSearchPath(url, schema), ...options });
    },
    async exec(statements) {
      const client = new pg.Client({ connectionString: withSearchPath(url, schema) });
      await client.connect();
      try {
        await client.query(statements);
      } finally {
        await client.end();
      }
    },
    async connect() {
      const client = new pg.Client({ connectionString: withSearchPath(url, schema) });
      await client.connect();
      return client;
    },
    legacySchema: `${LEGACY_POSTGRES_SCHEMA}; ${LEGACY_VERSION_TABLE.postgres}`,
    dataDir: () => dir,
    async reset() {
      if (!connected) {
        await admin.connect();
        connected = true;
      }
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.query(`CREATE SCHEMA ${schema}`);
      if (dir) await rm(dir, { recursive: true, force: true });
      dir = await mkdtemp(path.join(tmpdir(), "lead-store-pg-"));
      await ensureDataDirs(dir);
    },
    async teardown() {
      if (connected) {
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await admin.end();
      }
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

const dialects: [string, () => Harness][] = [["sqlite", sqliteHarness]];
if (DATABASE_URL) dialects.push(["postgres", () => postgresHarness(DATABASE_URL)]);
else describe.skip("postgres (set DATABASE_URL to run)", () => it("skipped", () => undefined));

const lead = (overrides: Partial<NewLead> = {}): NewLead => ({
  id: randomUUID(),
  formId: "chartassist-demo",
  state: "pending",
  fields: { name: "Ada Lovelace", email: "ada@example.com" },
  createdAt: T0,
  ...overrides,
});

describe.each(dialects)("lead store on %s", (dialect, makeHarness) => {
  const harness = makeHarness();
  let store: Store;

  beforeAll(async () => {
    await harness.reset();
  });
  beforeEach(async () => {
    await harness.reset();
    store = await harness.open();
  });
  afterEach(async () => {
    await store.close().catch(() => undefined);
  });
  afterAll(async () => {
    await harness.teardown();
  });

  /** A nurse application with a small PDF resume uploaded into DATA_DIR/tmp. */
  const application = async () =>
    lead({ formId: "nurse-application", resume: await uploadedResume(harness.dataDir(), pdfFile(500)) });

  async function reopenWith(options: Omit<StoreOptions, "dataDir" | "databaseUrl">) {
    await store.close();
    store = await harness.open(options);
  }

  async function tempResume(bytes: Buffer) {
    const tempPath = newTempPath(harness.dataDir());
    await writeFile(tempPath, bytes);
    return tempPath;
  }

  it("keeps each lead's source and counts leads per form by campaign and by referrer, spam left out", async () => {
    const fall = {
      source_page: "/chart-assist",
      landing_page: "/",
      utm_source: "newsletter",
      utm_campaign: "fall",
    };
    const first = lead({ source: { ...fall, referrer: "https://news.example.org" } });
    await store.intake.acceptLead(first);
    await store.intake.acceptLead(lead({ source: fall, createdAt: T0 + 1 }));
    await store.intake.acceptLead(
      lead({ formId: "payroll-info", source: { source_page: "/carestaff" }, createdAt: T0 + 2 }),
    );
    await store.intake.acceptLead(lead({ state: "spam", source: fall, createdAt: T0 + 3 }));
    await store.intake.acceptLead(
      lead({ source: { utm_campaign: "spring" }, createdAt: T0 - 10 * 86_400_000 }),
    );

    expect((await store.operations.get(first.id))?.source).toEqual({
      ...fall,
      referrer: "https://news.example.org",
    });
    const claimed = (await store.outbox.claimDue(T0 + 10, 10, 60_000)).find(
      (claim) => claim.leadId === first.id,
    );
    expect(claimed?.source).toEqual(first.source);
    expect(await store.operations.sources(T0)).toEqual({
      campaigns: [
        { formId: "chartassist-demo", value: "fall", count: 2 },
        { formId: "payroll-info", value: null, count: 1 },
      ],
      referrers: [
        { formId: "chartassist-demo", value: "https://news.example.org", count: 1 },
        { formId: "chartassist-demo", value: null, count: 1 },
        { formId: "payroll-info", value: null, count: 1 },
      ],
    });
    expect((await store.operations.sources()).campaigns).toContainEqual({
      formId: "chartassist-demo",
      value: "spring",
      count: 1,
    });
  });

  it("commits a lead with its outbox entry and reports it waiting", async () => {
    const accepted = lead({ fields: { name: "Ada", email: "ada@example.com", phone: "555 0100" } });
    expect(await store.intake.acceptLead(accepted)).toEqual({ kind: "created", leadId: accepted.id });
    const stored = await store.operations.get(accepted.id);
    expect(stored).toMatchObject({
      id: accepted.id,
      formId: "chartassist-demo",
      state: "pending",
      fields: { name: "Ada", email: "ada@example.com", phone: "555 0100" },
      createdAt: T0,
      attempts: 0,
      nextAttemptAt: T0,
      resume: null,
    });
    expect(store.dialect).toBe(dialect);
    expect(await store.incidents.health()).toEqual({
      pending: 1,
      dead: 0,
      spam: 0,
      oldestPendingAt: T0,
      channels: { formservice: { pending: 1, dead: 0, oldestPendingAt: T0 } },
    });
  });

  it("keeps the resume where every reader finds it and removes the temp file", async () => {
    const bytes = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(1000, 7)]);
    const tempPath = await tempResume(bytes);
    const accepted = lead({
      formId: "nurse-application",
      resume: { tempPath, name: "cv.pdf", kind: "pdf", size: bytes.length, sha256: "abc" },
    });
    await store.intake.acceptLead(accepted);
    expect(existsSync(tempPath)).toBe(false);
    const blob = await store.outbox.readResume(accepted.id);
    expect(blob?.type).toBe("application/pdf");
    expect(Buffer.from((await blob?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(bytes);
    const stored = await store.operations.get(accepted.id);
    expect(stored?.resume).toEqual({ name: "cv.pdf", kind: "pdf", size: bytes.length, sha256: "abc" });
    if (dialect === "sqlite") {
      expect(stored?.resumeLocation).toBe(path.join(harness.dataDir(), "resumes", `${accepted.id}.pdf`));
      expect(await readFile(stored?.resumeLocation ?? "")).toEqual(bytes);
    }
  });

  it("replays an idempotency key with the same payload and refuses it with another", async () => {
    const claim = { key: "key-1", payloadHash: "hash-a", staleBefore: T0 - 24 * HOUR };
    const first = lead();
    expect(await store.intake.acceptLead(first, claim)).toEqual({ kind: "created", leadId: first.id });
    expect(await store.intake.acceptLead(lead(), claim)).toEqual({ kind: "replay", leadId: first.id });
    expect(await store.intake.acceptLead(lead(), { ...claim, payloadHash: "hash-b" })).toEqual({
      kind: "conflict",
    });
    expect(await store.operations.list({})).toHaveLength(1);
  });

  it("keeps no file of an application that is replayed or refused for its idempotency key", async () => {
    const claim = { key: "key-cv", payloadHash: "hash-a", staleBefore: T0 - 24 * HOUR };
    const first = await application();
    const replayed = await application();
    const refused = await application();
    expect(await store.intake.acceptLead(first, claim)).toEqual({ kind: "created", leadId: first.id });
    expect(await store.intake.acceptLead(replayed, claim)).toEqual({ kind: "replay", leadId: first.id });
    expect(await store.intake.acceptLead(refused, { ...claim, payloadHash: "hash-b" })).toEqual({
      kind: "conflict",
    });
    for (const { resume } of [replayed, refused]) expect(existsSync(resume?.tempPath ?? "")).toBe(false);
    if (dialect === "sqlite")
      expect(await readdir(path.join(harness.dataDir(), "resumes"))).toEqual([`${first.id}.pdf`]);
    expect(await store.outbox.readResume(first.id)).not.toBeNull();
  });

  it.runIf(dialect === "postgres")(
    "holds an application back while as many resumes as allowed are on their way into the database",
    async () => {
      await reopenWith({ resumesInMemory: 1 });
      const [first, second] = [await application(), await application()];
      // Another transaction holds the first application's idempotency key uncommitted: its insert waits there,
      // with its resume's bytes in memory.
      const blocker = (await harness.connect?.()) as pg.Client;
      try {
        await blocker.query("BEGIN");
        const holder = randomUUID();
        await blocker.query(
          `INSERT INTO leads (id, form_id, state, fields, created_at) VALUES ($1, 'chartassist-demo', 'pending', '{}', $2)`,
          [holder, T0],
        );
        await blocker.query(
          "INSERT INTO idempotency_keys (key, payload_hash, lead_id, created_at) VALUES ('held', 'x', $1, $2)",
          [holder, T0],
        );
        const firstOutcome = store.intake.acceptLead(first, {
          key: "held",
          payloadHash: "hash",
          staleBefore: T0 - 24 * HOUR,
        });
        await sleep(100);
        const secondOutcome = store.intake.acceptLead(second);
        const demo = lead();
        const demoOutcome = await Promise.race([store.intake.acceptLead(demo), sleep(2000, "still waiting")]);
        expect(demoOutcome, "a lead without a resume never waits").toEqual({
          kind: "created",
          leadId: demo.id,
        });
        await sleep(300);
        expect(await store.operations.get(second.id), "waits for the first resume's turn to end").toBeNull();
        await blocker.query("ROLLBACK");
        expect(await firstOutcome).toEqual({ kind: "created", leadId: first.id });
        expect(await secondOutcome).toEqual({ kind: "created", leadId: second.id });
        expect(await store.outbox.readResume(second.id)).not.toBeNull();
      } finally {
        // A failed expectation leaves the first application waiting on this transaction: let it go.
        await blocker.query("ROLLBACK");
        await blocker.end();
      }
    },
  );

  it.runIf(dialect === "postgres")(
    "gives its turn back when an application fails on its way in, so the next is not stuck behind it",
    async () => {
      await reopenWith({ resumesInMemory: 1 });
      const [lost, next] = [await application(), await application()];
      // Its upload vanished from DATA_DIR/tmp (a crash's sweep, a full disk): reading it fails.
      await rm(lost.resume?.tempPath ?? "");
      await expect(store.intake.acceptLead(lost)).rejects.toMatchObject({ code: "ENOENT" });
      const outcome = await Promise.race([store.intake.acceptLead(next), sleep(2000, "still waiting")]);
      expect(outcome).toEqual({ kind: "created", leadId: next.id });
    },
  );

  it("answers concurrent requests with one key with one lead", async () => {
    const claim = { key: "same-key", payloadHash: "hash", staleBefore: T0 - 24 * HOUR };
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => store.intake.acceptLead(lead(), claim)),
    );
    const created = outcomes.filter((outcome) => outcome.kind === "created");
    expect(created).toHaveLength(1);
    const leadId = created[0]?.kind === "created" ? created[0].leadId : "";
    expect(outcomes.filter((outcome) => outcome.kind === "replay")).toEqual(
      Array.from({ length: 4 }, () => ({ kind: "replay", leadId })),
    );
    expect(await store.operations.list({})).toHaveLength(1);
  });

  it("forgets an idempotency key after its window", async () => {
    await store.intake.acceptLead(lead(), { key: "old", payloadHash: "a", staleBefore: T0 - 24 * HOUR });
    const later = lead({ createdAt: T0 + 25 * HOUR });
    expect(
      await store.intake.acceptLead(later, { key: "old", payloadHash: "b", staleBefore: T0 + HOUR }),
    ).toEqual({
      kind: "created",
      leadId: later.id,
    });
  });

  it("keeps spam out of the outbox", async () => {
    const spam = lead({ state: "spam" });
    await store.intake.acceptLead(spam);
    expect((await store.operations.get(spam.id))?.state).toBe("spam");
    expect(await store.outbox.claimDue(T0 + HOUR, 10, 60_000)).toEqual([]);
    expect(await store.incidents.health()).toEqual({
      pending: 0,
      dead: 0,
      spam: 1,
      oldestPendingAt: null,
      channels: {},
    });
  });

  it("leases a claimed lead to one worker until the lease runs out", async () => {
    const accepted = lead({ formId: "nurse-application" });
    await store.intake.acceptLead(accepted);
    expect(await store.outbox.claimDue(T0 - 1, 10, 60_000)).toEqual([]);
    const claimed = await store.outbox.claimDue(T0, 10, 60_000);
    expect(claimed).toEqual([
      {
        id: expect.any(String),
        channel: "formservice",
        leadId: accepted.id,
        lease: expect.any(String),
        formId: "nurse-application",
        fields: accepted.fields,
        resume: null,
        source: {},
        openingTitle: null,
        attempts: 0,
        enqueuedAt: T0,
        createdAt: T0,
      },
    ]);
    expect(await store.outbox.claimDue(T0 + 59_999, 10, 60_000)).toEqual([]);
    expect(await store.outbox.nextDueAt()).toBe(T0 + 60_000);
    expect(await store.outbox.claimDue(T0 + 60_000, 10, 60_000)).toHaveLength(1);
  });

  it("never hands one lead to two concurrent claimers", async () => {
    const ids = new Set<string>();
    for (let index = 0; index < 20; index++) {
      const accepted = lead({ createdAt: T0 + index });
      ids.add(accepted.id);
      await store.intake.acceptLead(accepted);
    }
    const batches = await Promise.all(
      Array.from({ length: 4 }, () => store.outbox.claimDue(T0 + HOUR, 8, 60_000)),
    );
    const claimed = batches.flat().map((delivery) => delivery.leadId);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed).toHaveLength(20);
    expect(new Set(claimed)).toEqual(ids);
  });

  it("fences outcomes by the lease: a worker whose lease ran out and was claimed again changes nothing", async () => {
    const accepted = lead();
    await store.intake.acceptLead(accepted);
    const [first] = await store.outbox.claimDue(T0, 10, 60_000);
    // Its lease ran out (a stalled worker): the lead is claimed again by a second worker.
    const [second] = await store.outbox.claimDue(T0 + 60_000, 10, 60_000);
    expect(second?.leadId).toBe(accepted.id);
    expect(second?.lease).not.toBe(first?.lease);

    expect(await store.outbox.markDelivered(accepted.id, first?.lease ?? "", T0 + 60_500)).toBe(false);
    const failure = {
      at: T0 + 60_500,
      nextAttemptAt: null,
      status: 503,
      error: "HTTP 503",
      problem: "service",
    } as const;
    expect(await store.outbox.recordFailure(accepted.id, first?.lease ?? "", failure)).toBe(false);
    expect(await store.outbox.releaseLease(accepted.id, first?.lease ?? "")).toBe(false);
    expect(await store.operations.get(accepted.id)).toMatchObject({
      state: "pending",
      attempts: 0,
      lastError: null,
    });
    expect(await store.outbox.claimDue(T0 + 61_000, 10, 60_000)).toEqual([]);

    expect(await store.outbox.markDelivered(accepted.id, second?.lease ?? "", T0 + 61_000)).toBe(true);
    expect(await store.operations.get(accepted.id)).toMatchObject({
      state: "delivered",
      attempts: 1,
      deliveredAt: T0 + 61_000,
    });
  });

  it("refuses an outcome once the lease has run out, even before anyone claims again", async () => {
    const accepted = lead();
    await store.intake.acceptLead(accepted);
    const [claim] = await store.outbox.claimDue(T0, 10, 60_000);
    expect(await store.outbox.markDelivered(accepted.id, claim?.lease ?? "", T0 + 60_000)).toBe(false);
    expect((await store.operations.get(accepted.id))?.state).toBe("pending");
    expect(await store.outbox.markDelivered(accepted.id, "not-a-lease", T0 + 1)).toBe(false);
  });

  it("makes a retried lead in flight wait for its lease", async () => {
    const accepted = lead();
    await store.intake.acceptLead(accepted);
    const [claim] = await store.outbox.claimDue(T0, 10, 60_000);
    expect(await store.operations.retry(accepted.id, T0 + 1000)).toBe(true);
    expect(await store.operations.get(accepted.id)).toMatchObject({
      state: "pending",
      nextAttemptAt: T0 + 1000,
    });
    // Due now, but still leased: no second worker gets it while the first is sending.
    expect(await store.outbox.claimDue(T0 + 1000, 10, 60_000)).toEqual([]);
    expect(await store.outbox.nextDueAt()).toBe(T0 + 60_000);
    // The holder's outcome still counts.
    expect(
      await store.outbox.recordFailure(accepted.id, claim?.lease ?? "", {
        at: T0 + 2000,
        nextAttemptAt: T0 + 2000,
        status: 503,
        error: "HTTP 503",
        problem: "service",
      }),
    ).toBe(true);
    const [again] = await store.outbox.claimDue(T0 + 2000, 10, 60_000);
    expect(again?.leadId).toBe(accepted.id);
    // A worker that gives up on an attempt during which the operator retried does not kill the lead.
    expect(await store.operations.retry(accepted.id, T0 + 2500)).toBe(true);
    expect(
      await store.outbox.recordFailure(accepted.id, again?.lease ?? "", {
        at: T0 + 3000,
        nextAttemptAt: null,
        enqueuedAt: again?.enqueuedAt ?? 0,
        status: 503,
        error: "HTTP 503",
        problem: "service",
      }),
    ).toBe(true);
    expect(await store.operations.get(accepted.id)).toMatchObject({
      state: "pending",
      nextAttemptAt: T0 + 3000,
    });
    const [third] = await store.outbox.claimDue(T0 + 3000, 10, 60_000);
    expect(third?.enqueuedAt).toBe(T0 + 2500);
    // A released lease makes it available at once.
    expect(await store.outbox.releaseLease(accepted.id, third?.lease ?? "")).toBe(true);
    expect(await store.outbox.claimDue(T0 + 3001, 10, 60_000)).toHaveLength(1);
  });

  it("keeps no file for honeypot spam", async () => {
    const bytes = Buffer.from("%PDF-1.7 spam");
    const tempPath = await tempResume(bytes);
    const spam = lead({
      state: "spam",
      formId: "nurse-application",
      resume: { tempPath, name: "cv.pdf", kind: "pdf", size: bytes.length, sha256: "s" },
    });
    await store.intake.acceptLead(spam);
    expect(existsSync(tempPath)).toBe(false);
    expect(await store.operations.get(spam.id)).toMatchObject({
      state: "spam",
      resume: null,
      resumeLocation: null,
    });
    expect(await store.outbox.readResume(spam.id)).toBeNull();
    if (dialect === "sqlite") expect(await readdir(path.join(harness.dataDir(), "resumes"))).toEqual([]);
  });

  it("purges in short transactions, however many leads match", async () => {
    const many = Array.from({ length: BULK_BATCH * 2 + 7 }, (_, index) =>
      lead({ state: "spam", createdAt: T0 + index }),
    );
    for (const item of many) await store.intake.acceptLead(item);
    const kept = lead({ state: "spam", createdAt: T0 + 10 * HOUR });
    await store.intake.acceptLead(kept);
    expect(await store.operations.purge(T0 + HOUR, T0 + HOUR)).toMatchObject({ leads: many.length });
    expect((await store.operations.list({})).map((item) => item.id)).toEqual([kept.id]);
  });

  it("marks a delivered lead and stops offering it", async () => {
    const accepted = lead();
    await store.intake.acceptLead(accepted);
    const [claim] = await store.outbox.claimDue(T0, 10, 60_000);
    expect(await store.outbox.markDelivered(accepted.id, claim?.lease ?? "", T0 + 500)).toBe(true);
    expect(await store.operations.get(accepted.id)).toMatchObject({
      state: "delivered",
      deliveredAt: T0 + 500,
      attempts: 1,
    });
    expect(await store.outbox.claimDue(T0 + 10 * HOUR, 10, 60_000)).toEqual([]);
    expect(await store.incidents.health()).toEqual({
      pending: 0,
      dead: 0,
      spam: 0,
      oldestPendingAt: null,
      channels: {},
    });
  });

  it("reschedules a failed attempt, then marks the lead dead, and retries it on request", async () => {
    const accepted = lead();
    await store.intake.acceptLead(accepted);
    const [first] = await store.outbox.claimDue(T0, 10, 60_000);
    await store.outbox.recordFailure(accepted.id, first?.lease ?? "", {
      at: T0 + 10,
      nextAttemptAt: T0 + 5000,
      status: 200,
      error: "HTTP 200 success=false: This form needs Activation.",
      problem: "activation",
    });
    expect(await store.operations.get(accepted.id)).toMatchObject({
      state: "pending",
      attempts: 1,
      nextAttemptAt: T0 + 5000,
      lastAttemptAt: T0 + 10,
      lastStatus: 200,
      lastError: "HTTP 200 success=false: This form needs Activation.",
      problem: "activation",
    });
    const report = await store.operations.status();
    expect(report.problems).toEqual([
      {
        channel: "formservice",
        problem: "activation",
        count: 1,
        lastError: "HTTP 200 success=false: This form needs Activation.",
        lastAttemptAt: T0 + 10,
      },
    ]);
    expect(await store.outbox.claimDue(T0 + 4999, 10, 60_000)).toEqual([]);
    const [second] = await store.outbox.claimDue(T0 + 5000, 10, 60_000);
    expect(second?.leadId).toBe(accepted.id);
    await store.outbox.recordFailure(accepted.id, second?.lease ?? "", {
      at: T0 + 6000,
      nextAttemptAt: null,
      status: 503,
      error: "HTTP 503",
      problem: "service",
    });
    expect((await store.operations.get(accepted.id))?.state).toBe("dead");
    expect(await store.outbox.claimDue(T0 + 100 * HOUR, 10, 60_000)).toEqual([]);

    expect(await store.operations.retry(accepted.id, T0 + 7000)).toBe(true);
    expect(await store.operations.get(accepted.id)).toMatchObject({
      state: "pending",
      attempts: 0,
      nextAttemptAt: T0 + 7000,
    });
    const [again] = await store.outbox.claimDue(T0 + 7000, 10, 60_000);
    expect(again?.enqueuedAt).toBe(T0 + 7000);
  });

  it("retries every dead lead at once and refuses to retry delivered ones", async () => {
    const dead = [lead(), lead()];
    for (const item of dead) {
      await store.intake.acceptLead(item);
      await store.outbox.recordFailure(item.id, await leaseOf(store, item.id, T0), {
        at: T0,
        nextAttemptAt: null,
        status: null,
        error: "x",
        problem: "network",
      });
    }
    const delivered = lead();
    await store.intake.acceptLead(delivered);
    await store.outbox.markDelivered(delivered.id, await leaseOf(store, delivered.id, T0), T0);
    expect(await store.operations.retry(delivered.id, T0)).toBe(false);
    expect(await store.operations.retry(randomUUID(), T0)).toBe(false);
    expect(await store.operations.retryDead(T0 + 1)).toBe(2);
    expect((await store.operations.list({ state: "pending" })).map((item) => item.id).sort()).toEqual(
      dead.map((item) => item.id).sort(),
    );
  });

  it("counts by form and state and filters lists", async () => {
    await store.intake.acceptLead(lead({ createdAt: T0 }));
    await store.intake.acceptLead(lead({ formId: "payroll-info", createdAt: T0 + HOUR }));
    await store.intake.acceptLead(lead({ state: "spam", createdAt: T0 + 2 * HOUR }));
    const report = await store.operations.status();
    expect(report.counts).toEqual([
      { formId: "chartassist-demo", state: "pending", count: 1 },
      { formId: "chartassist-demo", state: "spam", count: 1 },
      { formId: "payroll-info", state: "pending", count: 1 },
    ]);
    expect(report.oldestPendingAt).toBe(T0);
    expect(await store.operations.list({ formId: "payroll-info" })).toHaveLength(1);
    expect(await store.operations.list({ state: "spam" })).toHaveLength(1);
    expect((await store.operations.list({ since: T0 + HOUR })).map((item) => item.createdAt)).toEqual([
      T0 + HOUR,
      T0 + 2 * HOUR,
    ]);
  });

  it("purges old delivered and spam leads with their files, and keeps everything else", async () => {
    const bytes = Buffer.from("%PDF-1.4 old resume");
    const oldDelivered = lead({
      formId: "nurse-application",
      resume: {
        tempPath: await tempResume(bytes),
        name: "a.pdf",
        kind: "pdf",
        size: bytes.length,
        sha256: "x",
      },
    });
    const oldSpam = lead({ state: "spam" });
    const oldPending = lead();
    const recentDelivered = lead({ createdAt: T0 + 40 * 24 * HOUR });
    for (const item of [oldDelivered, oldSpam, oldPending, recentDelivered])
      await store.intake.acceptLead(item);
    await store.outbox.markDelivered(oldDelivered.id, await leaseOf(store, oldDelivered.id, T0), T0);
    await store.outbox.markDelivered(
      recentDelivered.id,
      await leaseOf(store, recentDelivered.id, T0 + 40 * 24 * HOUR),
      T0 + 40 * 24 * HOUR,
    );
    const location = (await store.operations.get(oldDelivered.id))?.resumeLocation ?? "";

    const result = await store.operations.purge(T0 + 30 * 24 * HOUR, T0 + 41 * 24 * HOUR);
    expect(result).toMatchObject({ leads: 2, files: 1 });
    expect(await store.operations.get(oldDelivered.id)).toBeNull();
    expect(await store.operations.get(oldSpam.id)).toBeNull();
    expect(await store.outbox.readResume(oldDelivered.id)).toBeNull();
    if (dialect === "sqlite") expect(existsSync(location)).toBe(false);
    expect((await store.operations.list({})).map((item) => item.id).sort()).toEqual(
      [oldPending.id, recentDelivered.id].sort(),
    );
  });

  it("adopts a database made by the old hand-written migration runner, rows and all", async () => {
    await store.close();
    await harness.reset();
    const id = randomUUID();
    await harness.exec(`${harness.legacySchema};
      INSERT INTO schema_migrations (version, applied_at) VALUES (1, ${T0});
      INSERT INTO leads (id, form_id, state, fields, created_at)
        VALUES ('${id}', 'chartassist-demo', 'pending', '{"name":"Ada"}', ${T0});
      INSERT INTO outbox (lead_id, enqueued_at, next_attempt_at) VALUES ('${id}', ${T0}, ${T0});`);
    store = await harness.open();
    expect(await store.operations.get(id)).toMatchObject({
      state: "pending",
      fields: { name: "Ada" },
      nextAttemptAt: T0,
      deliveries: [{ id, channel: "formservice", state: "pending", attempts: 0 }],
    });
    const [claim] = await store.outbox.claimDue(T0, 10, 60_000);
    expect(claim?.leadId).toBe(id);
    expect(await store.outbox.markDelivered(id, claim?.lease ?? "", T0 + 1)).toBe(true);
    await store.close();
    // Adopted once: a second start finds nothing left to migrate.
    store = await harness.open();
    expect((await store.operations.get(id))?.state).toBe("delivered");
  });

  it("gives each channel its own delivery; the lead is delivered when all are, dead when any is", async () => {
    await reopenWith({ channels: ["smtp", "webhook"] });
    const accepted = lead();
    await store.intake.acceptLead(accepted);
    const claims = await store.outbox.claimDue(T0, 10, 60_000);
    expect(claims.map((claim) => claim.channel).sort()).toEqual(["smtp", "webhook"]);
    expect(new Set(claims.map((claim) => claim.id)).size).toBe(2);
    const smtp = claims.find((claim) => claim.channel === "smtp");
    const webhook = claims.find((claim) => claim.channel === "webhook");
    if (!smtp || !webhook) throw new Error("both channels must be claimed");

    expect(await store.outbox.markDelivered(accepted.id, smtp.lease, T0 + 10)).toBe(true);
    expect(await store.operations.get(accepted.id)).toMatchObject({ state: "pending", deliveredAt: null });
    expect(
      await store.outbox.recordFailure(accepted.id, webhook.lease, {
        at: T0 + 20,
        nextAttemptAt: T0 + 1000,
        status: 503,
        error: "HTTP 503",
        problem: "service",
      }),
    ).toBe(true);
    const [again] = await store.outbox.claimDue(T0 + 1000, 10, 60_000);
    // The retry keeps the delivery's id (the webhook-id), and only the undelivered channel comes back.
    expect(again).toMatchObject({ id: webhook.id, channel: "webhook", attempts: 1 });
    await store.outbox.recordFailure(accepted.id, again?.lease ?? "", {
      at: T0 + 1010,
      nextAttemptAt: null,
      status: 410,
      error: "HTTP 410",
      problem: "gone",
    });
    expect(await store.operations.get(accepted.id)).toMatchObject({
      state: "dead",
      problem: "gone",
      deliveries: [
        { channel: "smtp", state: "delivered", attempts: 1 },
        { channel: "webhook", state: "dead", attempts: 2, lastStatus: 410, problem: "gone" },
      ],
    });
    expect(await store.incidents.health()).toMatchObject({
      dead: 1,
      channels: { webhook: { pending: 0, dead: 1, oldestPendingAt: null } },
    });
    const report = await store.operations.status();
    expect(report.channels).toEqual([
      { channel: "smtp", state: "delivered", count: 1 },
      { channel: "webhook", state: "dead", count: 1 },
    ]);
    expect(report.problems).toMatchObject([{ channel: "webhook", problem: "gone", count: 1 }]);

    expect(await store.operations.retry(accepted.id, T0 + 2000)).toBe(true);
    const [third] = await store.outbox.claimDue(T0 + 2000, 10, 60_000);
    expect(third).toMatchObject({ id: webhook.id, channel: "webhook", attempts: 0 });
    expect(await store.outbox.markDelivered(accepted.id, third?.lease ?? "", T0 + 2010)).toBe(true);
    expect(await store.operations.get(accepted.id)).toMatchObject({
      state: "delivered",
      deliveredAt: T0 + 2010,
    });
    expect(await store.outbox.claimDue(T0 + 10 * HOUR, 10, 60_000)).toEqual([]);
  });

  it("leaves no lead pending when its channels deliver at the same moment", async () => {
    await reopenWith({ channels: ["smtp", "webhook"] });
    const leads = Array.from({ length: 20 }, () => lead());
    for (const accepted of leads) await store.intake.acceptLead(accepted);
    const claims = await store.outbox.claimDue(T0, 100, 60_000);
    expect(claims).toHaveLength(40);
    await Promise.all(claims.map((claim) => store.outbox.markDelivered(claim.leadId, claim.lease, T0 + 10)));
    expect(await store.incidents.health()).toMatchObject({ pending: 0, dead: 0 });
    expect((await store.operations.list({ state: "delivered" })).length).toBe(20);
  });

  it("opens an alert incident once until it is resolved, across a reopen", async () => {
    expect(await store.incidents.openIncident("dead", T0)).toBe(true);
    expect(await store.incidents.openIncident("dead", T0 + 1)).toBe(false);
    expect(await store.incidents.openIncident("stuck", T0 + 1)).toBe(true);
    await store.close();
    store = await harness.open();
    expect(await store.incidents.openIncident("dead", T0 + 2)).toBe(false);
    expect(await store.incidents.resolveIncident("dead")).toBe(true);
    expect(await store.incidents.resolveIncident("dead")).toBe(false);
    expect(await store.incidents.openIncident("dead", T0 + 3)).toBe(true);
  });

  it("keeps its data across a reopen", async () => {
    const accepted = lead();
    await store.intake.acceptLead(accepted);
    await store.close();
    store = await harness.open();
    expect((await store.operations.get(accepted.id))?.fields).toEqual(accepted.fields);
  });

  it("reports the oldest of several pending leads, and each lead's deliveries in the channels' order", async () => {
    expect(await store.outbox.nextDueAt()).toBeNull();
    // Not in name order: the list must follow the configured order, not the index's.
    await reopenWith({ channels: ["webhook", "smtp"] });
    const first = lead({ createdAt: T0 });
    await store.intake.acceptLead(lead({ createdAt: T0 + 5_000 }));
    await store.intake.acceptLead(first);
    const health = await store.incidents.health();
    expect(health.oldestPendingAt).toBe(T0);
    expect(health.channels.webhook?.oldestPendingAt).toBe(T0);
    expect((await store.operations.get(first.id))?.deliveries.map((delivery) => delivery.channel)).toEqual([
      "webhook",
      "smtp",
    ]);
  });

  it("forgets idempotency keys once they are a day old, and counts them", async () => {
    const claim = (key: string) => ({
      key,
      payloadHash: `hash-${key}`,
      staleBefore: T0 - IDEMPOTENCY_WINDOW_MS,
    });
    const old = lead({ createdAt: T0 });
    const recent = lead({ createdAt: T0 + HOUR });
    await store.intake.acceptLead(old, claim("old"));
    await store.intake.acceptLead(recent, claim("recent"));
    const now = T0 + IDEMPOTENCY_WINDOW_MS + 1;
    // Nothing is delivered yet, so no lead goes: only the key past its day.
    expect(await store.operations.purge(T0, now)).toEqual({ leads: 0, files: 0, idempotencyKeys: 1 });
    const again = { staleBefore: now - IDEMPOTENCY_WINDOW_MS };
    expect(await store.intake.acceptLead(lead(), { ...claim("recent"), ...again })).toEqual({
      kind: "replay",
      leadId: recent.id,
    });
    expect(await store.intake.acceptLead(lead(), { ...claim("old"), ...again })).toMatchObject({
      kind: "created",
    });
  });

  it("reports a closed store as unavailable, in every call, and closes only once", async () => {
    const id = randomUUID();
    await store.close();
    await store.close();
    const calls: [string, () => Promise<unknown>][] = [
      ["acceptLead", () => store.intake.acceptLead(lead())],
      ["health", () => store.incidents.health()],
      ["claimDue", () => store.outbox.claimDue(T0, 10, 60_000)],
      ["readResume", () => store.outbox.readResume(id)],
      ["markDelivered", () => store.outbox.markDelivered(id, "lease", T0)],
      [
        "recordFailure",
        () =>
          store.outbox.recordFailure(id, "lease", {
            at: T0,
            nextAttemptAt: null,
            status: 500,
            error: "x",
            problem: "service",
          }),
      ],
      ["releaseLease", () => store.outbox.releaseLease(id, "lease")],
      ["nextDueAt", () => store.outbox.nextDueAt()],
      ["status", () => store.operations.status()],
      ["sources", () => store.operations.sources()],
      ["list", () => store.operations.list({})],
      ["get", () => store.operations.get(id)],
      ["retry", () => store.operations.retry(id, T0)],
      ["retryDead", () => store.operations.retryDead(T0)],
      ["openIncident", () => store.incidents.openIncident("dead", T0)],
      ["resolveIncident", () => store.incidents.resolveIncident("dead")],
      ["erase", () => store.erasure.erase([id])],
      ["purge", () => store.operations.purge(T0, T0)],
    ];
    for (const [name, call] of calls)
      await expect(call(), name).rejects.toThrow(/^The lead store is closed\.$/);
  });
});
