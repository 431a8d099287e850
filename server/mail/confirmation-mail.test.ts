import { describe, expect, it } from "vitest";
import { type FakeFormService, startFakeFormService } from "../../test-support/fake-form-service.ts";
import { type InProcessServer, startInProcessServer } from "../../test-support/in-process-server.ts";
import { MINIMAL_BUILD_DIR, waitFor } from "../../test-support/server-process.ts";
import { type SmtpSink, startSmtpSink } from "../../test-support/smtp-sink.ts";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../test-support/test-database.ts";
import { cleanupsAfterEach } from "../../test-support/vitest-fixtures.ts";
import { mailStatusReport } from "../cli/printouts.ts";
import { loadConfig } from "../config.ts";
import type { Store } from "../store/store.ts";

const MAIL_FROM = "Northwind Care <hello@northwind.example>";
const company = loadConfig({}).site.company;

/**
 * The confirmation e-mail through the real server, its mail outbox and a real SMTP server: one per
 * address per 24 hours counted in the store, none for spam or when turned off, retried and given up like any
 * delivery, sent exactly once with the Message-ID the store recorded.
 */
describe.each(DIALECTS)("the confirmation e-mail on %s", (dialect) => {
  const cleanups = cleanupsAfterEach();

  interface Setup {
    database: TestDatabase;
    sink: SmtpSink;
    fake: FakeFormService;
    servers: InProcessServer[];
    store: Store;
  }

  /** `instances` servers on one fresh database, relaying to a fake form service, mailing through one sink. */
  async function setup(env: Record<string, string> = {}, instances = 1): Promise<Setup> {
    const database = await createTestDatabase(dialect, "confirmation");
    cleanups.push(() => database.drop());
    const [sink, fake] = await Promise.all([startSmtpSink(), startFakeFormService()]);
    cleanups.push(
      () => sink.close(),
      () => fake.close(),
    );
    const servers: InProcessServer[] = [];
    for (let n = 0; n < instances; n++) {
      const server = await startInProcessServer({
        ...database.env,
        BUILD_DIR: MINIMAL_BUILD_DIR,
        FORM_SERVICE_URL: fake.template,
        SMTP_URL: sink.url,
        MAIL_FROM,
        RELAY_POLL_MS: "50",
        RELAY_BASE_DELAY_MS: "20",
        RELAY_MAX_DELAY_MS: "100",
        RATE_LIMIT_PER_MINUTE: "0",
        ...env,
      });
      servers.push(server);
      cleanups.push(() => server.stop());
    }
    const store = await database.openStore();
    cleanups.push(() => store.close());
    return { database, sink, fake, servers, store };
  }

  const post = async (server: InProcessServer, fields: Record<string, string>, formId = "payroll-info") => {
    const response = await fetch(`${server.url}/api/leads/${formId}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Accept: "application/json" },
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const person = (email: string, name = "Zebulon Canarywhistle") => ({
    name,
    email,
    phone: "+1 (555) 017-3344",
    message: "canary-message-a81b2c https://evil.example/click",
  });
  const rowsOf = (store: Store) =>
    store.authDatabase.db
      .selectFrom("mail_outbox")
      .select(["lead_id", "state", "not_sent", "message_id", "attempts", "to_address"])
      .where("kind", "=", "confirmation")
      .execute();
  const settled = async (store: Store, count: number) =>
    waitFor(
      async () => {
        const rows = await rowsOf(store);
        return rows.length === count && rows.every((row) => row.state !== "pending") ? rows : undefined;
      },
      30_000,
      `${count} confirmations settled`,
    );

  it("sends one plain-text message: the first name alone, the promise in words, the company; Auto-Submitted and the recorded Message-ID", async () => {
    const { servers, sink, store } = await setup();
    const [server] = servers;
    if (!server) throw new Error("no server");
    const leadId = await post(server, person("Zeb.Canary@Example.com", "  Zebulon<b>x</b> Canarywhistle"));
    const [mail] = await sink.waitForAccepted(1);
    const [row] = await settled(store, 1);
    expect(row).toMatchObject({ lead_id: leadId, state: "delivered", attempts: 1 });
    const parsed = mail?.parsed;
    // The address as the person gave it (an SMTP server may fold the domain's case).
    expect(mail?.envelope.to.map((to) => to.toLowerCase())).toEqual(["zeb.canary@example.com"]);
    expect(parsed?.messageId).toBe(row?.message_id);
    expect(parsed?.headers.get("auto-submitted")).toBe("auto-replied");
    expect(parsed?.from?.value).toEqual([{ name: "Northwind Care", address: "hello@northwind.example" }]);
    expect(parsed?.subject).toBe("We received your pass-through payroll request");
    expect(parsed?.html).toBe(false);
    const text = parsed?.text ?? "";
    expect(text).toMatch(/^Hello,\n/);
    expect(text).toContain("We will reply within 24 hours with the information you asked for.");
    expect(text).toContain(company.phone);
    expect(text).toContain(company.address);
    for (const typed of ["Zebulon", "<b>", "canary-message", "evil.example", "017-3344"])
      expect(text).not.toContain(typed);
    const greeted = await post(server, person("grace@example.com", "Grace Hopper"), "staffing-request");
    await sink.waitForAccepted(2);
    expect(sink.accepted[1]?.parsed.text).toMatch(/^Hello Grace,\n/);
    expect(sink.accepted[1]?.parsed.text).toContain("within 1 business hour");
    expect((await store.mail.confirmationOf(greeted))?.state).toBeDefined();
  });

  it("sends one confirmation for 100 posts with one address in any case, and records why the others got none", async () => {
    const { servers, sink, store } = await setup();
    const [server] = servers;
    if (!server) throw new Error("no server");
    const spellings = ["one@example.com", "ONE@example.com", "One@Example.COM", " one@EXAMPLE.com"];
    await Promise.all(
      Array.from({ length: 100 }, (_, n) => post(server, person(spellings[n % 4] ?? "", `Name${n} Person`))),
    );
    const rows = await settled(store, 100);
    expect(rows.filter((row) => row.state === "delivered")).toHaveLength(1);
    expect(rows.filter((row) => row.not_sent === "recently_confirmed")).toHaveLength(99);
    expect(sink.accepted).toHaveLength(1);
    expect(sink.attempts()).toBe(1);
  });

  it("sends each confirmation exactly once with two instances on one database", async () => {
    const { servers, sink, store } = await setup({}, 2);
    await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        post(servers[n % 2] as InProcessServer, person(`p${n}@example.com`)),
      ),
    );
    const rows = await settled(store, 40);
    expect(rows.every((row) => row.state === "delivered")).toBe(true);
    const sent = sink.accepted.map((mail) => mail.parsed.messageId);
    expect(sent).toHaveLength(40);
    expect(new Set(sent)).toEqual(new Set(rows.map((row) => row.message_id)));
  });

  it("sends one confirmation for one address posted 40 times at once through two instances", async () => {
    const { servers, sink, store } = await setup({}, 2);
    await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        post(servers[n % 2] as InProcessServer, person(n % 2 ? "Twice@Example.com" : "twice@example.com ")),
      ),
    );
    const rows = await settled(store, 40);
    expect(rows.filter((row) => row.state === "delivered")).toHaveLength(1);
    expect(rows.filter((row) => row.not_sent === "recently_confirmed")).toHaveLength(39);
    expect(sink.accepted).toHaveLength(1);
  });

  it("sends none for honeypot spam, none when CONFIRMATION_EMAILS=false, and says why on the lead", async () => {
    const on = await setup();
    const server = on.servers[0] as InProcessServer;
    const spam = await post(server, { ...person("bot@example.com"), _honey: "http://spam.example" });
    const [spamRow] = await settled(on.store, 1);
    expect(spamRow).toMatchObject({ lead_id: spam, state: "not_sent", not_sent: "spam", message_id: null });

    const off = await setup({ CONFIRMATION_EMAILS: "false" });
    const quiet = await post(off.servers[0] as InProcessServer, person("quiet@example.com"));
    const [offRow] = await settled(off.store, 1);
    expect(offRow).toMatchObject({ lead_id: quiet, state: "not_sent", not_sent: "disabled" });
    // The lead itself is relayed as ever.
    await waitFor(() => (off.fake.delivered().length === 1 ? true : undefined));
    expect(on.sink.attempts() + off.sink.attempts()).toBe(0);
  });

  it("retries a refused confirmation with its own backoff, then gives up; leads status shows it", async () => {
    const { servers, sink, store } = await setup({ RELAY_GIVE_UP_AFTER_MS: "60000" });
    sink.respondWith((index) => (index < 2 ? 451 : null));
    const retried = await post(servers[0] as InProcessServer, person("retry@example.com"));
    const [row] = await settled(store, 1);
    expect(row).toMatchObject({ lead_id: retried, state: "delivered", attempts: 3 });
    expect(new Set(sink.accepted.map((mail) => mail.parsed.messageId))).toEqual(new Set([row?.message_id]));

    const dead = await setup({ RELAY_GIVE_UP_AFTER_MS: "300" });
    dead.sink.respondWith(() => 550);
    const given = await post(dead.servers[0] as InProcessServer, person("dead@example.com"));
    const [deadRow] = await settled(dead.store, 1);
    expect(deadRow).toMatchObject({ lead_id: given, state: "dead" });
    expect((await dead.store.mail.confirmationOf(given))?.last_error).toBe("SMTP 550 after DATA");
    expect(mailStatusReport(await dead.store.mail.status())).toEqual([
      "mail confirmation    dead 1",
      "PROBLEM mail: 1 confirmation message(s) given up; last error: SMTP 550 after DATA",
    ]);
  });
});
