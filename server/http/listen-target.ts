import type { ServerConfig } from "../config.ts";

/**
 * Where the server listens: on the socket systemd passes it (socket activation, deploy/leads.socket: fd 3,
 * `LISTEN_FDS=1`, `LISTEN_PID` this process when set), else on `PORT` and `HOST`. A socket systemd holds stays
 * open across a restart, so connections made meanwhile wait in its backlog instead of being refused.
 */
export function listenTarget(
  config: Pick<ServerConfig, "PORT" | "HOST">,
  env: Record<string, string | undefined> = process.env,
  pid = process.pid,
): { fd: number } | { port: number; host: string } {
  const passed = env.LISTEN_FDS === "1" && (env.LISTEN_PID === undefined || env.LISTEN_PID === String(pid));
  return passed ? { fd: 3 } : { port: config.PORT, host: config.HOST };
}
