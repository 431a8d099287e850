import { Writable } from "node:stream";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { startInProcessServer, type TestServer } from "../../test-support/in-process-server.ts";
import { MINIMAL_BUILD_DIR } from "../../test-support/server-process.ts";
import { createTestDatabase, type TestDatabase } from "../../test-support/test-database.ts";
import { createLogger } from "../runtime/logger.ts";
import { accessLog, REQUEST_ID_HEADER } from "./access-log.ts";

const CANARY_EMAIL = "canary.log.77c2@example.com";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface RequestLine {
  level: number;
  requestId: string;
  method: string;
  route: string;
  status: number;
  ms: number;
}

const requestLines = (logs: string): RequestLine[] =>
  logs
    .split("\n")
    .filter((line) => line.includes('"msg":"request"'))
    .map((line) => JSON.parse(line) as RequestLine);

describe("the access log", () => {
  let database: TestDatabase;
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    await database?.drop();
  });

  const start = async (env: Record<string, string> = {}) => {
    database = await createTestDatabase("sqlite", "access-log");
    server = await startInProcessServer({
      ...database.env,
      BUILD_DIR: MINIMAL_BUILD_DIR,
      RELAY_ENABLED: "false",
      ...env,
    });
    return server;
  };

  it("writes one info line per request with the route pattern, never the path, query or body", async () => {
    const { url, logs } = await start();
    const page = await fetch(`${url}/?lead=ok&email=${encodeURIComponent(CANARY_EMAIL)}`);
    const lead = await fetch(`${url}/api/leads/chartassist-demo?email=${CANARY_EMAIL}`, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: `name=Ada&email=${encodeURIComponent(CANARY_EMAIL)}`,
    });
    expect(lead.status).toBe(201);
    const missing = await fetch(`${url}/api/staff/leads/${(await lead.json()).id}`);
    expect(missing.status).toBe(404);

    const lines = requestLines(logs());
    expect(lines.map(({ method, route, status }) => ({ method, route, status }))).toEqual([
      { method: "GET", route: "/*", status: 200 },
      { method: "POST", route: "/api/leads/:formId", status: 201 },
      { method: "GET", route: "/api/*", status: 404 },
    ]);
    for (const line of lines) {
      expect(line.level).toBe(30);
      expect(line.requestId).toMatch(UUID);
      expect(line.ms).toBeGreaterThanOrEqual(0);
    }
    expect(lines[0]?.requestId).toBe(page.headers.get("X-Request-Id"));
    expect(lines[1]?.requestId).toBe(lead.headers.get("X-Request-Id"));
    const requestLog = logs()
      .split("\n")
      .filter((line) => line.includes('"msg":"request"'))
      .join("\n");
    expect(requestLog).not.toContain(CANARY_EMAIL);
    expect(requestLog).not.toContain("lead=ok");
    expect(requestLog).not.toContain("Ada");
  });

  it("keeps a trusted proxy's request id and replaces a client's own or a malformed one", async () => {
    const forwarded = "caddy-0f1e2d3c-4b5a-6978";
    const direct = await start();
    const ignored = await fetch(direct.url, { headers: { "X-Request-Id": forwarded } });
    expect(ignored.headers.get("X-Request-Id")).toMatch(UUID);
    await direct.stop();
    await database.drop();

    const proxied = await start({ TRUST_PROXY: "loopback" });
    const kept = await fetch(proxied.url, { headers: { "X-Request-Id": forwarded } });
    expect(kept.headers.get("X-Request-Id")).toBe(forwarded);
    for (const hostile of ["short", "with space inside it", `${"x".repeat(65)}`, "id\u00e9-non-ascii-1234"]) {
      const replaced = await fetch(proxied.url, { headers: { "X-Request-Id": hostile } });
      expect(replaced.headers.get("X-Request-Id"), hostile).toMatch(UUID);
    }
    expect(requestLines(proxied.logs())[0]?.requestId).toBe(forwarded);
  });

  it("is silent at LOG_LEVEL=warn, while the header still carries the id", async () => {
    const { url, logs } = await start({ LOG_LEVEL: "warn" });
    const response = await fetch(url);
    expect(response.headers.get("X-Request-Id")).toMatch(UUID);
    expect(requestLines(logs())).toEqual([]);
  });
});

describe("accessLog's request id header", () => {
  it("is set on the handler's own answer, not on a new Response wrapped around its body stream", async () => {
    const app = new Hono();
    const sink = new Writable({ write: (_line, _encoding, done) => done() });
    app.use(...accessLog({ logger: createLogger("info", sink), trustProxy: false }));
    let answer: Response | undefined;
    app.get("/", (c) => {
      answer = c.text("ok");
      return answer;
    });
    const response = await app.request("/");
    // The same object: @hono/node-server sends its own answers whole, but has to pipe a wrapped body's stream.
    expect(response).toBe(answer);
    expect(response.headers.get(REQUEST_ID_HEADER)).toMatch(UUID);
  });
});
