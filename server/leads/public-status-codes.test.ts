import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InProcessServer, startInProcessServer } from "../../test-support/in-process-server.ts";
import { replyFromPerson } from "../../test-support/inbound-mail.ts";
import { openSocket, readUntilClosed, statusOf } from "../../test-support/raw-client.ts";
import { MINIMAL_BUILD_DIR } from "../../test-support/server-process.ts";
import { createTestDatabase, type TestDatabase } from "../../test-support/test-database.ts";
import { loadConfig } from "../config.ts";
import { createHealthApi } from "../health/health-api.ts";
import { createInboundApi } from "../mail/inbound-api.ts";
import { INBOUND_MAX_BYTES } from "../mail/inbound-message.ts";
import { createLogger } from "../runtime/logger.ts";
import type { Store } from "../store/store.ts";
import { createLeadApi } from "./lead-api.ts";

/**
 * The status codes docs/lead-api.md lists for each public endpoint, against the code: every row of each table is
 * driven by a request that gets that code, and every request here gets a code its endpoint's table lists.
 */

interface Row {
  status: number;
  /** The row as written: what a scenario names to say which row it drives. */
  text: string;
}

/** Each table whose first column is `status`, under a heading that is an endpoint in backticks. */
function statusTables(markdown: string): Map<string, Row[]> {
  const tables = new Map<string, Row[]>();
  const lines = markdown.split("\n");
  let endpoint: string | undefined;
  for (const [index, line] of lines.entries()) {
    const heading = /^#{2,6} `((?:GET|POST|PUT|PATCH|DELETE) \/[^`]*)`$/.exec(line);
    if (heading) endpoint = heading[1];
    else if (line.startsWith("#")) endpoint = undefined;
    if (!endpoint || !/^\| status \|/.test(line)) continue;
    const rows: Row[] = [];
    for (const row of lines.slice(index + 2)) {
      if (!row.startsWith("|")) break;
      const status = /\b\d{3}\b/.exec(row.split(" | ")[0] ?? "")?.[0];
      if (!status) throw new Error(`${endpoint}: a row without a status: ${row}`);
      rows.push({ status: Number(status), text: row });
    }
    tables.set(endpoint, rows);
    endpoint = undefined;
  }
  return tables;
}

const DOCUMENTED = statusTables(readFileSync(new URL("../../docs/lead-api.md", import.meta.url), "utf8"));

const SITE_URL = "https://www.northwind.example";
const PARTNER = "https://partner.example";
const INBOUND_TOKEN = "inbound-token-for-status-codes-0001";
const METRICS_TOKEN = "metrics-token-for-status-codes-0001";
const MAIL_FROM = "leads@northwind.example";

/** A request the test makes, the status it should get, and words of the documented row that says so. */
interface Scenario {
  status: number;
  row: string;
  send(): Promise<number>;
}

let full: InProcessServer;
let bare: InProcessServer;
/** The same endpoints over a store that is closed: what they answer when it does not. */
let storeDown: {
  leads: Awaited<ReturnType<typeof createLeadApi>>;
  health: ReturnType<typeof createHealthApi>;
};
let inboundDown: ReturnType<typeof createInboundApi>;
/** The health endpoints over a store with a lead pending for two hours, and while draining. */
let stale: ReturnType<typeof createHealthApi>;
let draining: ReturnType<typeof createHealthApi>;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  const buildDir = MINIMAL_BUILD_DIR;
  const database = async (name: string) => {
    const opened: TestDatabase = await createTestDatabase("sqlite", name);
    cleanups.push(() => opened.drop());
    return opened;
  };
  const fullDatabase = await database("status-codes");
  full = await startInProcessServer({
    ...fullDatabase.env,
    BUILD_DIR: buildDir,
    SITE_URL,
    ALLOWED_ORIGINS: PARTNER,
    // Each request names its own client address: the rate limit meets only the request that is meant to.
    TRUST_PROXY: "loopback",
    RATE_LIMIT_PER_MINUTE: "3",
    RELAY_ENABLED: "false",
    HEADERS_TIMEOUT_MS: "1000",
    INBOUND_EMAIL_TOKEN: INBOUND_TOKEN,
    METRICS_TOKEN,
    MAIL_FROM,
  });
  cleanups.push(() => full.stop());
  bare = await startInProcessServer({ ...(await database("status-codes-bare")).env, BUILD_DIR: buildDir });
  cleanups.push(() => bare.stop());

  const logger = createLogger("silent");
  const downDatabase = await database("status-codes-down");
  const closed = await downDatabase.openStore();
  await closed.close();
  const config = loadConfig({ ...downDatabase.env, RATE_LIMIT_PER_MINUTE: "0" });
  storeDown = {
    leads: await createLeadApi({ config, logger, store: closed }),
    health: createHealthApi({ config, logger, store: closed }),
  };
  cleanups.push(() => storeDown.leads.close());
  inboundDown = createInboundApi({
    config: { INBOUND_EMAIL_TOKEN: INBOUND_TOKEN, MAIL_FROM },
    store: closed,
    logger,
  });

  const staleDatabase = await database("status-codes-stale");
  const store: Store = await staleDatabase.openStore();
  cleanups.push(() => store.close());
  await store.intake.acceptLead({
    id: randomUUID(),
    formId: "chartassist-demo",
    state: "pending",
    fields: { name: "Stale Lead", email: "stale@example.com" },
    createdAt: Date.now() - 2 * 3600_000,
  });
  stale = createHealthApi({ config: { ALERT_PENDING_AFTER_S: 3600 }, logger, store });
  draining = createHealthApi({
    config: { ALERT_PENDING_AFTER_S: 3600 },
    logger,
    store,
    draining: () => true,
  });
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let clients = 0;
/** A post to a lead form from a client address of its own (TRUST_PROXY=loopback takes X-Forwarded-For). */
async function postLead(
  init: { form?: string; body?: BodyInit; headers?: Record<string, string>; from?: string } = {},
) {
  const from = init.from ?? `203.0.113.${++clients}`;
  const response = await fetch(`${full.url}/api/leads/${init.form ?? "chartassist-demo"}`, {
    method: "POST",
    redirect: "manual",
    body: init.body ?? new URLSearchParams({ name: "Grace Hopper", email: "grace@example.com" }),
    headers: { Accept: "application/json", "X-Forwarded-For": from, ...init.headers },
  });
  await response.arrayBuffer();
  return response.status;
}

/** A request as raw bytes, for what fetch will not send (a head never finished, a length never sent). */
async function raw(server: InProcessServer, head: string): Promise<number> {
  const socket = await openSocket(Number(new URL(server.url).port));
  const answer = readUntilClosed(socket, 10_000);
  socket.write(head);
  return statusOf((await answer).text);
}

const inbound = async (init: {
  server?: InProcessServer;
  headers?: Record<string, string>;
  body?: BodyInit;
}) => {
  const response = await fetch(`${(init.server ?? full).url}/api/inbound/email`, {
    method: "POST",
    headers: { Authorization: `Bearer ${INBOUND_TOKEN}`, "Content-Type": "message/rfc822", ...init.headers },
    body:
      init.body ?? new Uint8Array(await replyFromPerson({ messageId: `<${randomUUID()}@mail.example.com>` })),
  });
  await response.arrayBuffer();
  return response.status;
};

const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  return response.status;
};

const SCENARIOS: Record<string, Scenario[]> = {
  "POST /api/leads/<form id>": [
    { status: 201, row: "committed", send: () => postLead() },
    {
      status: 201,
      row: "Idempotent-Replayed",
      async send() {
        const headers = { "Idempotency-Key": randomUUID() };
        const from = `203.0.113.${++clients}`;
        await postLead({ headers, from });
        return postLead({ headers, from });
      },
    },
    {
      status: 204,
      row: "a preflight",
      send: () =>
        fetch(`${full.url}/api/leads/chartassist-demo`, {
          method: "OPTIONS",
          headers: { Origin: PARTNER, "Access-Control-Request-Method": "POST" },
        }).then((response) => response.status),
    },
    {
      status: 303,
      row: "without `Accept: application/json`",
      send: () => postLead({ headers: { Accept: "*/*" } }),
    },
    {
      status: 400,
      row: "schema errors",
      send: () => postLead({ body: new URLSearchParams({ name: "Grace", email: "not-an-address" }) }),
    },
    { status: 403, row: "`Origin: null` included", send: () => postLead({ headers: { Origin: "null" } }) },
    {
      status: 403,
      row: "on a post or a preflight",
      send: () =>
        fetch(`${full.url}/api/leads/chartassist-demo`, {
          method: "OPTIONS",
          headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" },
        }).then((response) => response.status),
    },
    { status: 404, row: "unknown form id", send: () => postLead({ form: "no-such-form" }) },
    { status: 404, row: "any method but", send: () => get(`${full.url}/api/leads/chartassist-demo`) },
    {
      status: 408,
      row: "HEADERS_TIMEOUT_MS",
      send: () => raw(full, "POST /api/leads/chartassist-demo HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: appl"),
    },
    {
      status: 413,
      row: "a field over 64 KB",
      send: () =>
        postLead({
          body: new URLSearchParams({ name: "Grace", email: "g@example.com", beds: "x".repeat(70_000) }),
        }),
    },
    {
      status: 415,
      row: "a body in another encoding",
      send: () => postLead({ body: "name=Grace", headers: { "Content-Type": "text/plain" } }),
    },
    {
      status: 422,
      row: "idempotency_conflict",
      async send() {
        const headers = { "Idempotency-Key": randomUUID() };
        const from = `203.0.113.${++clients}`;
        await postLead({ headers, from });
        const other = new URLSearchParams({ name: "Someone Else", email: "else@example.com" });
        return postLead({ headers, from, body: other });
      },
    },
    {
      status: 429,
      row: "RATE_LIMIT_PER_MINUTE",
      async send() {
        const from = `203.0.113.${++clients}`;
        for (let post = 0; post < 3; post++) await postLead({ from });
        return postLead({ from });
      },
    },
    {
      status: 503,
      row: "the store could not commit",
      send: async () =>
        (
          await storeDown.leads.app.request("/leads/chartassist-demo", {
            method: "POST",
            body: new URLSearchParams({ name: "Grace Hopper", email: "grace@example.com" }),
            headers: { Accept: "application/json" },
          })
        ).status,
    },
  ],
  "GET /api/health": [
    { status: 200, row: "the store answers", send: () => get(`${full.url}/api/health`) },
    { status: 503, row: "does not answer", send: async () => (await storeDown.health.request("/")).status },
    { status: 503, row: "drains", send: async () => (await draining.request("/")).status },
  ],
  "GET /api/health/delivery": [
    { status: 200, row: "nothing dead", send: () => get(`${bare.url}/api/health/delivery`) },
    { status: 503, row: "waited longer", send: async () => (await stale.request("/delivery")).status },
    {
      status: 503,
      row: "does not answer",
      send: async () => (await storeDown.health.request("/delivery")).status,
    },
  ],
  "POST /api/inbound/email": [
    { status: 202, row: "taken", send: () => inbound({}) },
    { status: 400, row: "not an RFC 822 message", send: () => inbound({ body: "no header section at all" }) },
    {
      status: 401,
      row: "wrong token",
      send: () => inbound({ headers: { Authorization: "Bearer wrong-token-0000000" } }),
    },
    { status: 404, row: "unset", send: () => inbound({ server: bare }) },
    {
      status: 413,
      row: "over 10 MB",
      send: () =>
        raw(
          full,
          `POST /api/inbound/email HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${INBOUND_TOKEN}\r\n` +
            `Content-Type: message/rfc822\r\nContent-Length: ${INBOUND_MAX_BYTES + 1}\r\n\r\n`,
        ),
    },
    {
      status: 415,
      row: "other than `message/rfc822`",
      send: () => inbound({ headers: { "Content-Type": "text/plain" } }),
    },
    {
      status: 500,
      row: "the store failed",
      send: async () =>
        (
          await inboundDown.request("/email", {
            method: "POST",
            headers: { Authorization: `Bearer ${INBOUND_TOKEN}`, "Content-Type": "message/rfc822" },
            body: new Uint8Array(await replyFromPerson()),
          })
        ).status,
    },
  ],
  "GET /metrics": [
    {
      status: 200,
      row: "Prometheus",
      send: () => get(`${full.url}/metrics`, { Authorization: `Bearer ${METRICS_TOKEN}` }),
    },
    {
      status: 401,
      row: "wrong token",
      send: () => get(`${full.url}/metrics`, { Authorization: "Bearer nope-nope-nope-nope" }),
    },
    { status: 404, row: "unset", send: () => get(`${bare.url}/metrics`) },
  ],
};

describe("the status codes docs/lead-api.md lists for each public endpoint", () => {
  it("has one table for each public endpoint, and none for another", () => {
    expect([...DOCUMENTED.keys()].toSorted()).toEqual(Object.keys(SCENARIOS).toSorted());
  });

  describe.each(Object.entries(SCENARIOS))("%s", (endpoint, scenarios) => {
    const rows = DOCUMENTED.get(endpoint) ?? [];

    it("drives every documented row", () => {
      const undriven = rows.filter(
        (row) =>
          !scenarios.some((scenario) => scenario.status === row.status && row.text.includes(scenario.row)),
      );
      expect(undriven.map((row) => row.text)).toEqual([]);
    });

    it.each(scenarios.map((scenario) => [scenario.status, scenario.row, scenario] as const))(
      "answers %i: %s",
      async (status, row, scenario) => {
        expect(
          rows.filter((documented) => documented.status === status && documented.text.includes(row)),
          "the documented row this request drives",
        ).not.toEqual([]);
        const answered = await scenario.send();
        expect(
          rows.map((documented) => documented.status),
          "the statuses documented for this endpoint",
        ).toContain(answered);
        expect(answered).toBe(status);
      },
    );
  });
});
