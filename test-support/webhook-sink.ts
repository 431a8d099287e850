import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  body: string;
  /** The status we answered. */
  status: number;
}

/** Decides the status for the nth request (0-based). */
export type HookResponder = (index: number) => number;

export interface WebhookSink {
  url: string;
  received: ReceivedHook[];
  respondWith(responder: HookResponder): void;
  /** Resolves once `count` requests arrived. */
  waitFor(count: number): Promise<ReceivedHook[]>;
  close(): Promise<void>;
}

/** An HTTP receiver on loopback that records every webhook request and answers what the test says. */
export async function startWebhookSink(): Promise<WebhookSink> {
  const received: ReceivedHook[] = [];
  const waiters: (() => void)[] = [];
  let responder: HookResponder = () => 204;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const status = responder(received.length);
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), status });
      response.writeHead(status).end();
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    received,
    respondWith(next) {
      responder = next;
    },
    async waitFor(count) {
      while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
