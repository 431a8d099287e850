import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type InProcessServer, startInProcessServer } from "../../test-support/in-process-server.ts";
import { MINIMAL_BUILD_DIR, waitFor } from "../../test-support/server-process.ts";
import { type SmtpSink, startSmtpSink } from "../../test-support/smtp-sink.ts";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../test-support/test-database.ts";
import { loadConfig } from "../config.ts";
import { reportingSkips } from "../metrics/metrics.ts";
import { newId } from "../store/ids.ts";
import type { SkipReason } from "../store/store-records.ts";
import { confirmationPlan, confirmationSettingsOf } from "./confirmation-plan.ts";

const MAIL_FROM = "Northwind Care <hello@northwind.example>";
const TOKEN = "metrics-token-confirmations-0123";
const HOUR = 3_600_000;

/**
 * A confirmation that is not sent is never lost silently: the lead's row says why, and
 * `confirmations_skipped_total{reason}` counts it, whether the lead arrived through the API or was taken out of
 * spam by an admin.
 */
describe.each(DIALECTS)("skipped confirmations on %s", (dialect) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {});
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {});

  const open = async () => {
    const database: TestDatabase = await createTestDatabase(dialect, "confirmation-skips");
    cleanups.push(() => database.drop());
    return database;
  };

  it("records each reason on the lead and counts it by reason; only the confirmations within the limits are sent", async () => {
    const database = await open();
    const sink: SmtpSink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const server: InProcessServer = await startInProcessServer({
      ...database.env,
      BUILD_DIR: MINIMAL_BUILD_DIR,
      SMTP_URL: sink.url,
      MAIL_FROM,
      METRICS_TOKEN: TOKEN,
      CONFIRMATIONS_PER_DOMAIN_PER_HOUR: "2",
      CONFIRMATIONS_PER_HOUR: "3",
      RATE_LIMIT_PER_MINUTE: "0",
      RELAY_POLL_MS: "50",
      // The leads' own delivery is not what this test is about: it never leaves the outbox.
      FORM_SERVICE_URL: "http://127.0.0.1:9/{to}",
    });
    cleanups.push(() => server.stop());
    const store = await database.openStore();
    cleanups.push(() => store.close());

    // The hourly counts start again with each clock hour: keep clear of the turn of one.
    const intoHour = Date.now() % HOUR;
    if (intoHour > HOUR - 20_000) await sleep(HOUR - intoHour + 100);
    const post = async (email: string, extra: Record<string, string> = {}) => {
      const response = await fetch(`${server.url}/api/leads/payroll-info`, {
        method: "POST",
        body: new URLSearchParams({ name: "Pat Doe", email, ...extra }),
        headers: { Accept: "application/json" },
      });
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      const row = await store.mail.confirmationOf(id);
      return row?.not_sent ?? row?.state;
    };
    expect(await post("victim+1@gmail.com")).toBe("pending");
    expect(await post(" V.ictim+2@GoogleMail.com")).toBe("recently_confirmed");
    expect(await post("a@clinic.example")).toBe("pending");
    expect(await post("b+x@Clinic.example")).toBe("pending");
    expect(await post("c@clinic.example")).toBe("domain_limit");
    expect(await post("d@elsewhere.example")).toBe("hourly_limit");
    expect(await post("bot@elsewhere.example", { _honey: "http://spam.example" })).toBe("spam");

    const metrics = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    const exposition = await metrics.text();
    const counted = (reason: string) =>
      exposition
        .split("\n")
        .find((line) => line.startsWith(`confirmations_skipped_total{reason="${reason}"} `));
    expect(counted("recently_confirmed")).toMatch(/ 1$/);
    expect(counted("domain_limit")).toMatch(/ 1$/);
    expect(counted("hourly_limit")).toMatch(/ 1$/);
    expect(counted("spam")).toMatch(/ 1$/);
    expect(counted("disabled")).toMatch(/ 0$/);
    // No address or domain reaches a label.
    expect(exposition).not.toMatch(/clinic|victim|elsewhere/);

    await sink.waitForAccepted(3);
    await waitFor(async () =>
      (await store.mail.status()).some((row) => row.state === "pending") ? undefined : true,
    );
    // The address as the person gave it (an SMTP server may fold the domain's case).
    expect(sink.accepted.map((mail) => mail.envelope.to.join().toLowerCase()).toSorted()).toEqual([
      "a@clinic.example",
      "b+x@clinic.example",
      "victim+1@gmail.com",
    ]);
  });

  it("reports the reason a confirmation of a lead taken out of spam was not sent", async () => {
    const database = await open();
    const store = await database.openStore();
    cleanups.push(() => store.close());
    const settings = confirmationSettingsOf(loadConfig({ SMTP_URL: "smtp://127.0.0.1:2525", MAIL_FROM }));
    const reasons: SkipReason[] = [];
    const intake = reportingSkips(store.intake, (reason) => reasons.push(reason));
    const lead = (state: "pending" | "spam", email: string) => {
      const fields = { name: "Pat Doe", email };
      return {
        id: newId(),
        formId: "payroll-info",
        state,
        fields,
        createdAt: Date.now(),
        confirmation: confirmationPlan({ formId: "payroll-info", state, fields }, settings),
      };
    };
    await intake.acceptLead(lead("pending", "pat@example.org"));
    const caught = lead("spam", "Pat+later@example.org");
    await intake.acceptLead(caught);
    expect(reasons).toEqual(["spam"]);
    // The admin who says "not spam" (the history names them).
    const now = new Date().toISOString();
    await sql`INSERT INTO staff_user (id, name, email, "emailVerified", role, "createdAt", "updatedAt")
      VALUES ('admin-id', 'Admin', 'admin@staff.example', ${dialect === "postgres" ? false : 0}, 'admin', ${now}, ${now})`.execute(
      store.authDatabase.db,
    );
    const released = await intake.releaseSpam(
      caught.id,
      "admin-id",
      confirmationPlan({ formId: "payroll-info", state: "pending", fields: caught.fields }, settings),
      Date.now(),
    );
    expect(released).toEqual({ confirmation: "recently_confirmed" });
    expect(reasons).toEqual(["spam", "recently_confirmed"]);
  });
});
