import { type ChildProcess, spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { Agent, request } from "node:https";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { waitFor } from "../../../test-support/server-process.ts";

/** The recipe under test, imported as it is into a Caddyfile that adds only what a test run needs. */
export const DEPLOY_CADDYFILE = fileURLToPath(new URL("../../../deploy/Caddyfile", import.meta.url));

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface RunningCaddy {
  /** https://localhost:<port> */
  origin: string;
  port: number;
  /** A request to Caddy over TLS, trusting only its local CA, from `from` (a loopback address) when given. */
  fetch(
    pathname: string,
    init?: { method?: string; headers?: Record<string, string>; body?: string; from?: string },
  ): Promise<HttpsAnswer>;
  logs(): string;
  stop(): Promise<void>;
}

/**
 * Debian's caddy with deploy/Caddyfile, for `localhost:<port>` (so its local CA signs the certificate) in front of
 * `upstreams`. The wrapper's global options keep the run to itself: its own ports, storage and no admin API, and
 * no attempt to install the CA into the system's trust store.
 */
export async function startCaddy({
  dir,
  port,
  httpPort,
  upstreams,
}: {
  dir: string;
  port: number;
  httpPort: number;
  upstreams: string[];
}): Promise<RunningCaddy> {
  const config = path.join(dir, "Caddyfile");
  await writeFile(
    config,
    [
      "{",
      "\tadmin off",
      "\tskip_install_trust",
      `\thttp_port ${httpPort}`,
      `\thttps_port ${port}`,
      `\tstorage file_system ${path.join(dir, "storage")}`,
      "}",
      `import ${DEPLOY_CADDYFILE}`,
      "",
    ].join("\n"),
  );
  const child: ChildProcess = spawn("caddy", ["run", "--config", config, "--adapter", "caddyfile"], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: dir,
      XDG_DATA_HOME: dir,
      XDG_CONFIG_HOME: dir,
      SITE_ADDRESS: `localhost:${port}`,
      UPSTREAMS: upstreams.join(" "),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const rootCertificate = path.join(dir, "storage", "pki", "authorities", "local", "root.crt");
  const ca = await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`caddy exited:\n${output}`);
      return readFile(rootCertificate).catch(() => undefined);
    },
    15_000,
    "Caddy's local CA",
  );
  const agent = new Agent({ keepAlive: true, ca });

  const fetchFrom: RunningCaddy["fetch"] = (pathname, init = {}) =>
    new Promise((resolve, reject) => {
      const outgoing = request(
        {
          agent,
          host: "127.0.0.1",
          port,
          servername: "localhost",
          path: pathname,
          method: init.method ?? "GET",
          headers: { Host: `localhost:${port}`, ...init.headers },
          ...(init.from && { localAddress: init.from }),
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
          response.on("error", reject);
        },
      );
      outgoing.on("error", reject);
      outgoing.end(init.body);
    });

  // Ready once the certificate is issued and a request goes through to an instance.
  await waitFor(
    () =>
      fetchFrom("/api/health").then(
        (answer) => (answer.status === 200 ? true : undefined),
        () => undefined,
      ),
    20_000,
    `Caddy serving https://localhost:${port}\n${output}`,
  );

  return {
    origin: `https://localhost:${port}`,
    port,
    fetch: fetchFrom,
    logs: () => output,
    async stop() {
      agent.destroy();
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
