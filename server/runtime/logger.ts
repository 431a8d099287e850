import { fstatSync } from "node:fs";
import { Socket } from "node:net";
import pino, { type DestinationStream, type Logger } from "pino";
import SonicBoom from "sonic-boom";

export type { Logger };

/**
 * Structured logs. Lead contents never reach a log call: callers pass ids, form ids,
 * outcomes and timings only. The redaction below is a second line of defence.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "site" },
      redact: {
        paths: ["name", "email", "phone", "message", "firstName", "lastName", "*.email", "*.phone", "*.name"],
        censor: "[redacted]",
      },
    },
    destination,
  );
}

/** Where the server's log lines go: never blocking the event loop, at most `maxBufferBytes` waiting. */
export interface LogOutput {
  stream: DestinationStream;
  /** Lines thrown away because the reader fell `maxBufferBytes` behind, since start. */
  dropped(): number;
  /** Waits until what is buffered has been written, or `timeoutMs` passed. */
  flush(timeoutMs: number): Promise<void>;
  /** Called each time the reader has caught up with everything buffered. */
  onCaughtUp(listener: () => void): void;
}

/**
 * Standard output as an asynchronous, bounded log destination. A pipe or socket (a container runtime, a
 * supervisor, journald) is written through a libuv stream on the event loop: process.stdout writes to a pipe
 * synchronously on Linux, and pino.destination's writes and its exit flush block a thread on a full pipe, so
 * a reader that stops reading would stall the server or its exit. Files and terminals use SonicBoom
 * asynchronously, bounded by its maxLength. Lines beyond the bound are dropped and counted.
 */
export function createLogOutput(maxBufferBytes: number, fd = 1): LogOutput {
  const stat = fstatSync(fd);
  let dropped = 0;
  if (stat.isFIFO() || stat.isSocket()) {
    // Below the bound, so that by the time a line is dropped a 'drain' (the reader caught up) is due.
    const options = {
      fd,
      readable: false,
      writable: true,
      writableHighWaterMark: Math.floor(maxBufferBytes / 4),
    };
    const socket = new Socket(options);
    socket.on("error", () => undefined); // a reader that went away: lines are lost, the server goes on
    // The lines of one event-loop turn (a group commit answers dozens of leads in one) leave as one string in one
    // write at the end of the turn: no stream machinery, Buffer or callback per line.
    let pending: string[] = [];
    let pendingLength = 0;
    const writePending = () => {
      if (pending.length === 0) return;
      const text = pending.join("");
      pending = [];
      pendingLength = 0;
      socket.write(text);
    };
    const stream: DestinationStream = {
      write(line: string) {
        if (socket.destroyed || socket.writableLength + pendingLength + line.length > maxBufferBytes) {
          dropped++;
          return;
        }
        if (pending.length === 0) setImmediate(writePending);
        pending.push(line);
        pendingLength += line.length;
      },
    };
    return {
      stream,
      dropped: () => dropped,
      flush: (timeoutMs) => {
        writePending();
        return drained(socket, timeoutMs);
      },
      onCaughtUp: (listener) => socket.on("drain", listener),
    };
  }
  // No exit hook: pino.destination() registers a synchronous flush at exit, which blocks on a stalled reader.
  const boom = new SonicBoom({ fd, sync: false, maxLength: maxBufferBytes });
  boom.on("drop", () => dropped++);
  boom.on("error", () => undefined);
  return {
    stream: boom,
    dropped: () => dropped,
    onCaughtUp: (listener) => boom.on("drain", listener),
    flush: (timeoutMs) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        boom.flush(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}

/** Resolves once everything written so far has left: a write's callback runs after the writes before it. */
function drained(socket: Socket, timeoutMs: number): Promise<void> {
  if (socket.writableLength === 0 || socket.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    socket.write(Buffer.alloc(0), () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
