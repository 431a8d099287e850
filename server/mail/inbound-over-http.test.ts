import type { AddressInfo, Socket } from "node:net";
import { type HttpBindings, serve } from "@hono/node-server";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { floodUntilClosed, openSocket, readUntilClosed, statusOf } from "../../test-support/raw-client.ts";
import { cleanupsAfterEach } from "../../test-support/vitest-fixtures.ts";
import { INBOUND_MAX_BYTES, InboundMailError, readInboundMessage } from "./inbound-message.ts";

/**
 * readInboundMessage behind a Hono route on @hono/node-server, as `POST /api/inbound/email` will read its body:
 * what matters is what the server's socket takes in, not what the parser is handed.
 */
async function startInboundServer() {
  const sockets: Socket[] = [];
  const app = new Hono<{ Bindings: HttpBindings }>();
  app.post("/inbound", async (c) => {
    try {
      const mail = await readInboundMessage(c.req.raw.body ?? new ReadableStream());
      return c.json({ subject: mail.subject }, 202);
    } catch (error) {
      if (!(error instanceof InboundMailError)) throw error;
      return c.json({ error: error.problem }, error.problem === "too_large" ? 413 : 400);
    }
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  server.on("connection", (socket: Socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.once("listening", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    /** What the server read from its clients' sockets, headers included. */
    bytesRead: () => sockets.reduce((sum, socket) => sum + socket.bytesRead, 0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const cleanups = cleanupsAfterEach();

describe("an inbound message over HTTP", () => {
  it("answers 413 to a 50 MB post, its server having read little more than 10 MB of it", async () => {
    const server = await startInboundServer();
    cleanups.push(server.close);
    const socket = await openSocket(server.port);
    const total = 50 * 1024 * 1024;
    socket.write(
      `POST /inbound HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: message/rfc822\r\nContent-Length: ${total}\r\n\r\n`,
    );
    socket.write("From: ada@example.com\r\nSubject: big\r\n\r\n");
    const answer = readUntilClosed(socket);
    await floodUntilClosed(socket, Buffer.alloc(64 * 1024, "x"), total);
    const { text } = await answer;
    expect(statusOf(text)).toBe(413);
    expect(text).toContain('{"error":"too_large"}');
    expect(server.bytesRead()).toBeGreaterThan(INBOUND_MAX_BYTES);
    expect(server.bytesRead()).toBeLessThan(INBOUND_MAX_BYTES + 2 * 1024 * 1024);
  });

  it("answers 400 to a body that is no message, and 202 to a reply", async () => {
    const server = await startInboundServer();
    cleanups.push(server.close);
    const post = (body: string) =>
      fetch(`http://127.0.0.1:${server.port}/inbound`, {
        method: "POST",
        headers: { "Content-Type": "message/rfc822" },
        body,
      });
    const junk = await post("Hello, this is not a message.");
    expect([junk.status, await junk.json()]).toEqual([400, { error: "not_a_message" }]);
    const reply = await post("From: ada@example.com\r\nSubject: Re: Hello\r\n\r\nThanks!");
    expect([reply.status, await reply.json()]).toEqual([202, { subject: "Re: Hello" }]);
  });
});
