import { Hono } from "hono";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readSiteConfig } from "../../../config/site.ts";
import { claimedDelivery } from "../../../test-support/claimed-delivery.ts";
import type { LeadRecord } from "../../store/store-records.ts";
import { createResumeLinkApi } from "./resume-link.ts";
import { createWebhookChannel } from "./webhook.ts";

const SECRET = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
const HOOK_URL = "https://crm.example.com/hooks/leads";
const CONFIG = {
  WEBHOOK_URL: HOOK_URL,
  WEBHOOK_SECRET: SECRET,
  RELAY_TIMEOUT_MS: 50,
  site: readSiteConfig({ SITE_URL: "https://www.example.com" }),
};
/** The relay's clock when it sends: a fixed instant, with milliseconds, so rounding shows. */
const NOW = Date.UTC(2025, 2, 14, 9, 30, 15, 789);
const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;

const DELIVERY = claimedDelivery({
  id: "4c1f6a0e-2b7d-4e59-9a3c-0d8e5f7b1a22",
  channel: "webhook",
  leadId: "9b2e7c41-5d3a-4f86-b0e1-6a4c8d2f9e13",
  formId: "nurse-application",
  fields: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "(212) 555-0142" },
  source: { source_page: "/careers", utm_campaign: "spring" },
  attempts: 2,
  enqueuedAt: NOW - 60_000,
  createdAt: Date.UTC(2025, 2, 14, 9, 29, 0, 0),
});
const RESUME = { name: "ada-cv.pdf", kind: "pdf" as const, size: 5, sha256: "a".repeat(64) };

interface Sent {
  url: string;
  init: RequestInit;
}

/** A receiver that answers every request with `answer()` and keeps what it was sent. */
function receiver(answer: () => Response) {
  const sent: Sent[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return answer();
  }) as unknown as typeof fetch;
  return { sent, fetchImpl };
}

/** A receiver that never answers: the request ends only when its signal aborts, as a real fetch does. */
const silentReceiver = (async (_url: string, init: RequestInit) => {
  const signal = init.signal as AbortSignal;
  signal.throwIfAborted();
  return new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(signal.reason)));
}) as unknown as typeof fetch;

const failingWith = (error: unknown) =>
  (async () => {
    throw error;
  }) as unknown as typeof fetch;

function send(fetchImpl: typeof fetch, delivery = DELIVERY, stop = new AbortController().signal) {
  return createWebhookChannel({ config: CONFIG, now: () => NOW, fetchImpl }).send(delivery, stop);
}

async function sendAndAnswer(status: number, headers?: Record<string, string>) {
  const { fetchImpl } = receiver(() => new Response(null, { status, headers }));
  return send(fetchImpl);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("webhook channel: the signed request", () => {
  it("posts the lead as JSON to WEBHOOK_URL, signed so a Standard Webhooks receiver verifies it", async () => {
    const { sent, fetchImpl } = receiver(() => new Response(null, { status: 204 }));
    await send(fetchImpl);

    expect(sent).toHaveLength(1);
    const [{ url, init }] = sent as [Sent];
    const headers = init.headers as Record<string, string>;
    const body = init.body as string;
    expect(url).toBe(HOOK_URL);
    expect(init.method).toBe("POST");
    expect(init.redirect).toBe("manual");
    expect(headers["Content-Type"]).toBe("application/json");
    expect(headers["webhook-id"]).toBe(DELIVERY.id);
    expect(headers["webhook-timestamp"]).toBe(String(Math.floor(NOW / 1000)));

    // The receiver checks the signature at the time the relay sent it.
    vi.useFakeTimers({ toFake: ["Date"], now: NOW + 2_000 });
    expect(new Webhook(SECRET).verify(body, headers)).toEqual({
      type: "lead.accepted",
      timestamp: "2025-03-14T09:30:15.789Z",
      data: {
        leadId: DELIVERY.leadId,
        formId: "nurse-application",
        acceptedAt: "2025-03-14T09:29:00.000Z",
        fields: DELIVERY.fields,
        source: { source_page: "/careers", utm_campaign: "spring" },
        resume: null,
      },
    });
    expect(() => new Webhook(SECRET).verify(body.replace("Ada", "Eve"), headers)).toThrow();
    const otherSecret = `whsec_${Buffer.alloc(32, 9).toString("base64")}`;
    expect(() => new Webhook(otherSecret).verify(body, headers)).toThrow();
  });

  it("keeps the same webhook-id on every attempt, so the receiver can drop a repeat", async () => {
    const { sent, fetchImpl } = receiver(() => new Response(null, { status: 503 }));
    await send(fetchImpl);
    await send(fetchImpl);
    const ids = sent.map(({ init }) => (init.headers as Record<string, string>)["webhook-id"]);
    expect(ids).toEqual([DELIVERY.id, DELIVERY.id]);
  });

  it("links the resume instead of carrying it: a signed URL under /api, valid for seven days", async () => {
    const { sent, fetchImpl } = receiver(() => new Response(null, { status: 200 }));
    await send(fetchImpl, { ...DELIVERY, resume: RESUME });
    const payload = JSON.parse(sent[0]?.init.body as string) as {
      data: { resume: typeof RESUME & { url: string } };
    };
    const { url, ...resume } = payload.data.resume;
    expect(resume).toEqual(RESUME);
    const link = new URL(url);
    expect(link.origin + link.pathname).toBe(
      `https://www.example.com/api/webhook/resumes/${DELIVERY.leadId}`,
    );
    expect(link.searchParams.get("expires")).toBe(String(NOW + SEVEN_DAYS_MS));

    // The site's resume API honours the link until it expires.
    // The resume API reads only the lead's resume info from the record.
    const lead = { id: DELIVERY.leadId, resume: RESUME } as LeadRecord;
    const store = {
      operations: { get: async (id: string) => (id === lead.id ? lead : null) },
      outbox: {
        readResume: async (id: string) =>
          id === lead.id ? new Blob(["%PDF-"], { type: "application/pdf" }) : null,
      },
    };
    const site = (now: number) =>
      new Hono().route("/api/webhook", createResumeLinkApi({ config: CONFIG, store, now: () => now }));
    const fetched = await site(NOW + SEVEN_DAYS_MS).request(url);
    expect(fetched.status).toBe(200);
    expect(await fetched.text()).toBe("%PDF-");
    expect((await site(NOW + SEVEN_DAYS_MS + 1).request(url)).status).toBe(403);
  });
});

describe("webhook channel: what the receiver's answer means", () => {
  it.each([200, 201, 202, 204, 299])("counts HTTP %i as delivered", async (status) => {
    expect(await sendAndAnswer(status)).toEqual({ ok: true, status });
  });

  it("delivers without reading what the receiver wrote back", async () => {
    const answer = new Response("thanks, Ada Lovelace", { status: 200 });
    const { fetchImpl } = receiver(() => answer);
    expect(await send(fetchImpl)).toEqual({ ok: true, status: 200 });
    await expect(answer.text()).rejects.toThrow();
  });

  it("stops for the lead on 410 Gone: final, flagged gone, no retry wait", async () => {
    expect(await sendAndAnswer(410, { "Retry-After": "60" })).toEqual({
      ok: false,
      status: 410,
      problem: "gone",
      error: "HTTP 410 Gone",
      retryAfterMs: null,
      final: true,
    });
  });

  it.each([408, 425, 429, 500, 502, 503, 504])(
    "retries HTTP %i as a passing service problem, not final",
    async (status) => {
      expect(await sendAndAnswer(status)).toEqual({
        ok: false,
        status,
        problem: "service",
        error: `HTTP ${status}`,
        retryAfterMs: null,
      });
    },
  );

  it.each([300, 301, 302, 400, 401, 403, 404, 409, 413, 422, 499])(
    "flags HTTP %i as a configuration problem: redirects are not followed, other 4xx need a person",
    async (status) => {
      expect(await sendAndAnswer(status)).toEqual({
        ok: false,
        status,
        problem: "configuration",
        error: `HTTP ${status}`,
        retryAfterMs: null,
      });
    },
  );

  it("honours Retry-After in seconds", async () => {
    expect(await sendAndAnswer(429, { "Retry-After": "120" })).toMatchObject({
      problem: "service",
      retryAfterMs: 120_000,
    });
  });

  it("honours Retry-After as an HTTP date, measured from the relay's clock (09:30:15.789)", async () => {
    expect(await sendAndAnswer(503, { "Retry-After": "Fri, 14 Mar 2025 09:30:45 GMT" })).toMatchObject({
      problem: "service",
      retryAfterMs: 29_211,
    });
  });
});

describe("webhook channel: no answer", () => {
  it("gives up waiting after RELAY_TIMEOUT_MS and says so", async () => {
    expect(await send(silentReceiver)).toEqual({
      ok: false,
      status: null,
      problem: "network",
      error: "no answer within 50 ms",
      retryAfterMs: null,
    });
  });

  it("abandons the request when the relay stops", async () => {
    const stop = new AbortController();
    const sending = send(silentReceiver, DELIVERY, stop.signal);
    stop.abort();
    expect(await sending).toEqual({
      ok: false,
      status: null,
      problem: "network",
      error: "request failed: AbortError",
      retryAfterMs: null,
    });
  });

  it("names a network error by its kind only, never its message", async () => {
    const error = new TypeError("fetch failed", {
      cause: new Error("getaddrinfo ENOTFOUND crm.example.com"),
    });
    expect(await send(failingWith(error))).toEqual({
      ok: false,
      status: null,
      problem: "network",
      error: "request failed: TypeError",
      retryAfterMs: null,
    });
  });

  it("copes with a failure that is not an Error", async () => {
    expect(await send(failingWith("socket hang up"))).toMatchObject({
      problem: "network",
      error: "request failed: error",
    });
  });
});

describe("webhook channel: configuration", () => {
  const fetchImpl = receiver(() => new Response(null)).fetchImpl;

  it.each([
    ["WEBHOOK_URL", { ...CONFIG, WEBHOOK_URL: undefined }],
    ["WEBHOOK_SECRET", { ...CONFIG, WEBHOOK_SECRET: undefined }],
  ])("refuses to start without %s", (_, config) => {
    expect(() => createWebhookChannel({ config, now: () => NOW, fetchImpl })).toThrow(
      "WEBHOOK_URL and WEBHOOK_SECRET must be set",
    );
  });
});
