import { mkdtemp, readdir, rm } from "node:fs/promises";
import type { Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  applicationBody,
  descriptorsOf,
  openSocket,
  readUntilClosed,
  requestHead,
  statusOf,
} from "../test/raw-client.ts";
import { pdfFile } from "../test/resume-fixtures.ts";
import { makeMinimalBuild, type ServerProcess, startServer, waitFor } from "../test/server-process.ts";

const APPLY = "/api/leads/nurse-application";

describe("clients that drop the connection half-way through an upload", () => {
  let dataDir: string;
  let buildDir: string;
  let server: ServerProcess;
  const port = () => Number(new URL(server.url).port);
  const tempFiles = () => readdir(path.join(dataDir, "tmp"));

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "lead-abort-"));
    buildDir = await makeMinimalBuild();
    server = await startServer({
      BUILD_DIR: buildDir,
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MINUTE: "0",
      RELAY_ENABLED: "false",
    });
  });

  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(buildDir, { recursive: true, force: true });
  });

  /** Starts `count` 6 MB applications, waits until the server is writing each resume, then cuts them all. */
  async function abortUploads(count: number) {
    const body = applicationBody(pdfFile(6 * 1024 * 1024));
    const sent = body.subarray(0, 96 * 1024);
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
