/**
 * What a Vitest block's tests open and close again, each helper registering its own hooks in the block it is
 * called in (for Vitest suites only, not Playwright's). A fixture opens before each test (`per: "test"`) or once
 * before the block's tests (`per: "block"`, the default) and closes after them, after the block's own
 * after-hooks. What it returns stands for the one open for the running test: use it in tests and hooks (not
 * while the block is declared), as you would the object itself.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { Store, StoreOptions } from "../server/store/store.ts";
import type { StoreDialect } from "../server/store/store-records.ts";
import { type SmtpSink, startSmtpSink } from "./smtp-sink.ts";
import { openStaffHarness, type StaffHarness } from "./staff-harness.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

export interface FixtureTiming {
  per?: "test" | "block";
}

/**
 * A fresh database of the block's dialect (inside `describe.each(DIALECTS)`): a temp DATA_DIR, and on PostgreSQL
 * a schema of its own; no store open on it (for a server or a CLI that opens its own). Dropped after.
 */
export function databaseFixture(
  dialect: StoreDialect,
  name: string,
  { per = "block" }: FixtureTiming = {},
): TestDatabase {
  const current = openedAround(
    per,
    () => createTestDatabase(dialect, name),
    (database) => database.drop(),
  );
  return standIn(current, `the ${name} database`);
}

/** A fresh database (as databaseFixture) and a store open on it as the server opens it (with `options`). */
export function storeFixture(
  dialect: StoreDialect,
  name: string,
  { per = "block", ...options }: FixtureTiming & Omit<StoreOptions, "dataDir" | "databaseUrl"> = {},
): { database: TestDatabase; store: Store } {
  const current = openedAround(
    per,
    async () => {
      const database = await createTestDatabase(dialect, name);
      try {
        return { database, store: await database.openStore(options) };
      } catch (error) {
        await database.drop();
        throw error;
      }
    },
    async ({ database, store }) => {
      try {
        await store.close();
      } finally {
        await database.drop();
      }
    },
  );
  return {
    database: standIn(() => current()?.database, `the ${name} database`),
    store: standIn(() => current()?.store, `the ${name} store`),
  };
}

/**
 * The staff API in process over a fresh store (openStaffHarness), once for the block's tests. `env` may be a
 * function, read when the harness opens: settings that a before-hook registered earlier makes (a sink's URL).
 */
export function staffHarnessFixture(
  dialect: StoreDialect,
  env: Record<string, string> | (() => Record<string, string>) = {},
): StaffHarness {
  const current = openedAround(
    "block",
    () => openStaffHarness(dialect, typeof env === "function" ? env() : env),
    (harness) => harness.close(),
  );
  return standIn(current, "the staff harness");
}

/**
 * What a test sets up and must take down again (a server stopped, a store closed, a database dropped): push
 * each step as the test sets up; after each test they run newest first, so nothing outlives what it uses.
 */
export function cleanupsAfterEach(): (() => unknown)[] {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return cleanups;
}

/** A loopback SMTP server (startSmtpSink) for the block's tests. */
export function smtpSinkFixture(): SmtpSink {
  const current = openedAround(
    "block",
    () => startSmtpSink(),
    (sink) => sink.close(),
  );
  return standIn(current, "the SMTP sink");
}

/** Opens before each test or the block's tests, closes after them; returns what is open now. */
function openedAround<T>(
  per: "test" | "block",
  open: () => Promise<T>,
  close: (value: T) => Promise<unknown>,
): () => T | undefined {
  let value: T | undefined;
  const [before, after] = per === "test" ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    value = await open();
  });
  after(async () => {
    const opened = value;
    value = undefined;
    if (opened !== undefined) await close(opened);
  });
  return () => value;
}

/** An object that forwards every read to what `current` returns at that moment (methods bound to it). */
function standIn<T extends object>(current: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_, property) {
      const target = current();
      if (target === undefined) throw new Error(`${what} is open only while the block's tests run`);
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
