import { Writable } from "node:stream";
import { loadConfig } from "../server/config.ts";
import { createLogger } from "../server/runtime/logger.ts";
import { beginStartup } from "../server/runtime/startup.ts";
import { REQUEST_GRACE_MS, startSiteServer } from "../server/server.ts";
import { childEnv } from "./server-process.ts";

/** What the server tests use of a running server, in this process or a child one (server-process.ts). */
export interface TestServer {
  url: string;
  /** Every log line the server wrote so far. */
  logs(): string;
  /** The graceful stop SIGTERM starts: requests in progress get 5 s, then everything is closed. */
  stop(): Promise<void>;
}

/** A server in this process, whose graceful stop can be given a shorter grace than SIGTERM's (REQUEST_GRACE_MS). */
export interface InProcessServer extends TestServer {
  stop(graceMs?: number): Promise<void>;
}

/**
 * The real server (server/server.ts) on a loopback port of this process, with the settings a child process
 * would get from `env` (server-process.ts `childEnv`). Tests use it wherever a separate process adds nothing:
 * faster, and its code is seen by coverage and by mutation testing (`npm run test:mutation`). Signals, a
 * kill -9, the process's descriptors and its stdout need the child process. The staff inbox is left out: the
 * tests that start this server do not use it (server.ts `startSiteServer`).
 */
export async function startInProcessServer(env: Record<string, string>): Promise<InProcessServer> {
  let output = "";
  const lines = new Writable({
    write(chunk: Buffer, _encoding, done) {
      output += chunk.toString();
      done();
    },
  });
  const config = loadConfig(childEnv(env));
  const logger = createLogger(config.LOG_LEVEL, lines);
  const startup = beginStartup({
    deadlineMs: 10_000,
    onTimeout: (line) => {
      output += `${line}\n`;
    },
  });
  const server = await startSiteServer({ config, logger, startup });
  let stopped: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${server.port}`,
    logs: () => output,
    stop: (graceMs = REQUEST_GRACE_MS) => {
      stopped ??= server.stop(graceMs);
      return stopped;
    },
  };
}
