import { connect, type Socket } from "node:net";

/** Hand-made HTTP requests over real sockets, for clients no fetch implementation would be: slow, cut or lying. */
export const BOUNDARY = "----hostile-client-boundary";

const part = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/** A nurse application whose resume is `resume`; `total` is the whole body (Content-Length matches it). */
export function applicationBody(resume: Buffer, fileName = "cv.pdf"): Buffer {
  return Buffer.concat([
    Buffer.from(
      part("firstName", "Mary") +
        part("lastName", "Seacole") +
        part("email", "mary@example.com") +
        part("consent", "on") +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="resume"; filename="${fileName}"\r\n` +
        "Content-Type: application/pdf\r\n\r\n",
    ),
    resume,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

export function requestHead(port: number, path: string, contentLength: number, extra = ""): string {
  return (
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: application/json\r\n` +
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${contentLength}\r\n` +
    `Connection: close\r\n${extra}\r\n`
  );
}

export function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket));
    socket.once("error", reject);
  });
}

/**
 * Everything the server sent until it closed the connection, and when it closed it (ms after the call);
 * after `limitMs` we hang up ourselves and report `closedAfterMs: Infinity`.
 */
export function readUntilClosed(
  socket: Socket,
  limitMs = 20_000,
): Promise<{ text: string; closedAfterMs: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const text = () => Buffer.concat(chunks).toString("latin1");
    const timer = setTimeout(() => {
      resolve({ text: text(), closedAfterMs: Number.POSITIVE_INFINITY });
      socket.destroy();
    }, limitMs);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", () => undefined);
    socket.once("close", () => {
      clearTimeout(timer);
      resolve({ text: text(), closedAfterMs: performance.now() - started });
    });
  });
}

/** Writes `data` a piece at a time, every `everyMs`, until it is all sent or the socket closes. */
export async function dribble(socket: Socket, data: Buffer, pieceBytes: number, everyMs: number) {
  for (let offset = 0; offset < data.length && !socket.destroyed; offset += pieceBytes) {
    socket.write(data.subarray(offset, offset + pieceBytes));
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Writes `chunk` again and again, as fast as the socket drains, until `total` bytes are written or the server
 * closes the connection; resolves to the bytes written (of which the server read at most that many).
 */
export async function floodUntilClosed(socket: Socket, chunk: Buffer, total: number): Promise<number> {
  let sent = 0;
  while (sent < total && !socket.destroyed) {
    sent += chunk.length;
    if (!socket.write(chunk))
      await new Promise((resolve) => {
        socket.once("drain", resolve);
        socket.once("close", resolve);
      });
  }
  return sent;
}

export const statusOf = (response: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0);
