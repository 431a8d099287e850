import { describe, expect, it } from "vitest";
import { type InProcessServer, startInProcessServer } from "../../test-support/in-process-server.ts";
import { replyFromPerson } from "../../test-support/inbound-mail.ts";
import { floodUntilClosed, openSocket, readUntilClosed, statusOf } from "../../test-support/raw-client.ts";
import { MINIMAL_BUILD_DIR } from "../../test-support/server-process.ts";
import { createTestDatabase, DIALECTS } from "../../test-support/test-database.ts";
import { cleanupsAfterEach } from "../../test-support/vitest-fixtures.ts";

const TOKEN = "inbound-token-0123456789abcdef";

/**
 * `POST /api/inbound/email` on the real server, as a mail provider or a forwarding rule calls it, and as an
 * attacker would: no token, a forged one, no message, 50 MB with and without a Content-Length.
 */
describe.each(DIALECTS)("the inbound e-mail endpoint on %s", (dialect) => {
  const cleanups = cleanupsAfterEach();

  async function start(env: Record<string, string> = { INBOUND_EMAIL_TOKEN: TOKEN }) {
    const database = await createTestDatabase(dialect, "inbound");
    cleanups.push(() => database.drop());
    const server = await startInProcessServer({
      ...database.env,
      BUILD_DIR: MINIMAL_BUILD_DIR,
      MAIL_FROM: "Northwind <hello@northwind.example>",
      RELAY_ENABLED: "false",
      ...env,
    });
    cleanups.push(() => server.stop());
    const store = await database.openStore();
    cleanups.push(() => store.close());
    return { server, store };
  }
  const post = (server: InProcessServer, body: string | Buffer, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/inbound/email`, {
      method: "POST",
      body: typeof body === "string" ? body : new Uint8Array(body),
      headers: { "Content-Type": "message/rfc822", Authorization: `Bearer ${TOKEN}`, ...headers },
    });

  it("is a 404 while INBOUND_EMAIL_TOKEN is unset", async () => {
    const { server } = await start({});
    expect((await post(server, await replyFromPerson())).status).toBe(404);
  });

  it("answers 401 without the token or with a forged one, and keeps nothing", async () => {
    const { server, store } = await start();
    const message = await replyFromPerson();
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      TOKEN,
      `Basic ${TOKEN}`,
    ]) {
      const response = await fetch(`${server.url}/api/inbound/email`, {
        method: "POST",
        body: new Uint8Array(message),
        headers: { "Content-Type": "message/rfc822", ...(authorization && { Authorization: authorization }) },
      });
      expect(response.status).toBe(401);
    }
    const kept = await store.authDatabase.db.selectFrom("inbound_messages").select("id").execute();
    expect(kept).toEqual([]);
  });

  it("answers 202 to a reply it cannot match, keeps it 30 days for admins, and takes a replay once", async () => {
    const { server, store } = await start();
    const message = await replyFromPerson({ messageId: "<unmatched-1@mail.example.com>" });
    const before = Date.now();
    expect((await post(server, message)).status).toBe(202);
    expect((await post(server, message)).status).toBe(202);
    const kept = await store.authDatabase.db
      .selectFrom("inbound_messages")
      .select(["lead_id", "expires_at", "subject", "from_address"])
      .execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      lead_id: null,
      subject: "Re: Scheduling your demo",
      from_address: "ada@example.com",
    });
    const days = (Number(kept[0]?.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(30);
    expect(days).toBeLessThan(30.01);
  });

  it("answers 400 to a body that is no message and 415 to another content type", async () => {
    const { server } = await start();
    expect((await post(server, "Hello, this is not a message.")).status).toBe(400);
    expect((await post(server, await replyFromPerson(), { "Content-Type": "text/plain" })).status).toBe(415);
  });

  it.each([
    ["with its Content-Length, at once", true],
    ["streamed in chunks, once past 10 MB", false],
  ])("refuses 50 MB %s with 413, reading little of it", async (_, withLength) => {
    const { server } = await start();
    const socket = await openSocket(Number(new URL(server.url).port));
    const total = 50 * 1024 * 1024;
    socket.write(
      `POST /api/inbound/email HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: message/rfc822\r\n` +
        `Authorization: Bearer ${TOKEN}\r\n` +
        (withLength ? `Content-Length: ${total}\r\n` : "Transfer-Encoding: chunked\r\n") +
        "\r\n",
    );
    const frame = (bytes: Buffer) =>
      withLength
        ? bytes
        : Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from("\r\n")]);
    socket.write(frame(Buffer.from("From: ada@example.com\r\nSubject: big\r\n\r\n")));
    const answer = readUntilClosed(socket);
    const sent = await floodUntilClosed(socket, frame(Buffer.alloc(64 * 1024, "x")), total);
    const { text } = await answer;
    expect(statusOf(text)).toBe(413);
    // What the client got into the connection before the server hung up: far from all of it.
    expect(sent).toBeLessThan(20 * 1024 * 1024);
  });
});
