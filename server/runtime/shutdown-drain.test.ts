import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MINIMAL_BUILD_DIR, type ServerProcess, startServer } from "../../test-support/server-process.ts";
import { createTestDatabase, type TestDatabase } from "../../test-support/test-database.ts";

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** One request on a connection of its own, with the answer's Connection header as the server sent it. */
function send(server: ServerProcess, path: string, init: { method?: string; body?: string } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = request(
      `${server.url}${path}`,
      {
        method: init.method ?? "GET",
        agent: false,
        headers: init.body
          ? { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" }
          : {},
      },
      (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end(init.body);
  });
}

const exitOf = (server: ServerProcess) =>
  new Promise<{ code: number | null; at: number }>((resolve) =>
    server.child.once("exit", (code) => resolve({ code, at: performance.now() })),
  );

/**
 * An instance on a port of its own (no socket held by systemd) told to stop: it drains first, so that a balancer
 * checking its health marks it down before its port closes (deploy/Caddyfile; tests/deploy/caddy.test.ts runs
 * it behind Caddy).
 */
describe("SIGTERM on a port of the instance's own", () => {
  const DRAIN_MS = 2000;
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite", "drain");
  });
  afterAll(async () => {
    await database.drop();
  });

  const start = (drainMs = DRAIN_MS) =>
    startServer({
      ...database.env,
      BUILD_DIR: MINIMAL_BUILD_DIR,
      DRAIN_MS: String(drainMs),
      RELAY_ENABLED: "false",
      RATE_LIMIT_PER_MINUTE: "0",
    });

  it("answers 503 on /api/health at once, takes leads on for DRAIN_MS closing each connection, then exits", async () => {
    const server = await start();
    try {
      expect((await send(server, "/api/health")).status).toBe(200);
      const exited = exitOf(server);
      const signalled = performance.now();
      server.child.kill("SIGTERM");
      let health = await send(server, "/api/health");
      while (health.status === 200 && performance.now() - signalled < DRAIN_MS / 2)
        health = await send(server, "/api/health");
      expect(health.status).toBe(503);
      expect(JSON.parse(health.body)).toMatchObject({ status: "stopping" });
      expect(performance.now() - signalled).toBeLessThan(DRAIN_MS / 2);

      const lead = await send(server, "/api/leads/chartassist-demo", {
        method: "POST",
        body: "name=Drained+Lead&email=drained%40example.com",
      });
      expect(lead.status).toBe(201);
      expect(lead.connection).toBe("close");

      const { code, at } = await exited;
      expect(code).toBe(0);
      expect(at - signalled).toBeGreaterThanOrEqual(DRAIN_MS);
      await expect(send(server, "/api/health")).rejects.toThrow(/ECONNREFUSED/);
      const store = await database.openStore();
      try {
        expect((await store.operations.list({})).map((stored) => stored.fields.name)).toEqual([
          "Drained Lead",
        ]);
      } finally {
        await store.close();
      }
    } finally {
      await server.kill();
    }
  }, 30_000);

  it("stops at once on SIGINT (Ctrl-C in a terminal), with no drain", async () => {
    const server = await start(60_000);
    try {
      const exited = exitOf(server);
      const signalled = performance.now();
      server.child.kill("SIGINT");
      const { code, at } = await exited;
      expect(code).toBe(0);
      expect(at - signalled).toBeLessThan(15_000);
      expect(server.logs()).not.toContain('"msg":"draining');
    } finally {
      await server.kill();
    }
  }, 30_000);

  it("cuts a drain short on SIGINT", async () => {
    const server = await start(60_000);
    try {
      const exited = exitOf(server);
      server.child.kill("SIGTERM");
      while ((await send(server, "/api/health")).status === 200);
      const interrupted = performance.now();
      server.child.kill("SIGINT");
      const { code, at } = await exited;
      expect(code).toBe(0);
      expect(at - interrupted).toBeLessThan(15_000);
    } finally {
      await server.kill();
    }
  }, 45_000);
});
