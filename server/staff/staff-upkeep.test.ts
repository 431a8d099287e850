import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { CONFIRMATION_WINDOW_MS } from "../mail/confirmation-plan.ts";
import type { Store } from "../store/store.ts";
import { waitFor } from "../test/server-process.ts";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../test/test-database.ts";
import { startStaffUpkeep } from "./staff-upkeep.ts";

const NOW = Date.parse("2026-03-02T12:00:00Z");
const HOUR = 3_600_000;

/** The staff upkeep forgets the confirmation counts whose 24 hours are over, and keeps those still counting. */
describe.each(DIALECTS)("the staff upkeep on %s", (dialect) => {
  let database: TestDatabase;
  let store: Store;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, "staff-upkeep");
    store = await database.openStore();
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it("deletes confirmation_limits rows a window old or older, at start-up and on each sweep", async () => {
    const limits = () =>
      store.authDatabase.db
        .selectFrom("confirmation_limits")
        .select(["address_hash", "confirmed_at"])
        .orderBy("address_hash")
        .execute()
        .then((rows) => rows.map((row) => row.address_hash));
    await store.authDatabase.db
      .insertInto("confirmation_limits")
      .values([
        { address_hash: "a-day-and-an-hour", confirmed_at: NOW - CONFIRMATION_WINDOW_MS - HOUR },
        { address_hash: "b-a-day", confirmed_at: NOW - CONFIRMATION_WINDOW_MS },
        { address_hash: "c-23-hours", confirmed_at: NOW - CONFIRMATION_WINDOW_MS + HOUR },
        { address_hash: "d-now", confirmed_at: NOW },
      ])
      .execute();
    let clock = NOW;
    const upkeep = startStaffUpkeep({
      store,
      logger: createLogger("silent"),
      retentionDays: 365,
      now: () => clock,
    });
    try {
      // The start-up run.
      await waitFor(async () => ((await limits()).length < 4 ? true : undefined));
      expect(await limits()).toEqual(["c-23-hours", "d-now"]);
      clock = NOW + 2 * HOUR;
      await upkeep.sweep();
      expect(await limits()).toEqual(["d-now"]);
    } finally {
      await upkeep.stop();
    }
  });
});
