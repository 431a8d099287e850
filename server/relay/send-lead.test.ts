import { describe, expect, it } from "vitest";
import type { ResumeInfo } from "../store/store-records.ts";
import { buildPayload, type OutgoingLead, sendLead } from "./send-lead.ts";

const LEAD: OutgoingLead = {
  url: "https://forms.example.test/ajax/contact%40example.com",
  leadId: "0b6f3f6e-4f1c-4b43-9d6e-1d6f5b0c2a10",
  to: "contact@example.com",
  subject: "New ChartAssist Demo Request",
  fields: { name: "Ada", email: "ada@example.com" },
  resume: null,
};

const RESUME_INFO: ResumeInfo = { name: "ada-lovelace.pdf", kind: "pdf", size: 9, sha256: "0".repeat(64) };

/** A form service that records each post and answers it with `response`. */
function formService(response: () => Response | Promise<Response>) {
  const posts: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    posts.push({ url: String(input), init });
    return response();
  }) as typeof fetch;
  return { posts, fetchImpl };
}

const send = (response: () => Response | Promise<Response>, lead = LEAD) =>
  sendLead(lead, 1000, Date.now, formService(response).fetchImpl);

/** A fetch that fails before any answer, as undici does on a refused connection. */
const failing = (error: unknown) =>
  (async () => {
    throw error;
  }) as typeof fetch;

/** Each entry of a multipart body, a file shown by its name. */
const entriesOf = (body: FormData) =>
  [...body.entries()].map(([name, value]) => [
    name,
    typeof value === "string" ? value : `file ${value.name}`,
  ]);

describe("the posted lead", () => {
  it("carries the form's fields, then to, subject, _subject, _lead_id and the resume under its file name", async () => {
    const blob = new Blob(["%PDF-1.7\n"], { type: "application/pdf" });
    const body = buildPayload({ ...LEAD, resume: { info: RESUME_INFO, blob } });
    expect(entriesOf(body)).toEqual([
      ["name", "Ada"],
      ["email", "ada@example.com"],
      ["to", "contact@example.com"],
      ["subject", "New ChartAssist Demo Request"],
      ["_subject", "New ChartAssist Demo Request"],
      ["_lead_id", LEAD.leadId],
      ["resume", "file ada-lovelace.pdf"],
    ]);
    expect(await (body.get("resume") as File).text()).toBe("%PDF-1.7\n");
  });

  it("has no resume field when the lead has no resume", () => {
    expect(buildPayload(LEAD).has("resume")).toBe(false);
  });

  it("is a POST to the lead's URL asking for JSON, not following redirects", async () => {
    const service = formService(() => Response.json({ success: true }));
    await sendLead(LEAD, 1000, Date.now, service.fetchImpl);
    expect(service.posts.map((post) => post.url)).toEqual([LEAD.url]);
    const init = service.posts[0]?.init ?? {};
    expect(init.method).toBe("POST");
    expect(new Headers(init.headers).get("Accept")).toBe("application/json");
    expect(init.redirect).toBe("manual");
    expect(entriesOf(init.body as FormData)).toEqual(entriesOf(buildPayload(LEAD)));
  });
});

describe("a 2xx answer", () => {
  it.each([
    ["success true", { success: true }],
    ['success "true" (FormSubmit)', { success: "true", message: "The form was submitted successfully." }],
  ])("counts JSON with %s as delivered", async (_, json) => {
    expect(await send(() => Response.json(json))).toEqual({ ok: true, status: 200 });
  });

  it.each([
    [
      "an HTML page",
      () => new Response("<!doctype html><title>Just a moment...</title>", htmlHeaders()),
      "HTTP 200 without a confirmation (text/html): check FORM_SERVICE_URL",
    ],
    [
      "an empty body",
      () => new Response(null, { status: 200 }),
      "HTTP 200 without a confirmation (empty body): check FORM_SERVICE_URL",
    ],
    [
      "an empty 204",
      () => new Response(null, { status: 204 }),
      "HTTP 204 without a confirmation (empty body): check FORM_SERVICE_URL",
    ],
    [
      "non-JSON text",
      () => new Response("OK", { headers: { "Content-Type": "text/plain" } }),
      "HTTP 200 without a confirmation (text/plain): check FORM_SERVICE_URL",
    ],
    [
      "a body but no content type",
      () => new Response(new TextEncoder().encode("OK")),
      "HTTP 200 without a confirmation (no content type): check FORM_SERVICE_URL",
    ],
    [
      "JSON without success",
      () => Response.json({ ok: true }),
      "HTTP 200 without a confirmation (application/json): check FORM_SERVICE_URL",
    ],
    [
      'a bare JSON "true"',
      () => Response.json("true"),
      "HTTP 200 without a confirmation (application/json): check FORM_SERVICE_URL",
    ],
    [
      "JSON null",
      () => Response.json(null),
      "HTTP 200 without a confirmation (application/json): check FORM_SERVICE_URL",
    ],
    [
      "JSON success false",
      () => Response.json({ success: false, message: "Invalid email" }),
      "HTTP 200 success=false: Invalid email",
    ],
    ['JSON success "false"', () => Response.json({ success: "false" }), "HTTP 200 success=false"],
    ["JSON success 1", () => Response.json({ success: 1, message: 42 }), "HTTP 200 success=1"],
  ])("counts %s as a failed attempt flagged configuration", async (_, response, error) => {
    expect(await send(response)).toEqual({
      ok: false,
      status: expect.any(Number),
      problem: "configuration",
      error,
      retryAfterMs: null,
    });
  });

  it("names the media type alone, without parameters or spaces", async () => {
    const html = () =>
      new Response("<p>Checking your browser</p>", {
        headers: { "Content-Type": "text/html ; charset=utf-8" },
      });
    expect(await send(html)).toMatchObject({
      error: "HTTP 200 without a confirmation (text/html): check FORM_SERVICE_URL",
    });
  });

  it("flags a refusal that asks for activation as activation, quoting the service's words in one line", async () => {
    const answer = () =>
      Response.json({
        success: "false",
        message: "  This form needs\n  Activation. We've sent you an email. ",
      });
    expect(await send(answer)).toEqual({
      ok: false,
      status: 200,
      problem: "activation",
      error: "HTTP 200 success=false: This form needs Activation. We've sent you an email.",
      retryAfterMs: null,
    });
  });
});

describe("a status outside 2xx", () => {
  it.each([408, 425, 429, 500, 502, 503, 504, 599])(
    "counts HTTP %i as the service's trouble, worth a retry",
    async (status) => {
      expect(await send(() => new Response("Try again later", { status }))).toEqual({
        ok: false,
        status,
        problem: "service",
        error: `HTTP ${status}: Try again later`,
        retryAfterMs: null,
      });
    },
  );

  it.each([400, 401, 403, 404, 405, 410, 413, 422, 499])(
    "counts HTTP %i as a configuration problem",
    async (status) => {
      expect(await send(() => new Response("Nope", { status }))).toEqual({
        ok: false,
        status,
        problem: "configuration",
        error: `HTTP ${status}: Nope`,
        retryAfterMs: null,
      });
    },
  );

  it.each([300, 301, 302, 307, 308])(
    "does not count a redirect (HTTP %i) as delivered, whatever its body says",
    async (status) => {
      const redirect = () =>
        new Response(JSON.stringify({ success: true }), {
          status,
          headers: { Location: "https://forms.example.test/captcha" },
        });
      expect(await send(redirect)).toEqual({
        ok: false,
        status,
        problem: "configuration",
        error: `HTTP ${status}: {"success":true}`,
        retryAfterMs: null,
      });
    },
  );

  it("names the status alone when the answer has no body", async () => {
    expect(await send(() => new Response(null, { status: 503 }))).toMatchObject({ error: "HTTP 503" });
  });

  it("quotes the answer with whitespace collapsed, cut at 300 characters", async () => {
    const page = `\n  <h1>Form   disabled</h1>\n\t<p>${"x".repeat(400)}</p>\n`;
    const quoted = `<h1>Form disabled</h1> <p>${"x".repeat(400)}`.slice(0, 300);
    const outcome = await send(() => new Response(page, { status: 403 }));
    expect(outcome).toMatchObject({ error: `HTTP 403: ${quoted}` });
    expect(quoted).toHaveLength(300);
  });

  it("passes on Retry-After in seconds", async () => {
    const busy = () => new Response(null, { status: 429, headers: { "Retry-After": "120" } });
    expect(await send(busy)).toMatchObject({ problem: "service", retryAfterMs: 120_000 });
  });

  it("passes on a Retry-After date as the wait from the injected clock", async () => {
    const now = () => Date.parse("2025-03-01T12:00:00Z");
    const busy = () =>
      new Response(null, { status: 503, headers: { "Retry-After": "Sat, 01 Mar 2025 12:01:30 GMT" } });
    const outcome = await sendLead(LEAD, 1000, now, formService(busy).fetchImpl);
    expect(outcome).toMatchObject({ problem: "service", retryAfterMs: 90_000 });
  });

  it("passes on Retry-After with a 2xx that did not confirm", async () => {
    const answer = () => Response.json({ success: false }, { headers: { "Retry-After": "5" } });
    expect(await send(answer)).toMatchObject({ ok: false, retryAfterMs: 5000 });
  });
});

describe("no answer", () => {
  it("reports a failed request by the error's name only, never its message", async () => {
    const refused = new TypeError("fetch failed: connect ECONNREFUSED contact@example.com");
    expect(await sendLead(LEAD, 1000, Date.now, failing(refused))).toEqual({
      ok: false,
      status: null,
      problem: "network",
      error: "request failed: TypeError",
      retryAfterMs: null,
    });
  });

  it("reports something thrown that is not an Error as a plain error", async () => {
    expect(await sendLead(LEAD, 1000, Date.now, failing("socket hang up"))).toMatchObject({
      problem: "network",
      error: "request failed: error",
    });
  });

  it("reports a connection dropped while reading the answer as a network failure", async () => {
    const dropped = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.error(new TypeError("terminated"));
          },
        }),
      );
    expect(await send(dropped)).toEqual({
      ok: false,
      status: null,
      problem: "network",
      error: "request failed: TypeError",
      retryAfterMs: null,
    });
  });

  it("gives up on a service that does not answer within the timeout", async () => {
    // Answers only when the request's signal fires, as a real fetch would.
    const hanging = (async (_: RequestInfo | URL, init: RequestInit = {}) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      })) as typeof fetch;
    expect(await sendLead(LEAD, 20, Date.now, hanging)).toEqual({
      ok: false,
      status: null,
      problem: "network",
      error: "no answer within 20 ms",
      retryAfterMs: null,
    });
  });

  it("aborts the request when the worker stops", async () => {
    const service = formService(() => Response.json({ success: true }));
    const stopping = new AbortController();
    stopping.abort();
    const aborted = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      await service.fetchImpl(input, init);
      init.signal?.throwIfAborted();
      return Response.json({ success: true });
    }) as typeof fetch;
    expect(await sendLead(LEAD, 1000, Date.now, aborted, stopping.signal)).toMatchObject({
      problem: "network",
      error: "request failed: AbortError",
    });
    expect(service.posts[0]?.init.signal?.aborted).toBe(true);
  });

  it("leaves the request running while the worker is not stopping", async () => {
    const service = formService(() => Response.json({ success: true }));
    const running = new AbortController();
    expect(await sendLead(LEAD, 1000, Date.now, service.fetchImpl, running.signal)).toEqual({
      ok: true,
      status: 200,
    });
    expect(service.posts[0]?.init.signal?.aborted).toBe(false);
  });
});

function htmlHeaders(): ResponseInit {
  return { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } };
}
