import { describe, expect, it, vi } from "vitest";
import { createLogger } from "../runtime/logger.ts";
import { startStaffUpkeep } from "./staff-upkeep.ts";

const store = {
  audit: { purgeBefore: async () => 0 },
  operations: { refreshStatistics: async () => undefined },
  inbound: { purgeUnmatched: async () => 0 },
  openings: { expirePast: async () => [] },
};

describe("the staff upkeep's document reminders", () => {
  it("runs the reminder sweep at start-up and wakes the mail worker when it queued mail", async () => {
    const reminders = vi.fn(async () => ({ mails: 2, reminders: 3 }));
    const onQueued = vi.fn();
    const upkeep = startStaffUpkeep({
      store,
      logger: createLogger("silent"),
      retentionDays: 365,
      reminders,
      onQueued,
    });
    try {
      await vi.waitFor(() => expect(onQueued).toHaveBeenCalledTimes(1));
      expect(await upkeep.remind()).toEqual({ mails: 2, reminders: 3 });
      expect(reminders).toHaveBeenCalledTimes(2);
    } finally {
      await upkeep.stop();
    }
  });

  it("wakes nobody when the sweep queued nothing, and survives its failure", async () => {
    const onQueued = vi.fn();
    const failing = vi.fn(async (): Promise<{ mails: number; reminders: number }> => {
      throw new Error("database down");
    });
    const upkeep = startStaffUpkeep({
      store,
      logger: createLogger("silent"),
      retentionDays: 365,
      reminders: failing,
      onQueued,
    });
    try {
      expect(await upkeep.remind()).toBeNull();
      expect(onQueued).not.toHaveBeenCalled();
    } finally {
      await upkeep.stop();
    }
  });
});
