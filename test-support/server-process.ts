import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { fileURLToPath } from "node:url";

/** The real server entry, started as a child process by the integration tests and the benchmark. */
const ENTRY = fileURLToPath(new URL("../server/index.ts", import.meta.url));
export const CLI_ENTRY = fileURLToPath(new URL("../server/cli.ts", import.meta.url));

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  logs(): string;
  /** From now on nobody reads the server's stdout: a stalled log reader. */
  stopReadingStdout(): void;
  /** Reads stdout again (and records it in logs()). */
  resumeReadingStdout(): void;
  /** Graceful stop (SIGTERM), resolved when the process exited. */
  stop(): Promise<void>;
  /** kill -9. */
  kill(): Promise<void>;
}

/**
 * A build directory with the two pages loadStaticSite needs (the home page and the 404), so a server starts
 * without a client build. Read only: every test and benchmark may point BUILD_DIR at it at once.
 */
export const MINIMAL_BUILD_DIR = fileURLToPath(new URL("./minimal-build", import.meta.url));

/**
 * Only what the child needs: nothing leaks in from the caller's environment (DATABASE_URL in CI, say). A test
 * passes its own database's DATA_DIR and DATABASE_URL (`TestDatabase.env`, test-support/test-database.ts). A
 * test server stops at SIGTERM without draining, as no balancer sends it requests; a test of the drain sets
 * DRAIN_MS.
 */
export function childEnv(env: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "info",
    DRAIN_MS: "0",
    ...env,
  };
}

/**
 * The V8 flags `npm run serve` starts the server with, read from package.json so that the tests and the
 * benchmark run the process a deployment runs (why these flags: decision 019).
 */
export const SERVER_NODE_FLAGS = serveFlags(readServeScript());

function readServeScript(): string {
  const packageJson = readFileSync(new URL("../package.json", import.meta.url), "utf8");
  const { scripts } = JSON.parse(packageJson) as { scripts: Record<string, string | undefined> };
  return scripts.serve ?? "";
}

/**
 * The `--` options between `node` and the server entry in the last command of an npm script, but for the
 * `.env` file it reads: a test's server gets only the settings the test gives it.
 */
export function serveFlags(script: string): string[] {
  const words = (script.split("&&").at(-1) ?? "").trim().split(/\s+/);
  if (words[0] !== "node" || words.at(-1) !== "server/index.ts") {
    throw new Error(
      `package.json's serve script no longer ends in "node [flags] server/index.ts": ${script}`,
    );
  }
  return words.slice(1, -1).filter((flag) => !flag.startsWith("--env-file"));
}

/** A port free on loopback now, for a server whose log is too quiet (LOG_LEVEL=warn) to say where it serves. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Resolves once something accepts a connection on the port, retrying every 50 ms. */
function acceptsConnections(port: number, isGone: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (isGone()) return reject(new Error("the server exited"));
      const socket = createConnection({ host: "127.0.0.1", port });
      socket.once("connect", () => {
        socket.destroy();
        resolve();
      });
      socket.once("error", () => setTimeout(attempt, 50));
    };
    attempt();
  });
}

/**
 * The server entry as a child process, resolved once it says where it serves (or, given a PORT, once that port
 * accepts connections: a server at LOG_LEVEL=warn says nothing). `options.node` runs it on another
 * Node binary (the engines minimum), `options.entry` from another copy of the project (the production artifact),
 * `options.listenFd` on a listening socket passed as fd 3, as systemd's socket activation does.
 */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 20_000,
  options: { node?: string; entry?: string; listenFd?: number } = {},
): Promise<ServerProcess> {
  const { listenFd } = options;
  const child = spawn(options.node ?? process.execPath, [...SERVER_NODE_FLAGS, options.entry ?? ENTRY], {
    env: childEnv({ ...env, ...(listenFd !== undefined && { LISTEN_FDS: "1" }) }),
    stdio: listenFd === undefined ? ["ignore", "pipe", "pipe"] : ["ignore", "pipe", "pipe", listenFd],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running behind the failure.
      child.kill("SIGKILL");
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    let started = false;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // Searched only until found: a busy server's log grows by megabytes, and each search reads all of it.
      const match = started ? null : /"port":(\d+)[^\n]*"msg":"serving\b/.exec(output);
      if (match) {
        started = true;
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    const fixedPort = Number(env.PORT ?? 0);
    if (fixedPort > 0) {
      acceptsConnections(fixedPort, () => child.exitCode !== null || child.signalCode !== null).then(
        () => {
          started = true;
          clearTimeout(timer);
          resolve(fixedPort);
        },
        () => undefined, // the exit handler reports it
      );
    }
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    child,
    logs: () => output,
    stopReadingStdout: () => {
      child.stdout?.removeAllListeners("data");
      child.stdout?.pause();
    },
    resumeReadingStdout: () => {
      child.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.stdout?.resume();
    },
    stop: () => signal("SIGTERM"),
    kill: () => signal("SIGKILL"),
  };
}

/** Polls until `check` returns a value that is not undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 15_000,
  what = "condition",
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
