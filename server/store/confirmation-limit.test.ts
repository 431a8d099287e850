import { describe, expect, it } from "vitest";
import { DIALECTS } from "../../test-support/test-database.ts";
import { storeFixture } from "../../test-support/vitest-fixtures.ts";
import { loadConfig } from "../config.ts";
import {
  CONFIRMATION_WINDOW_MS,
  confirmationPlan,
  confirmationSettingsOf,
} from "../mail/confirmation-plan.ts";
import { newId } from "./ids.ts";

const T0 = Date.parse("2026-03-02T15:00:00Z");
const HOUR = 3_600_000;
const on = confirmationSettingsOf(
  loadConfig({ SMTP_URL: "smtp://127.0.0.1:2525", MAIL_FROM: "Northwind Care <hello@northwind.example>" }),
);
const off = { ...on, enabled: false };

/**
 * One confirmation per address per 24 hours, decided in the lead's transaction from the leads with that address
 * and their queued confirmations (decision 024), whatever the address's case or spaces.
 */
describe.each(DIALECTS)("the confirmation limit on %s", (dialect) => {
  const { store } = storeFixture(dialect, "confirmation-limit");

  /** A lead from `email` at `at`, and what became of its confirmation. */
  async function accept(email: string, at: number, settings = on, state: "pending" | "spam" = "pending") {
    const fields = { name: "Ada Lovelace", email, phone: "", message: "" };
    const { leadId } = (await store.intake.acceptLead({
      id: newId(),
      formId: "payroll-info",
      state,
      fields,
      createdAt: at,
      confirmation: confirmationPlan({ formId: "payroll-info", state, fields }, settings),
    })) as { leadId: string };
    const row = await store.authDatabase.db
      .selectFrom("mail_outbox")
      .select(["state", "not_sent"])
      .where("lead_id", "=", leadId)
      .where("kind", "=", "confirmation")
      .executeTakeFirstOrThrow();
    return row.not_sent ?? row.state;
  }

  it("queues the first, refuses the same address in any case within 24 hours, and queues again after them", async () => {
    expect(await accept("limit@example.com", T0)).toBe("pending");
    expect(await accept(" LIMIT@Example.COM", T0 + HOUR)).toBe("recently_confirmed");
    expect(await accept("limit@example.com", T0 + CONFIRMATION_WINDOW_MS - 1)).toBe("recently_confirmed");
    expect(await accept("limit@example.com", T0 + CONFIRMATION_WINDOW_MS)).toBe("pending");
    // Another address is counted on its own.
    expect(await accept("other@example.com", T0 + HOUR)).toBe("pending");
  });

  it("counts only confirmations that were queued: none for spam or while turned off", async () => {
    expect(await accept("quiet@example.com", T0, on, "spam")).toBe("spam");
    expect(await accept("quiet@example.com", T0 + HOUR, off)).toBe("disabled");
    expect(await accept("quiet@example.com", T0 + 2 * HOUR)).toBe("pending");
  });
});
