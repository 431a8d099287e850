import { describe, expect, it } from "vitest";
import { claimedDelivery } from "../../../test-support/claimed-delivery.ts";
import { loadConfig } from "../../config.ts";
import type { ClaimedDelivery, Outbox } from "../../store/queries/outbox.ts";
import { resumeOf } from "./channel.ts";
import { createFormServiceChannel, serviceUrlFor } from "./form-service.ts";

const LEAD_ID = "5d0c3c2e-8a51-4f0e-9a55-3b1f7b0f4e21";
const SITE = { CONTACT_EMAIL: "contact@example.org", RECRUITING_EMAIL: "careers@example.org" };

const demoRequest = (overrides: Partial<ClaimedDelivery> = {}) =>
  claimedDelivery({
    leadId: LEAD_ID,
    fields: { name: "Ada", email: "ada@example.com" },
    source: { source_page: "/chart-assist", utm_source: "newsletter" },
    ...overrides,
  });

const nurseApplication = (): ClaimedDelivery =>
  demoRequest({
    formId: "nurse-application",
    fields: { firstName: "Mary", lastName: "Seacole", email: "mary@example.com", consent: "on" },
    resume: { name: "mary-seacole.pdf", kind: "pdf", size: 9, sha256: "0".repeat(64) },
  });

/** A store holding resumes by lead id; the channel only ever reads them. */
function storeWith(resumes: Record<string, Blob> = {}) {
  const reads: string[] = [];
  const store = {
    outbox: {
      async readResume(leadId: string) {
        reads.push(leadId);
        return resumes[leadId] ?? null;
      },
    },
  } satisfies { outbox: Pick<Outbox, "readResume"> };
  return { reads, store };
}

/** The form service: records each post, confirms every one. */
function formService() {
  const posts: { url: string; body: FormData; signal: AbortSignal | null | undefined }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    posts.push({ url: String(input), body: init.body as FormData, signal: init.signal });
    return Response.json({ success: "true" });
  }) as typeof fetch;
  return { posts, fetchImpl };
}

function channelWith(env: Record<string, string> = {}, resumes: Record<string, Blob> = {}) {
  const config = loadConfig({
    ...SITE,
    FORM_SERVICE_URL: "https://forms.example.test/ajax/{to}",
    ...env,
  });
  const service = formService();
  const { store, reads } = storeWith(resumes);
  const channel = createFormServiceChannel({ config, store, now: Date.now, fetchImpl: service.fetchImpl });
  return { channel, posts: service.posts, reads, fetchImpl: service.fetchImpl };
}

const entriesOf = (body: FormData) =>
  [...body.entries()].map(([name, value]) => [
    name,
    typeof value === "string" ? value : `file ${value.name}`,
  ]);

const running = () => new AbortController().signal;

describe("the form service channel", () => {
  it("posts a demo request to the contact mailbox, named in the URL and the to field", async () => {
    const { channel, posts } = channelWith();
    expect(await channel.send(demoRequest(), running())).toEqual({ ok: true, status: 200 });
    expect(posts).toHaveLength(1);
    expect(posts[0]?.url).toBe("https://forms.example.test/ajax/contact%40example.org");
    expect(entriesOf(posts[0]?.body as FormData)).toEqual([
      ["name", "Ada"],
      ["email", "ada@example.com"],
      ["to", "contact@example.org"],
      ["subject", "New ChartAssist Demo Request"],
      ["_subject", "New ChartAssist Demo Request"],
      ["_lead_id", LEAD_ID],
    ]);
  });

  it("posts a nurse application to the recruiting mailbox with the stored resume", async () => {
    const pdf = new Blob(["%PDF-1.7\n"], { type: "application/pdf" });
    const { channel, posts } = channelWith({}, { [LEAD_ID]: pdf });
    expect(await channel.send(nurseApplication(), running())).toEqual({ ok: true, status: 200 });
    const body = posts[0]?.body as FormData;
    expect(posts[0]?.url).toBe("https://forms.example.test/ajax/careers%40example.org");
    expect(body.get("to")).toBe("careers@example.org");
    expect(body.get("subject")).toBe("New Online Nursing Application Submission");
    expect((body.get("resume") as File).name).toBe("mary-seacole.pdf");
    expect(await (body.get("resume") as File).text()).toBe("%PDF-1.7\n");
  });

  it("adds the lead's source fields only when RELAY_SOURCE_FIELDS is on", async () => {
    const plain = channelWith();
    await plain.channel.send(demoRequest(), running());
    expect(plain.posts[0]?.body.has("source_page")).toBe(false);

    const withSource = channelWith({ RELAY_SOURCE_FIELDS: "true" });
    await withSource.channel.send(demoRequest(), running());
    expect(entriesOf(withSource.posts[0]?.body as FormData).slice(0, 4)).toEqual([
      ["name", "Ada"],
      ["email", "ada@example.com"],
      ["source_page", "/chart-assist"],
      ["utm_source", "newsletter"],
    ]);
  });

  it("refuses a delivery of a form it does not know, posting nothing", async () => {
    const { channel, posts } = channelWith();
    expect(await channel.send(demoRequest({ formId: "retired-form" }), running())).toEqual({
      ok: false,
      status: null,
      problem: "configuration",
      error: "unknown form id",
      retryAfterMs: null,
    });
    expect(posts).toEqual([]);
  });

  it("refuses a delivery whose resume the store lost, posting nothing", async () => {
    const { channel, posts } = channelWith();
    expect(await channel.send(nurseApplication(), running())).toEqual({
      ok: false,
      status: null,
      problem: "configuration",
      error: "resume file missing",
      retryAfterMs: null,
    });
    expect(posts).toEqual([]);
  });

  it("waits RELAY_TIMEOUT_MS for an answer", async () => {
    const config = loadConfig({ ...SITE, RELAY_TIMEOUT_MS: "2500" });
    const timedOut = (async () => {
      throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
    }) as typeof fetch;
    const channel = createFormServiceChannel({
      config,
      store: storeWith().store,
      now: Date.now,
      fetchImpl: timedOut,
    });
    expect(await channel.send(demoRequest(), running())).toMatchObject({
      problem: "network",
      error: "no answer within 2500 ms",
    });
  });

  it("aborts the post when the relay stops", async () => {
    const { channel, posts } = channelWith();
    const stopping = new AbortController();
    stopping.abort();
    await channel.send(demoRequest(), stopping.signal);
    expect(posts[0]?.signal?.aborted).toBe(true);
  });
});

describe("serviceUrlFor", () => {
  it("puts the URL-encoded mailbox wherever the template says {to}", () => {
    expect(serviceUrlFor("https://forms.example.test/{to}?cc={to}", "a+b@example.org")).toBe(
      "https://forms.example.test/a%2Bb%40example.org?cc=a%2Bb%40example.org",
    );
  });
});

describe("resumeOf", () => {
  it("answers no resume for a delivery without one, without reading the store", async () => {
    const { store, reads } = storeWith();
    expect(await resumeOf(store, demoRequest())).toStrictEqual({ blob: null });
    expect(reads).toEqual([]);
  });
});
