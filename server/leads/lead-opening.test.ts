import { describe, expect, it } from "vitest";
import { OPENING_MOVES } from "../../staff/openings.ts";
import { type InProcessServer, startInProcessServer } from "../../test-support/in-process-server.ts";
import { openingValuesOf } from "../../test-support/openings.ts";
import { MINIMAL_BUILD_DIR } from "../../test-support/server-process.ts";
import { type SmtpSink, startSmtpSink } from "../../test-support/smtp-sink.ts";
import { DIALECTS } from "../../test-support/test-database.ts";
import { databaseFixture } from "../../test-support/vitest-fixtures.ts";
import type { Store } from "../store/store.ts";

const DAY = 86_400_000;
const TITLE = 'Night RN <b>Med/Surg</b> & "Days"';

/**
 * Applying from an opening's page, through the real server: the lead API keeps the opening with the lead and
 * the confirmation names it, with JavaScript (a JSON answer) and without (a native post and its redirect). No
 * application is lost for its opening: one closed since the page was read is kept with it, an unknown or
 * malformed short id leaves the lead without one.
 */
describe.each(DIALECTS)("applying from an opening on %s", (dialect) => {
  const database = databaseFixture(dialect, "lead-opening");
  let sink: SmtpSink;
  let server: InProcessServer;
  let store: Store;

  const publish = async (title: string) => {
    const opening = await store.openings.create(openingValuesOf(title), Date.now());
    await store.openings.move(
      opening.id,
      { ...OPENING_MOVES.publish, defaultValidThrough: Date.now() + 60 * DAY },
      Date.now(),
    );
    return opening;
  };

  const apply = (email: string, opening: string, { javascript = true, consent = "true" } = {}) => {
    const body = new FormData();
    for (const [name, value] of Object.entries({
      firstName: "Mary",
      lastName: "Seacole",
      email,
      consent,
      opening,
    }))
      body.set(name, value);
    return fetch(`${server.url}/api/leads/nurse-application`, {
      method: "POST",
      body,
      redirect: "manual",
      headers: javascript ? { Accept: "application/json" } : {},
    });
  };

  /** The lead of one address: its opening and fields as stored, and the text of its confirmation. */
  const leadOf = async (email: string) => {
    const lead = await store.authDatabase.db
      .selectFrom("leads")
      .select(["id", "opening_id", "fields"])
      .where("email_key", "=", email)
      .executeTakeFirstOrThrow();
    const mail = await store.authDatabase.db
      .selectFrom("mail_outbox")
      .select(["subject", "text"])
      .where("lead_id", "=", lead.id)
      .where("kind", "=", "confirmation")
      .executeTakeFirstOrThrow();
    return {
      openingId: lead.opening_id, // JSON text on SQLite, jsonb on PostgreSQL.
      fields: (typeof lead.fields === "string" ? JSON.parse(lead.fields) : lead.fields) as Record<
        string,
        string
      >,
      mail,
    };
  };

  it("keeps the opening with the lead and names it in the confirmation, with and without JavaScript", async () => {
    sink = await startSmtpSink();
    server = await startInProcessServer({
      ...database.env,
      BUILD_DIR: MINIMAL_BUILD_DIR,
      SMTP_URL: sink.url,
      MAIL_FROM: "Northwind Care <hello@northwind.example>",
      RELAY_POLL_MS: "50",
      RATE_LIMIT_PER_MINUTE: "0",
    });
    store = await database.openStore();
    try {
      const opening = await publish(TITLE);
      const withJs = await apply("mary@one.example", opening.shortId);
      expect(withJs.status).toBe(201);
      const withoutJs = await apply("mary@two.example", opening.shortId, { javascript: false });
      // Back to the opening's page, which shows the result at its form.
      const page = `/carestaff/careers/jobs/night-rn-b-med-surg-b-days-${opening.shortId}`;
      expect([withoutJs.status, withoutJs.headers.get("Location")]).toEqual([
        303,
        `${page}?lead=ok#application-form`,
      ]);
      const refused = await apply("mary@eight.example", opening.shortId, { javascript: false, consent: "" });
      expect(refused.headers.get("Location")).toBe(`${page}?lead=error#application-form`);

      for (const email of ["mary@one.example", "mary@two.example"]) {
        const lead = await leadOf(email);
        expect(lead.openingId).toBe(opening.id);
        expect(lead.fields).not.toHaveProperty("opening");
        expect(lead.mail.subject).toBe("We received your application");
        expect(lead.mail.text).toContain(`Thank you for your application for the position "${TITLE}".`);
      }
      // Sent as the outbox sends it: plain text only, the title in the body and not in a header.
      const [sent] = await sink.waitForAccepted(1);
      expect(sent?.parsed.html).toBe(false);
      expect(sent?.parsed.text).toContain(TITLE);
      expect([...(sent?.parsed.headers.values() ?? [])].join("\n")).not.toContain("Med/Surg");
    } finally {
      await server.stop();
      await sink.close();
      await store.close();
    }
  });

  it("never loses an application for its opening: closed meanwhile, a draft, unknown or malformed", async () => {
    server = await startInProcessServer({
      ...database.env,
      BUILD_DIR: MINIMAL_BUILD_DIR,
      SMTP_URL: "smtp://127.0.0.1:9",
      MAIL_FROM: "hello@northwind.example",
      RELAY_ENABLED: "false",
      RATE_LIMIT_PER_MINUTE: "0",
    });
    store = await database.openStore();
    try {
      const closed = await publish("Closed CNA days");
      await store.openings.move(closed.id, OPENING_MOVES.close, Date.now());
      const draft = await store.openings.create(openingValuesOf("Draft LPN evenings"), Date.now());
      const cases = [
        ["closed@three.example", closed.shortId, closed.id, "Closed CNA days"],
        ["draft@four.example", draft.shortId, draft.id, null],
        ["unknown@five.example", "zzzzzzzz", null, null],
        ["malformed@six.example", "<script>alert(1)</script>", null, null],
        ["none@seven.example", "", null, null],
      ] as const;
      for (const [email, shortId, openingId, named] of cases) {
        const answer = await apply(email, shortId);
        expect([email, answer.status]).toEqual([email, 201]);
        const lead = await leadOf(email);
        expect([email, lead.openingId]).toEqual([email, openingId]);
        expect(lead.fields).not.toHaveProperty("opening");
        if (named) expect(lead.mail.text).toContain(`for the position "${named}"`);
        else expect(lead.mail.text).toContain("Thank you for your application. We will review it shortly.");
      }
      // Without JavaScript, an opening the site no longer shows sends her back to the careers page.
      const late = await apply("late@nine.example", closed.shortId, { javascript: false });
      expect(late.headers.get("Location")).toBe("/carestaff/careers?lead=ok#application-form");
      expect((await leadOf("late@nine.example")).openingId).toBe(closed.id);
      // A draft's title is never sent to anyone: only an opening the site has published is named.
      expect((await leadOf("draft@four.example")).mail.text).not.toContain("Draft LPN");
    } finally {
      await server.stop();
      await store.close();
    }
  });
});
