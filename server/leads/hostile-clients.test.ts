import { readdir } from "node:fs/promises";
import type { Socket } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { startInProcessServer, type TestServer } from "../../test-support/in-process-server.ts";
import { descriptorsOf } from "../../test-support/open-files.ts";
import {
  applicationBody,
  dribble,
  openSocket,
  readUntilClosed,
  requestHead,
  statusOf,
} from "../../test-support/raw-client.ts";
import { pdfFile } from "../../test-support/resume-fixtures.ts";
import {
  MINIMAL_BUILD_DIR,
  type ServerProcess,
  startServer,
  waitFor,
} from "../../test-support/server-process.ts";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../test-support/test-database.ts";
import { databaseFixture } from "../../test-support/vitest-fixtures.ts";

const APPLY = "/api/leads/nurse-application";

describe.each(DIALECTS)("clients that drop the connection half-way through an upload, on %s", (dialect) => {
  const database = databaseFixture(dialect, "lead-abort");
  let server: ServerProcess;
  const port = () => Number(new URL(server.url).port);
  const tempFiles = () => readdir(path.join(database.dataDir, "tmp"));

  beforeAll(async () => {
    server = await startServer({
      ...database.env,
      BUILD_DIR: MINIMAL_BUILD_DIR,
      RATE_LIMIT_PER_MINUTE: "0",
      RELAY_ENABLED: "false",
    });
  });

  afterAll(async () => {
    await server?.stop();
  });

  /** Starts `count` 6 MB applications, waits until the server is writing each resume, then cuts them all. */
  async function abortUploads(count: number) {
    const body = applicationBody(pdfFile(6 * 1024 * 1024));
    const sent = body.subarray(0, 96 * 1024);
    // The previous batch has been let go (its upload slots are free).
    await waitFor(
      async () => ((await tempFiles()).length === 0 ? true : undefined),
      10_000,
      "previous batch",
    );
    const sockets: Socket[] = [];
    for (let index = 0; index < count; index++) {
      const socket = await openSocket(port());
      socket.on("error", () => undefined);
      socket.write(requestHead(port(), APPLY, body.length));
      socket.write(sent);
      sockets.push(socket);
    }
    await waitFor(
      async () => ((await tempFiles()).length >= count ? true : undefined),
      10_000,
      "every upload writing its resume",
    );
    for (const socket of sockets) socket.destroy();
  }

  it("leaves descriptors, DATA_DIR/tmp and disk use where they were after 1,000 aborted uploads", async () => {
    const before = await descriptorsOf(server.pid);
    expect(before.deleted).toBe(0);
    for (let batch = 0; batch < 40; batch++) await abortUploads(25);

    const settled = await waitFor(
      async () => {
        const now = await descriptorsOf(server.pid);
        return now.open <= before.open && (await tempFiles()).length === 0 ? now : undefined;
      },
      10_000,
      "descriptors and temp files released",
    ).catch(async () => descriptorsOf(server.pid));
    expect(settled.deleted).toBe(0);
    expect(settled.open).toBeLessThanOrEqual(before.open);
    expect(await tempFiles()).toEqual([]);

    // And the server still takes a complete application.
    const socket = await openSocket(port());
    const answer = readUntilClosed(socket);
    const body = applicationBody(pdfFile(4096));
    socket.write(Buffer.concat([Buffer.from(requestHead(port(), APPLY, body.length)), body]));
    expect(statusOf((await answer).text)).toBe(201);
  });
});

describe.each(DIALECTS)("slow clients and the cap on uploads in progress, on %s", (dialect) => {
  const portOf = (server: TestServer) => Number(new URL(server.url).port);
  const pending = async (server: TestServer) =>
    ((await (await fetch(`${server.url}/api/health`)).json()) as { pending: number }).pending;
  const tempFilesOf = (database: TestDatabase) => () => readdir(path.join(database.dataDir, "tmp"));

  /** A server of the test's own with these settings, stopped when the test ends. */
  async function startWith(settings: Record<string, string>) {
    const database = await createTestDatabase(dialect, "lead-hostile");
    const server = await startInProcessServer({
      BUILD_DIR: MINIMAL_BUILD_DIR,
      RATE_LIMIT_PER_MINUTE: "0",
      RELAY_ENABLED: "false",
      ...database.env,
      ...settings,
    });
    onTestFinished(async () => {
      await server.stop();
      await database.drop();
    });
    return { server, tempFiles: tempFilesOf(database) };
  }
  const startSlow = () => startWith({ HEADERS_TIMEOUT_MS: "1000", REQUEST_TIMEOUT_MS: "2500" });

  it("cuts a client that dribbles its headers once HEADERS_TIMEOUT_MS has passed", async () => {
    const { server: slow } = await startSlow();
    const socket = await openSocket(portOf(slow));
    const answer = readUntilClosed(socket, 8000);
    const head = Buffer.from(`POST ${APPLY} HTTP/1.1\r\nHost: 127.0.0.1\r\n${"X-Slow: 1\r\n".repeat(100)}`);
    void dribble(socket, head, 11, 200);
    const { text, closedAfterMs } = await answer;
    // 1 s of headers allowed, checked every 250 ms; a loaded machine gets a second more.
    expect(closedAfterMs).toBeLessThan(3000);
    expect([0, 408]).toContain(statusOf(text));
  });

  it("cuts a client that dribbles its body once REQUEST_TIMEOUT_MS has passed, and stores nothing", async () => {
    const { server: slow, tempFiles } = await startSlow();
    const body = applicationBody(pdfFile(200 * 1024));
    const socket = await openSocket(portOf(slow));
    const answer = readUntilClosed(socket, 10_000);
    socket.write(requestHead(portOf(slow), APPLY, body.length));
    void dribble(socket, body, 1024, 100);
    const { closedAfterMs } = await answer;
    expect(closedAfterMs).toBeLessThan(4500);
    expect(await pending(slow)).toBe(0);
    await waitFor(
      async () => ((await tempFiles()).length === 0 ? true : undefined),
      5000,
      "temp file removed",
    );
  });

  it("answers 503 with Retry-After to the upload beyond MAX_UPLOADS_IN_FLIGHT, and stores nothing", async () => {
    const { server: capped, tempFiles } = await startWith({ MAX_UPLOADS_IN_FLIGHT: "2" });
    const body = applicationBody(pdfFile(1024 * 1024));
    const started: Socket[] = [];
    for (let index = 0; index < 3; index++) {
      const socket = await openSocket(portOf(capped));
      socket.on("error", () => undefined);
      started.push(socket);
    }
    const [first, second, third] = started as [Socket, Socket, Socket];
    for (const socket of [first, second]) {
      socket.write(requestHead(portOf(capped), APPLY, body.length));
      socket.write(body.subarray(0, 64 * 1024));
    }
    await waitFor(async () => ((await tempFiles()).length === 2 ? true : undefined), 5000, "two uploads");

    // A form without a resume is no upload, in either encoding: it is taken while the uploads are full.
    const values = { name: "Ada Lovelace", email: "ada@example.com", company: "Analytical" };
    const multipartDemo = new FormData();
    for (const [name, value] of Object.entries(values)) multipartDemo.append(name, value);
    for (const body of [new URLSearchParams(values), multipartDemo]) {
      const demo = await fetch(`${capped.url}/api/leads/careworks-demo`, {
        method: "POST",
        headers: { Accept: "application/json" },
        body,
      });
      expect(demo.status).toBe(201);
    }

    const refused = readUntilClosed(third, 5000);
    third.write(requestHead(portOf(capped), APPLY, body.length));
    void dribble(third, body, 16 * 1024, 50);
    const { text } = await refused;
    expect(statusOf(text)).toBe(503);
    expect(text).toMatch(/\r\nretry-after: \d+\r\n/i);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(text).toContain(
      '{"error":"unavailable","message":"We are receiving many applications right now. Please retry shortly."}',
    );

    // The two slow ones are cut too: no upload was stored (the two pending leads are the demos), and a slot is free again.
    first.destroy();
    second.destroy();
    await waitFor(async () => ((await tempFiles()).length === 0 ? true : undefined), 5000, "temp files");
    expect(await pending(capped)).toBe(2);
    const again = await openSocket(portOf(capped));
    const accepted = readUntilClosed(again, 10_000);
    again.write(Buffer.concat([Buffer.from(requestHead(portOf(capped), APPLY, body.length)), body]));
    expect(statusOf((await accepted).text)).toBe(201);
  });
});

describe.each(DIALECTS)("a log reader that stops reading, on %s", (dialect) => {
  // Two floods of 2,000 requests and a shutdown of up to 10 s: more than the default 30 s on a busy machine.
  it("never stalls the server, reports the lines it dropped, and SIGTERM still ends it within 10 s", async () => {
    const database = await createTestDatabase(dialect, "lead-stalled-log");
    const server = await startServer({
      ...database.env,
      BUILD_DIR: MINIMAL_BUILD_DIR,
      LOG_BUFFER_BYTES: String(16 * 1024),
      RATE_LIMIT_PER_MINUTE: "0",
    });
    // Each request logs its access line (about 170 bytes): 2,000 of them, 340 KB, are more than the pipe (64 KB),
    // this process's paused reader (its 64 KB high-water mark) and the server's log buffer (16 KB) hold.
    const flood = async (requests: number) => {
      let served = 0;
      const clients = Array.from({ length: 20 }, async () => {
        for (let index = 0; index < requests / 20; index++) {
          const response = await fetch(`${server.url}/missing-${index}`, {
            signal: AbortSignal.timeout(3000),
          });
          await response.arrayBuffer();
          if (response.status === 404) served++;
        }
      });
      await Promise.allSettled(clients);
      return served;
    };
    try {
      server.stopReadingStdout();
      expect(await flood(2000)).toBe(2000);
      // The reader comes back: the server says how many lines it missed.
      server.resumeReadingStdout();
      const reported = await waitFor(
        () => /"droppedLogLines":(\d+)[^\n]*"msg":"log lines dropped"/.exec(server.logs())?.[1],
        5000,
        "dropped lines reported",
      ).catch(() => "0");
      expect(Number(reported)).toBeGreaterThan(0);

      // It stalls again, for good: SIGTERM must still end the process.
      server.stopReadingStdout();
      expect(await flood(2000)).toBe(2000);
      const stopping = performance.now();
      server.child.kill("SIGTERM");
      const exitedAfter = await Promise.race([
        new Promise<number>((resolve) =>
          server.child.once("exit", () => resolve(performance.now() - stopping)),
        ),
        new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), 15_000)),
      ]);
      expect(exitedAfter).toBeLessThan(11_000);
    } finally {
      await server.kill();
      await database.drop();
    }
  }, 60_000);
});
