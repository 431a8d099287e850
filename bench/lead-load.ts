/** The lead load both lead benchmarks put on a server: autocannon posting small leads, each with its own key. */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "..");

export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  "2xx": number;
}

/**
 * `connections` clients posting urlencoded demo requests to `serverUrl` for `durationS`, each with an
 * Idempotency-Key of its own (autocannon fills in [<id>]). autocannon runs in its own process, through its API
 * (its CLI cannot take [<id>] in arguments).
 */
export async function postLeadLoad(
  serverUrl: string,
  connections: number,
  durationS: number,
  /** distinctEmails: each lead its own address (as many people write in), not one address for all. */
  options: { distinctEmails?: boolean } = {},
): Promise<AutocannonResult> {
  const email = options.distinctEmails ? "bench-[<id>]%40example.com" : "bench%40example.com";
  const autocannonOptions = {
    url: `${serverUrl}/api/leads/chartassist-demo`,
    connections,
    duration: durationS,
    method: "POST",
    idReplacement: true,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "application/json",
      "Idempotency-Key": "[<id>]",
    },
    body: `name=Bench+Client&email=${email}&company=[<id>]&beds=120`,
  };
  const { stdout } = await run(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const { default: autocannon } = await import("autocannon");
       const result = await autocannon(JSON.parse(process.env.AUTOCANNON_OPTIONS));
       process.stdout.write(JSON.stringify(result));`,
    ],
    {
      cwd: ROOT,
      env: { ...process.env, AUTOCANNON_OPTIONS: JSON.stringify(autocannonOptions) },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout) as AutocannonResult;
}
