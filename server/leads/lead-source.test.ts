import { randomUUID } from "node:crypto";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DIALECTS } from "../../test-support/test-database.ts";
import { storeFixture } from "../../test-support/vitest-fixtures.ts";
import { runCli } from "../cli.ts";
import { loadConfig } from "../config.ts";
import { createFormServiceChannel } from "../relay/channels/form-service.ts";
import { webhookPayload } from "../relay/channels/webhook.ts";
import { createLogger } from "../runtime/logger.ts";
import type { ClaimedDelivery } from "../store/queries/outbox.ts";
import { createLeadApi } from "./lead-api.ts";
import { exportColumns, leadsCsv } from "./lead-export.ts";

// The API records where a lead came from (decision 017); the relay forwards it only where it should.

const SITE_URL = "https://www.northwind.example";
const demo = (extra: Record<string, string> = {}) =>
  new URLSearchParams({ name: "Grace Hopper", email: "grace@example.com", ...extra });

describe.each(DIALECTS)("lead source through the API on %s", (dialect) => {
  const { database, store } = storeFixture(dialect, "lead-source", { per: "test" });
  let api: Awaited<ReturnType<typeof createLeadApi>>;

  beforeEach(async () => {
    const config = loadConfig({ ...database.env, SITE_URL, RATE_LIMIT_PER_MINUTE: "0" });
    api = await createLeadApi({ config, logger: createLogger("silent"), store });
  });
  afterEach(async () => {
    await api.close();
  });

  /** Posts the ChartAssist demo form in process and returns the stored lead's source. */
  async function post(body: URLSearchParams, headers: Record<string, string> = {}) {
    const response = await api.app.request("/leads/chartassist-demo", {
      method: "POST",
      body,
      headers: {
        Accept: "application/json",
        "Content-Type": "application/x-www-form-urlencoded",
        ...headers,
      },
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const lead = await store.operations.get(id);
    return { source: lead?.source, fields: lead?.fields };
  }

  it("stores both pages, the UTM tags and the referrer's origin, apart from the form's fields", async () => {
    const stored = await post(
      demo({
        source_page: "/chart-assist",
        landing_page: "/",
        referrer: "https://news.example.org/issues/12?subscriber=grace%40example.com",
        utm_source: "newsletter",
        utm_campaign: "fall",
        utm_id: "not-a-source-field",
      }),
      { Referer: `${SITE_URL}/somewhere-else` },
    );
    expect(stored.source).toEqual({
      source_page: "/chart-assist",
      landing_page: "/",
      referrer: "https://news.example.org",
      utm_source: "newsletter",
      utm_campaign: "fall",
    });
    expect(stored.fields).toEqual({ name: "Grace Hopper", email: "grace@example.com" });
  });

  it("accepts the lead with overlong values cut and malformed ones dropped", async () => {
    const stored = await post(
      demo({ landing_page: "//evil.example/x", referrer: "data:text/html,hi", utm_term: "t".repeat(5000) }),
    );
    expect(stored.source).toEqual({ utm_term: "t".repeat(255) });
  });

  it("records the form page from a same-site Referer when the post has no source (no JavaScript)", async () => {
    expect((await post(demo(), { Referer: `${SITE_URL}/chart-assist?utm_campaign=x#demo` })).source).toEqual({
      source_page: "/chart-assist",
    });
    // Reached by another name than SITE_URL: the request's own host counts as this site.
    expect(
      (await post(demo(), { Host: "10.0.0.5:3000", Referer: "http://10.0.0.5:3000/health-admin" })).source,
    ).toEqual({ source_page: "/health-admin" });
  });

  it("ignores a Referer from another site, or one that is no URL", async () => {
    expect((await post(demo(), { Referer: "https://evil.example/chart-assist" })).source).toEqual({});
    expect((await post(demo(), { Referer: "/chart-assist" })).source).toEqual({});
  });
});

describe("lead source in deliveries", () => {
  const delivery: ClaimedDelivery = {
    id: randomUUID(),
    channel: "formservice",
    leadId: randomUUID(),
    lease: "lease",
    formId: "chartassist-demo",
    fields: { name: "Grace Hopper", email: "grace@example.com" },
    resume: null,
    source: { source_page: "/chart-assist", utm_campaign: "fall" },
    openingTitle: null,
    attempts: 0,
    enqueuedAt: 0,
    createdAt: 0,
  };

  async function formServiceFields(env: Record<string, string>) {
    let sent: FormData | undefined;
    const fetchImpl = (async (_url: string, init: RequestInit) => {
      sent = init.body as FormData;
      return Response.json({ success: "true" });
    }) as unknown as typeof fetch;
    const config = loadConfig({ SITE_URL, ...env });
    const channel = createFormServiceChannel({
      config,
      store: { outbox: { readResume: async () => null } },
      now: Date.now,
      fetchImpl,
    });
    expect((await channel.send(delivery, new AbortController().signal)).ok).toBe(true);
    return [...(sent?.keys() ?? [])];
  }

  it("keeps source fields from the outside form service unless RELAY_SOURCE_FIELDS=true", async () => {
    expect(await formServiceFields({})).not.toContain("utm_campaign");
    expect(await formServiceFields({})).toContain("name");
    expect(await formServiceFields({ RELAY_SOURCE_FIELDS: "true" })).toEqual(
      expect.arrayContaining(["name", "source_page", "utm_campaign"]),
    );
  });

  it("carries the source in the webhook payload", () => {
    const config = loadConfig({ SITE_URL });
    expect(webhookPayload(delivery, config, 0).data.source).toEqual(delivery.source);
  });
});

describe("lead source in the CLI", () => {
  it("exports the source columns, formulas defused", async () => {
    const lead = {
      id: "a",
      formId: "chartassist-demo",
      createdAt: 0,
      status: "New",
      assignee: null,
      delivery: "pending",
      fields: { name: "Grace" },
      source: { utm_campaign: "=HYPERLINK(1)", referrer: "https://news.example.org" },
    };
    const csv = await text(leadsCsv(exportColumns(["name"]), [[lead]]));
    const [header, row] = csv.trimEnd().split("\r\n");
    expect(header).toContain('"Form page","Landing page","Referring site","UTM source"');
    expect(row).toContain(`"https://news.example.org"`);
    expect(row).toContain(`"'=HYPERLINK(1)"`);
  });

  it.each(DIALECTS)(
    "prints leads per form by campaign and by referrer with `sources --since`, on %s",
    async (dialect) => {
      const database = await createTestDatabase(dialect, "lead-sources-cli");
      try {
        const store = await database.openStore();
        const now = Date.now();
        const accept = (createdAt: number, source: Record<string, string>) =>
          store.intake.acceptLead({
            id: randomUUID(),
            formId: "chartassist-demo",
            state: "pending",
            fields: { name: "Grace", email: "grace@example.com" },
            source,
            createdAt,
          });
        await accept(now, { utm_campaign: "fall", referrer: "https://news.example.org" });
        await accept(now, { utm_campaign: "fall" });
        await accept(now - 40 * 86_400_000, { utm_campaign: "spring" });
        await store.close();

        const out: string[] = [];
        const code = await runCli(["sources", "--since", "30d"], {
          out: (line) => out.push(line),
          err: (line) => out.push(line),
          env: database.env,
        });
        expect(code).toBe(0);
        expect(out).toEqual([
          "by campaign (utm_campaign):",
          `  ${"chartassist-demo".padEnd(20)} ${"2".padStart(6)}  fall`,
          "by referring site:",
          `  ${"chartassist-demo".padEnd(20)} ${"1".padStart(6)}  https://news.example.org`,
          `  ${"chartassist-demo".padEnd(20)} ${"1".padStart(6)}  (none: direct, or the same site)`,
        ]);
      } finally {
        await database.drop();
      }
    },
  );
});
