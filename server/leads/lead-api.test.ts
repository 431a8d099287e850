import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { chartAssistDemo, nurseApplication, validateLead } from "../../leads/forms.ts";
import { RESUME_MESSAGES } from "../../leads/resume.ts";
import { type FakeFormService, startFakeFormService } from "../../test-support/fake-form-service.ts";
import { startInProcessServer, type TestServer } from "../../test-support/in-process-server.ts";
import {
  docFile,
  docxFile,
  exeWithPdfInside,
  pdfZipPolyglot,
  plainZipFile,
  zipOf,
} from "../../test-support/resume-fixtures.ts";
import { MINIMAL_BUILD_DIR, waitFor } from "../../test-support/server-process.ts";
import { createTestDatabase, DIALECTS } from "../../test-support/test-database.ts";
import { storeFixture } from "../../test-support/vitest-fixtures.ts";
import { loadConfig } from "../config.ts";
import { createLogger } from "../runtime/logger.ts";
import { createLeadApi } from "./lead-api.ts";

const SITE_URL = "https://www.northwind.example";
const CONTACT = "contact@northwind.example";
const RECRUITING = "careers@northwind.example";
const JSON_ACCEPT = { Accept: "application/json" };
const pdf = (size: number) =>
  Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(Math.max(0, size - 9), 0x20)]);
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

const demo = (overrides: Record<string, string> = {}) =>
  new URLSearchParams({ name: "Grace Hopper", email: "grace@example.com", company: "Navy", ...overrides });

function application(resume: Buffer | null, fileName = "cv.pdf", overrides: Record<string, string> = {}) {
  const body = new FormData();
  const fields = {
    firstName: "Mary",
    lastName: "Seacole",
    email: "mary@example.com",
    consent: "on",
    ...overrides,
  };
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (resume) body.append("resume", new Blob([new Uint8Array(resume)]), fileName);
  return body;
}

describe.each(DIALECTS)("lead API against the real server (in process) on %s", (dialect) => {
  const { database, store } = storeFixture(dialect, "lead-api", { per: "test" });
  let service: FakeFormService;
  let server: TestServer;

  const post = (
    formId: string,
    body: BodyInit,
    headers: Record<string, string> = JSON_ACCEPT,
    base = server.url,
  ) => fetch(`${base}/api/leads/${formId}`, { method: "POST", body, headers, redirect: "manual" });
  const storedLeads = () => store.operations.list({});
  /** The server's "lead" log lines so far, without pino's own fields. */
  const leadLogLines = () =>
    server
      .logs()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === "lead")
      .map(({ level, time, pid, hostname, service: _service, msg, ...rest }) => rest);
  const tempFiles = () => readdir(path.join(database.dataDir, "tmp"));
  const resumeFiles = () => readdir(path.join(database.dataDir, "resumes"));
  /** The relay's post of this lead, once the fake service has it. */
  const deliveryOf = (id: string) =>
    waitFor(() => service.delivered().find((item) => item.fields._lead_id === id));

  const baseEnv = () => ({
    BUILD_DIR: MINIMAL_BUILD_DIR,
    SITE_URL,
    CONTACT_EMAIL: CONTACT,
    RECRUITING_EMAIL: RECRUITING,
    FORM_SERVICE_URL: service.template,
    RELAY_POLL_MS: "50",
    RATE_LIMIT_PER_MINUTE: "0",
    ALLOWED_ORIGINS: "https://partner.example",
  });

  beforeAll(async () => {
    service = await startFakeFormService();
  });

  // Each test gets a server and a database of its own: no test sees another's leads, keys or counters, and
  // mutation testing counts what the server does while a test runs as that test's (stryker.config.mjs).
  beforeEach(async () => {
    server = await startInProcessServer({ ...baseEnv(), ...database.env });
  });

  // Whatever a test sent, refused or cut, its upload's temp file is gone once it is answered.
  afterEach(async () => {
    try {
      await waitFor(
        async () => ((await tempFiles()).length === 0 ? true : undefined),
        5000,
        "temp files removed",
      );
    } finally {
      await server?.stop();
    }
  });

  afterAll(async () => {
    await service?.close();
  });

  it("accepts a lead with 201, stores it and relays it to the form's mailbox with the form's subject", async () => {
    const response = await post(
      "chartassist-demo",
      demo({ to: "attacker@evil.example", subject: "Buy now" }),
    );
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string; status: string };
    expect(body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: "accepted" });

    const stored = await store.operations.get(body.id);
    expect(stored).toMatchObject({
      formId: "chartassist-demo",
      fields: { name: "Grace Hopper", email: "grace@example.com", company: "Navy" },
    });
    const delivered = await deliveryOf(body.id);
    expect(delivered.to).toBe(CONTACT);
    expect(delivered.accept).toBe("application/json");
    expect(delivered.contentType).toMatch(/^multipart\/form-data/);
    expect(delivered.fields).toEqual({
      name: "Grace Hopper",
      email: "grace@example.com",
      company: "Navy",
      to: CONTACT,
      subject: chartAssistDemo.subject,
      _subject: chartAssistDemo.subject,
      // Delivery is at least once: the id lets the mailbox recognise a repeat.
      _lead_id: body.id,
    });
    await waitFor(async () =>
      (await store.operations.get(body.id))?.state === "delivered" ? true : undefined,
    );
    // One line for the operator: the form, the outcome, the id and the time taken, nothing the visitor typed.
    expect(leadLogLines()).toEqual([
      {
        formId: "chartassist-demo",
        outcome: "accepted",
        leadId: body.id,
        resumeBytes: 0,
        ms: expect.any(Number),
      },
    ]);
    expect(server.logs()).not.toContain("Grace");
  });

  it("wakes the relay for an accepted lead rather than leave it to the next poll", async () => {
    const sleepy = await createTestDatabase(dialect, "lead-api-wake");
    const woken = await startInProcessServer({ ...baseEnv(), ...sleepy.env, RELAY_POLL_MS: "600000" });
    onTestFinished(async () => {
      await woken.stop();
      await sleepy.drop();
    });
    const response = await post(
      "careworks-demo",
      demo({ email: "woken@example.com" }),
      JSON_ACCEPT,
      woken.url,
    );
    const { id } = (await response.json()) as { id: string };
    expect((await deliveryOf(id)).fields.email).toBe("woken@example.com");
  });

  it("stores a resume under its lead id and relays it to the recruiting mailbox byte for byte", async () => {
    const resume = pdf(200_000);
    const response = await post("nurse-application", application(resume, "Mary CV.pdf"));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const stored = await store.operations.get(id);
    expect(stored?.resume).toEqual({
      name: "Mary CV.pdf",
      kind: "pdf",
      size: resume.length,
      sha256: sha256(resume),
    });
    // SQLite keeps it as DATA_DIR/resumes/<id>.pdf; PostgreSQL in its lead_files table, and no file at all.
    expect(await database.storedResume(id)).toEqual(resume);
    if (dialect === "sqlite") expect(await resumeFiles()).toContain(`${id}.pdf`);
    else expect(await resumeFiles()).toEqual([]);

    const delivered = await deliveryOf(id);
    expect(delivered.to).toBe(RECRUITING);
    expect(delivered.fields.subject).toBe(nurseApplication.subject);
    expect(delivered.file).toMatchObject({
      field: "resume",
      name: "Mary CV.pdf",
      type: "application/pdf",
      size: resume.length,
      sha256: sha256(resume),
    });
  });

  it("answers 400 with the shared schema's messages and stores nothing", async () => {
    const before = (await storedLeads()).length;
    const values = { name: "", email: "not-an-email", company: "" };
    const response = await post("chartassist-demo", new URLSearchParams(values));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toEqual({
      error: "invalid",
      message: "Some fields need attention.",
      fields: validateLead(chartAssistDemo, values).fields,
    });
    expect(body.fields).toEqual({
      name: "Name is required.",
      email: "Enter a valid email address, like name@example.com.",
    });
    expect(await storedLeads()).toHaveLength(before);
  });

  it("answers 404 for an unknown form", async () => {
    const response = await post("no-such-form", demo());
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "not_found", message: "There is no form with that id." });
  });

  it("refuses an 11 MB resume with 413 while streaming and leaves nothing behind", async () => {
    const before = { leads: (await storedLeads()).length, files: (await resumeFiles()).length };
    const response = await post("nurse-application", application(pdf(11 * 1024 * 1024)));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: "too_large",
      message: RESUME_MESSAGES.size,
      fields: { resume: RESUME_MESSAGES.size },
    });
    expect((await storedLeads()).length).toBe(before.leads);
    expect((await resumeFiles()).length).toBe(before.files);
    await waitFor(
      async () => ((await tempFiles()).length === 0 ? true : undefined),
      5000,
      "temp files removed",
    );
  });

  it("refuses a body over 12 MB with 413", async () => {
    const response = await post("chartassist-demo", demo({ company: "x".repeat(13 * 1024 * 1024) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      error: "too_large",
      message: expect.stringContaining("12 MB"),
    });
  });

  it("refuses a resume named .pdf whose bytes are an executable with 415", async () => {
    const before = (await storedLeads()).length;
    const executable = Buffer.concat([
      Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"),
      Buffer.alloc(50_000, 1),
    ]);
    const response = await post("nurse-application", application(executable, "resume.pdf"));
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      error: "unsupported_media_type",
      message: RESUME_MESSAGES.type,
      fields: { resume: RESUME_MESSAGES.type },
    });
    expect(await storedLeads()).toHaveLength(before);
    await waitFor(
      async () => ((await tempFiles()).length === 0 ? true : undefined),
      5000,
      "temp files removed",
    );
  });

  it.each([
    ["a renamed ZIP", "resume.docx", plainZipFile],
    ["a ZIP holding only word/document.xml", "resume.docx", () => zipOf({ "word/document.xml": "<w/>" })],
    ["a PDF header glued onto a ZIP", "resume.pdf", pdfZipPolyglot],
    ["an executable carrying a PDF further in", "resume.pdf", async () => exeWithPdfInside()],
  ])("refuses %s with 415 and stores nothing", async (_what, fileName, make) => {
    const before = (await storedLeads()).length;
    const response = await post("nurse-application", application(await make(), fileName));
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ fields: { resume: RESUME_MESSAGES.type } });
    expect(await storedLeads()).toHaveLength(before);
  });

  it("accepts a Word 97-2003 document (an OLE compound file)", async () => {
    const response = await post("nurse-application", application(docFile(), "cv.doc"));
    expect(response.status).toBe(201);
  });

  it("refuses a body that is not a form encoding with 415", async () => {
    const response = await post("chartassist-demo", JSON.stringify({ name: "A", email: "a@example.com" }), {
      ...JSON_ACCEPT,
      "Content-Type": "application/json",
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({
      error: "unsupported_media_type",
      message: expect.any(String),
    });
  });

  it("accepts a DOCX whatever its name says and relays it under a matching name", async () => {
    const docx = await docxFile();
    const response = await post(
      "nurse-application",
      application(docx, "resume", { email: "docx@example.com" }),
    );
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const delivered = await deliveryOf(id);
    expect(delivered.file).toMatchObject({ name: "resume.docx", sha256: sha256(docx) });
  });

  it("replays an Idempotency-Key with the first answer and refuses a different payload with 422", async () => {
    const key = randomUUID();
    const headers = { ...JSON_ACCEPT, "Idempotency-Key": key };
    const first = await post("payroll-info", demo({ email: "idem@example.com" }), headers);
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    const replay = await post("payroll-info", demo({ email: "idem@example.com" }), headers);
    expect(replay.status).toBe(201);
    expect(await replay.json()).toEqual(firstBody);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");

    const conflict = await post("payroll-info", demo({ email: "other@example.com" }), headers);
    expect(conflict.status).toBe(422);
    expect(await conflict.json()).toEqual({
      error: "idempotency_conflict",
      message: "This Idempotency-Key was already used with a different submission.",
    });
    const stored = (await storedLeads()).filter((lead) => lead.fields.email === "idem@example.com");
    expect(stored.map((lead) => lead.id)).toEqual([firstBody.id]);
    expect((await storedLeads()).filter((lead) => lead.fields.email === "other@example.com")).toEqual([]);
    expect(leadLogLines().map(({ outcome, leadId, status }) => ({ outcome, leadId, status }))).toEqual([
      { outcome: "accepted", leadId: firstBody.id, status: undefined },
      { outcome: "replayed", leadId: firstBody.id, status: undefined },
      { outcome: "idempotency_conflict", leadId: undefined, status: 422 },
    ]);
  });

  it("keeps a key's answer to the exact payload: the same fields in another order replay, a changed one does not", async () => {
    const headers = { ...JSON_ACCEPT, "Idempotency-Key": randomUUID() };
    const first = await post(
      "payroll-info",
      new URLSearchParams({ name: "A B", email: "order@example.com" }),
      headers,
    );
    const reordered = await post(
      "payroll-info",
      new URLSearchParams({ email: "order@example.com", name: "A B" }),
      headers,
    );
    expect(reordered.status).toBe(201);
    expect(await reordered.json()).toEqual(await first.json());
  });

  it("refuses an Idempotency-Key over 255 characters", async () => {
    const response = await post("payroll-info", demo(), {
      ...JSON_ACCEPT,
      "Idempotency-Key": "k".repeat(256),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "invalid",
      message: "The Idempotency-Key header must be 1 to 255 visible ASCII characters.",
    });
  });

  it("answers a filled honeypot with the same 201, keeps it as spam and never relays it", async () => {
    const response = await post("careworks-demo", demo({ email: "bot@spam.example", _honey: "http://spam" }));
    expect(response.status).toBe(201);
    const { id, status } = (await response.json()) as { id: string; status: string };
    expect(status).toBe("accepted");
    expect(await store.operations.get(id)).toMatchObject({
      state: "spam",
      fields: { _honey: "http://spam" },
    });
    // A real lead posted after it reaches the service; the spam one never does.
    const after = await post("careworks-demo", demo({ email: "after-spam@example.com" }));
    await deliveryOf(((await after.json()) as { id: string }).id);
    expect(service.posts.filter((item) => item.fields._lead_id === id)).toEqual([]);
    expect(leadLogLines().find((entry) => entry.leadId === id)).toMatchObject({ outcome: "spam" });
  });

  it("keeps a honeypot post's fields cut to bounds, and takes a honeypot of spaces as empty", async () => {
    const long = "x".repeat(6000);
    const spam = await post(
      "careworks-demo",
      demo({ company: long, _honey: "http://spam", extra: "dropped" }),
    );
    const { id } = (await spam.json()) as { id: string };
    const stored = await store.operations.get(id);
    expect(stored?.state).toBe("spam");
    expect(Object.keys(stored?.fields ?? {}).sort()).toEqual(["_honey", "company", "email", "name"]);
    expect(stored?.fields.company).toBe("x".repeat(5000));
    const blank = await post("careworks-demo", demo({ email: "blank-honey@example.com", _honey: "   " }));
    const blankId = ((await blank.json()) as { id: string }).id;
    expect((await store.operations.get(blankId))?.state).toBe("pending");
  });

  it("sends a native form post back to the form's page with 303, for success and for errors", async () => {
    const ok = await post("staffing-request", demo({ email: "native@example.com" }), {});
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe("/carestaff?lead=ok#contact");
    expect((await storedLeads()).some((lead) => lead.fields.email === "native@example.com")).toBe(true);

    const invalid = await post("staffing-request", demo({ email: "nope" }), { Accept: "text/html" });
    expect(invalid.status).toBe(303);
    expect(invalid.headers.get("Location")).toBe("/carestaff?lead=error#contact");
  });

  it("refuses a cross-origin post with 403 and answers listed origins with CORS headers", async () => {
    const before = (await storedLeads()).length;
    const foreign = await post("chartassist-demo", demo(), {
      ...JSON_ACCEPT,
      Origin: "https://evil.example",
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(await foreign.json()).toEqual({
      error: "forbidden_origin",
      message: "This site does not accept form posts from that origin.",
    });
    expect(await storedLeads()).toHaveLength(before);

    const own = await post("chartassist-demo", demo(), { ...JSON_ACCEPT, Origin: SITE_URL });
    expect(own.status).toBe(201);

    const preflight = await fetch(`${server.url}/api/leads/chartassist-demo`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://partner.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "idempotency-key",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe("https://partner.example");
    expect(preflight.headers.get("Access-Control-Allow-Headers")).toBe("Content-Type,Accept,Idempotency-Key");
    expect(preflight.headers.get("Access-Control-Allow-Methods")).toBe("POST,OPTIONS");

    // A listed origin's post reads the answer, and the headers a retrying client needs.
    const partner = await post("chartassist-demo", demo(), {
      ...JSON_ACCEPT,
      Origin: "https://partner.example",
    });
    expect(partner.status).toBe(201);
    expect(partner.headers.get("Access-Control-Allow-Origin")).toBe("https://partner.example");
    expect(partner.headers.get("Access-Control-Expose-Headers")).toBe("Retry-After,Idempotent-Replayed");
    // Same origin as the request's own host (a server reached by another name than SITE_URL).
    const sameHost = await post("chartassist-demo", demo(), { ...JSON_ACCEPT, Origin: server.url });
    expect(sameHost.status).toBe(201);

    const badPreflight = await fetch(`${server.url}/api/leads/chartassist-demo`, {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" },
    });
    expect(badPreflight.status).toBe(403);
  });

  it("never allows Origin: null (a sandboxed frame, a data: page), neither its preflight nor its post", async () => {
    const before = (await storedLeads()).length;
    const preflight = await fetch(`${server.url}/api/leads/chartassist-demo`, {
      method: "OPTIONS",
      headers: { Origin: "null", "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const posted = await post("chartassist-demo", demo(), { ...JSON_ACCEPT, Origin: "null" });
    expect(posted.status).toBe(403);
    expect(posted.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(await storedLeads()).toHaveLength(before);
  });

  it("limits submissions per client address per form with 429 and Retry-After", async () => {
    const limitedDatabase = await createTestDatabase(dialect, "lead-api-limited");
    const limited = await startInProcessServer({
      ...baseEnv(),
      ...limitedDatabase.env,
      RELAY_ENABLED: "false",
      RATE_LIMIT_PER_MINUTE: "2",
      TRUST_PROXY: "loopback",
    });
    onTestFinished(async () => {
      await limited.stop();
      await limitedDatabase.drop();
    });
    const from = (address: string) => ({ ...JSON_ACCEPT, "X-Forwarded-For": `203.0.113.9, ${address}` });
    for (let index = 0; index < 2; index++) {
      expect((await post("payroll-info", demo(), from("198.51.100.1"), limited.url)).status).toBe(201);
    }
    const refused = await post("payroll-info", demo(), from("198.51.100.1"), limited.url);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused.json()).toMatchObject({
      error: "rate_limited",
      message: "Too many submissions from your address. Please wait a minute and retry.",
    });
    // Another form, or another address behind the trusted proxy, has its own allowance.
    expect((await post("careworks-demo", demo(), from("198.51.100.1"), limited.url)).status).toBe(201);
    expect((await post("payroll-info", demo(), from("198.51.100.2"), limited.url)).status).toBe(201);
  });

  it("keeps the leads in the database DATA_DIR or DATABASE_URL names", async () => {
    const response = await post("chartassist-demo", demo({ email: "where@example.com" }));
    const { id } = (await response.json()) as { id: string };
    expect(await store.operations.get(id)).toMatchObject({ fields: { email: "where@example.com" } });
    expect(existsSync(path.join(database.dataDir, "leads.db"))).toBe(dialect === "sqlite");
  });
});

describe.each(DIALECTS)("lead API waking the relay, on %s", (dialect) => {
  const { database, store } = storeFixture(dialect, "lead-api-wake");
  it("wakes it once per new lead, and not for spam or a replayed post", async () => {
    const config = loadConfig({ ...database.env, RATE_LIMIT_PER_MINUTE: "0" });
    let wakes = 0;
    const api = await createLeadApi({
      config,
      logger: createLogger("silent"),
      store,
      onAccepted: () => wakes++,
    });
    const send = (body: URLSearchParams, headers: Record<string, string> = {}) =>
      api.app.request("/leads/careworks-demo", {
        method: "POST",
        body,
        headers: { ...JSON_ACCEPT, ...headers },
      });
    try {
      const key = { "Idempotency-Key": randomUUID() };
      expect((await send(demo(), key)).status).toBe(201);
      expect(wakes).toBe(1);
      expect((await send(demo(), key)).status).toBe(201);
      expect((await send(demo({ email: "bot@spam.example", _honey: "http://spam" }))).status).toBe(201);
      expect(wakes).toBe(1);
    } finally {
      await api.close();
    }
  });
});

describe.each(DIALECTS)("lead API with its store down, on %s", (dialect) => {
  it("answers 503 to a post and leaves no temp file", async () => {
    const database = await createTestDatabase(dialect, "lead-api-down");
    const { dataDir } = database;
    const store = await database.openStore();
    await store.close();
    const config = loadConfig({ ...database.env, RATE_LIMIT_PER_MINUTE: "0" });
    const api = await createLeadApi({ config, logger: createLogger("silent"), store });
    try {
      const body = application(pdf(5000));
      const response = await api.app.request("/leads/nurse-application", {
        method: "POST",
        body,
        headers: JSON_ACCEPT,
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        error: "unavailable",
        message: "We could not save your submission just now. Please try again in a moment.",
      });
      expect(await readdir(path.join(dataDir, "tmp"))).toEqual([]);
      expect(await readdir(path.join(dataDir, "resumes"))).toEqual([]);
    } finally {
      await api.close();
      await database.drop();
    }
  });
});
