import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spellingsOfOneMailbox } from "../../test-support/mailbox-spellings.ts";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../test-support/test-database.ts";
import { storeFixture } from "../../test-support/vitest-fixtures.ts";
import { loadConfig } from "../config.ts";
import {
  CONFIRMATION_WINDOW_MS,
  type ConfirmationSettings,
  confirmationPlan,
  confirmationSettingsOf,
} from "../mail/confirmation-plan.ts";
import { newId } from "./ids.ts";
import type { Store } from "./store.ts";

const T0 = Date.parse("2026-03-02T15:00:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The settings of a server with a mail server, and any other variables. */
const settingsWith = (env: Record<string, string> = {}) =>
  confirmationSettingsOf(
    loadConfig({
      SMTP_URL: "smtp://127.0.0.1:2525",
      MAIL_FROM: "Northwind Care <hello@northwind.example>",
      ...env,
    }),
  );
const on = settingsWith();
const off = { ...on, enabled: false };

/** A lead from `email` at `at` in `store`, and what became of its confirmation, as its row records it. */
async function acceptIn(
  store: Store,
  email: string,
  at: number,
  settings: ConfirmationSettings = on,
  state: "pending" | "spam" = "pending",
) {
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

/** How many of these outcomes there are of each kind. */
const tally = (outcomes: string[]) =>
  outcomes.reduce<Record<string, number>>((counts, outcome) => {
    counts[outcome] = (counts[outcome] ?? 0) + 1;
    return counts;
  }, {});

/**
 * One confirmation per mailbox per 24 hours, at most CONFIRMATIONS_PER_DOMAIN_PER_HOUR to one domain and
 * CONFIRMATIONS_PER_HOUR in all, decided in the lead's transaction (decision 024): the mailbox's from the queued
 * confirmations' keys, the hour's from its counters.
 */
describe.each(DIALECTS)("the confirmation limit on %s", (dialect) => {
  const { store } = storeFixture(dialect, "confirmation-limit");

  const accept = (email: string, at: number, settings = on, state: "pending" | "spam" = "pending") =>
    acceptIn(store, email, at, settings, state);

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

  it("records a confirmation the mail checks refuse as not sent, instead of dropping it", async () => {
    const broken = { ...on, mail: { from: "not an address" } };
    expect(await accept("refused@example.com", T0 + 600 * DAY, broken)).toBe("refused");
    // It used nothing up: the mailbox still gets its confirmation.
    expect(await accept("refused@example.com", T0 + 600 * DAY + 1)).toBe("pending");
  });

  it("sends one confirmation a day to every spelling of one mailbox: case, +tags, Gmail's dots, googlemail.com", async () => {
    // Each run two days after the one before, so no run meets another's confirmation or hour.
    let run = 0;
    await fc.assert(
      fc.asyncProperty(spellingsOfOneMailbox, async ({ spellings }) => {
        const start = T0 + 30 * DAY + run++ * 2 * DAY;
        const outcomes = [];
        for (const [index, spelling] of spellings.entries())
          outcomes.push(await accept(spelling, start + index * HOUR));
        expect(outcomes).toEqual(["pending", ...spellings.slice(1).map(() => "recently_confirmed")]);
      }),
      { numRuns: dialect === "postgres" ? 30 : 60 },
    );
  });

  it("caps one recipient domain per clock hour, whatever its mailboxes, and counts only what was queued", async () => {
    const three = settingsWith({ CONFIRMATIONS_PER_DOMAIN_PER_HOUR: "3" });
    const hour = T0 + 400 * DAY;
    const outcomes = [];
    for (let n = 0; n < 5; n++)
      outcomes.push(await accept(`person${n}@clinic.example`, hour + n * 60_000, three));
    expect(outcomes).toEqual(["pending", "pending", "pending", "domain_limit", "domain_limit"]);
    // A mailbox already confirmed is refused for that, and counts toward nothing.
    expect(await accept("person0+again@clinic.example", hour + 10 * 60_000, three)).toBe(
      "recently_confirmed",
    );
    // Another domain has its own count; the next clock hour starts the domain's again.
    expect(await accept("someone@other-clinic.example", hour + 11 * 60_000, three)).toBe("pending");
    expect(await accept("person5@CLINIC.example", hour + HOUR, three)).toBe("pending");
    // Gmail and googlemail.com are one domain.
    const gmail = [];
    for (let n = 0; n < 4; n++)
      gmail.push(
        await accept(`friend${n}@${n % 2 ? "googlemail" : "gmail"}.com`, hour + 2 * HOUR + n, three),
      );
    expect(gmail).toEqual(["pending", "pending", "pending", "domain_limit"]);
  });

  it("keeps to the hourly budget for every confirmation, then starts again the next hour", async () => {
    const four = settingsWith({ CONFIRMATIONS_PER_HOUR: "4" });
    const hour = T0 + 500 * DAY;
    const outcomes = [];
    for (let n = 0; n < 6; n++)
      outcomes.push(await accept(`budget${n}@domain${n}.example`, hour + n * 1000, four));
    expect(outcomes).toEqual(["pending", "pending", "pending", "pending", "hourly_limit", "hourly_limit"]);
    expect(await accept("budget9@domain9.example", hour + HOUR - 1, four)).toBe("hourly_limit");
    expect(await accept("budget9@domain9.example", hour + HOUR, four)).toBe("pending");
    // The counters of hours long past are cleared as a new hour begins.
    const hours = await store.authDatabase.db
      .selectFrom("confirmation_budgets")
      .select("hour_start")
      .where("hour_start", "<", hour - HOUR)
      .execute();
    expect(hours).toEqual([]);
  });
});

/**
 * Two servers on one PostgreSQL database are two stores, each with its own pool: every decision takes its turn,
 * so what one instance queued counts for the other, however many leads arrive at once.
 */
describe.runIf(DIALECTS.includes("postgres"))(
  "the confirmation limits across two instances on PostgreSQL",
  () => {
    let database: TestDatabase;
    let stores: [Store, Store];

    beforeAll(async () => {
      database = await createTestDatabase("postgres", "confirmation-race");
      stores = [await database.openStore(), await database.openStore()];
    });
    afterAll(async () => {
      for (const store of stores ?? []) await store.close();
      await database?.drop();
    });

    /** Every lead at once, alternating between the two instances. */
    const atOnce = (emails: string[], at: number, settings: ConfirmationSettings) =>
      Promise.all(emails.map((email, n) => acceptIn(stores[n % 2] as Store, email, at + n, settings)));

    it("queues one confirmation for 30 spellings of one mailbox posted at once", async () => {
      const spellings = Array.from({ length: 30 }, (_, n) =>
        n % 3 === 0
          ? `Race.Mailbox+${n}@gmail.com`
          : n % 3 === 1
            ? `racemailbox@googlemail.com`
            : `r.a.c.e.mailbox@GMAIL.com`,
      );
      expect(tally(await atOnce(spellings, T0, on))).toEqual({ pending: 1, recently_confirmed: 29 });
    });

    it("queues exactly the domain's cap and the hour's budget from 24 mailboxes posted at once", async () => {
      const five = settingsWith({ CONFIRMATIONS_PER_DOMAIN_PER_HOUR: "5" });
      const domain = Array.from({ length: 24 }, (_, n) => `nurse${n}@race-clinic.example`);
      expect(tally(await atOnce(domain, T0 + 10 * DAY, five))).toEqual({ pending: 5, domain_limit: 19 });

      const seven = settingsWith({ CONFIRMATIONS_PER_HOUR: "7" });
      const everywhere = Array.from({ length: 24 }, (_, n) => `someone@race${n}.example`);
      expect(tally(await atOnce(everywhere, T0 + 20 * DAY, seven))).toEqual({ pending: 7, hourly_limit: 17 });
    });
  },
);
