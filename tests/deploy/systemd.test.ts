import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.ts";
import { SHUTDOWN_DEADLINE_MS } from "../../server/server.ts";
import { MINIMAL_BUILD_DIR, SERVER_NODE_FLAGS, waitFor } from "../../test-support/server-process.ts";
import { type HeldSocket, holdSocket } from "./support/held-socket.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const UNITS = path.join(ROOT, "deploy", "systemd");
/** Where the units expect the release and Node; the test puts this checkout and this Node there. */
const RELEASE = "/srv/leads";
const NODE = "/usr/local/bin/node";

/** A unit file's `Key=value` lines, by section, every value of a repeated key kept in order. */
async function unit(name: string): Promise<Map<string, string[]>> {
  const entries = new Map<string, string[]>();
  let section = "";
  for (const line of (await readFile(path.join(UNITS, name), "utf8")).split("\n")) {
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) section = header[1] ?? "";
    const pair = /^(\w+)=(.*)$/.exec(line);
    if (pair) {
      const key = `${section}.${pair[1]}`;
      entries.set(key, [...(entries.get(key) ?? []), pair[2] ?? ""]);
    }
  }
  return entries;
}

/** A command line of a unit as systemd runs it: this checkout and this Node in place of the installed ones. */
const localised = (command: string) =>
  command
    .replaceAll(NODE, process.execPath)
    .replaceAll(RELEASE, ROOT.replace(/\/$/, ""))
    .replaceAll("%%", "%");

describe("the systemd units in deploy/systemd", () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "systemd-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("pass systemd-analyze verify without a warning", async () => {
    // verify checks that each command exists: the copies name this machine's Node.
    for (const name of await readdir(UNITS)) {
      await writeFile(path.join(dir, name), localised(await readFile(path.join(UNITS, name), "utf8")));
    }
    const names = (await readdir(UNITS)).map((name) => path.join(dir, name));
    const verified = spawnSync("systemd-analyze", ["verify", ...names], { encoding: "utf8" });
    expect(verified.status).toBe(0);
    expect(verified.stdout + verified.stderr).toBe("");
    const calendar = (await unit("leads-backup.timer")).get("Timer.OnCalendar")?.[0] ?? "";
    expect(spawnSync("systemd-analyze", ["calendar", calendar]).status).toBe(0);
  });

  it("run the server as package.json's serve script does, hardened, waiting longer than its own stop", async () => {
    const service = await unit("leads.service");
    const exec = (service.get("Service.ExecStart")?.[0] ?? "").split(" ");
    expect(exec).toEqual([NODE, ...SERVER_NODE_FLAGS, "server/index.ts"]);
    expect(service.get("Service.ExecStartPre")).toEqual([`${NODE} scripts/check-node.mjs`]);
    expect(service.get("Service.User")).toEqual(["leads"]);
    expect(service.get("Service.EnvironmentFile")).toEqual([`${RELEASE}/.env`]);
    expect(service.get("Service.WorkingDirectory")).toEqual([RELEASE]);
    for (const [key, value] of [
      ["NoNewPrivileges", "yes"],
      ["ProtectSystem", "strict"],
      ["ProtectHome", "yes"],
      ["PrivateTmp", "yes"],
      ["Restart", "on-failure"],
      ["ReadWritePaths", "/var/lib/leads"],
      ["CapabilityBoundingSet", ""],
    ]) {
      expect(service.get(`Service.${key}`), key).toEqual([value]);
    }
    const stopAfter = Number.parseInt(service.get("Service.TimeoutStopSec")?.[0] ?? "", 10);
    // An instance without the socket unit drains first (DRAIN_MS), then has its own deadline.
    expect(stopAfter * 1000).toBeGreaterThan(loadConfig({}).DRAIN_MS + SHUTDOWN_DEADLINE_MS);
    expect(service.get("Unit.Requires")).toEqual(["leads.socket"]);
  });

  describe("run as systemd runs them", () => {
    let socket: HeldSocket;
    let envFile: string;
    let dataDir: string;

    beforeAll(async () => {
      socket = await holdSocket();
      dataDir = path.join(dir, "data");
      envFile = path.join(dir, "env");
      // An EnvironmentFile as docs/deploy.md writes one (PORT is ignored: the server takes the socket).
      await writeFile(
        envFile,
        `# settings\nDATA_DIR=${dataDir}\nBUILD_DIR=${MINIMAL_BUILD_DIR}\nPORT=1\nHOST=127.0.0.1\nRELAY_ENABLED=false\n`,
      );
    });
    afterAll(async () => {
      await socket?.close();
    });

    /** Reads the EnvironmentFile the way systemd does for these simple lines: KEY=value, # comments. */
    const environment = async () =>
      Object.fromEntries(
        (await readFile(envFile, "utf8"))
          .split("\n")
          .filter((line) => /^\w+=/.test(line))
          .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
      );

    it("leads.service serves on the socket leads.socket holds, and stops on SIGTERM well within TimeoutStopSec", async () => {
      const service = await unit("leads.service");
      const [command = "", ...args] = localised(service.get("Service.ExecStart")?.[0] ?? "").split(" ");
      const env = { PATH: process.env.PATH ?? "", ...(await environment()), LISTEN_FDS: "1" };
      const pre = spawnSync(
        localised(service.get("Service.ExecStartPre")?.[0] ?? "").split(" ")[0] ?? "",
        ["scripts/check-node.mjs"],
        { cwd: ROOT, env },
      );
      expect(pre.status).toBe(0);
      const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe", socket.fd] });
      let output = "";
      child.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      await waitFor(
        () => (output.includes('"msg":"serving') ? true : undefined),
        60_000,
        `serving\n${output}`,
      );
      const health = await fetch(`http://127.0.0.1:${socket.port}/api/health`);
      expect(health.status).toBe(200);
      const stopping = performance.now();
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      const stopAfter = Number.parseInt(service.get("Service.TimeoutStopSec")?.[0] ?? "", 10);
      expect(performance.now() - stopping).toBeLessThan(stopAfter * 1000);
      // On the held socket closing drops nothing (connections wait in its backlog): no drain.
      expect(output).toContain('"msg":"shutting down"');
      expect(output).not.toContain('"msg":"draining');
    });

    it("leads-backup.service makes a dated backup at each run and keeps the newest", async () => {
      const backupService = await unit("leads-backup.service");
      const command = localised(backupService.get("Service.ExecStart")?.[0] ?? "");
      expect(command).toContain("--keep 14");
      const backups = path.join(dir, "backups");
      // Three runs keeping two (fourteen would take fifteen runs), each in a second of its own: the name is the time.
      const shell = /^\/bin\/sh -c '(.*)'$/
        .exec(command)?.[1]
        ?.replace("/var/backups/leads", backups)
        .replace("--keep 14", "--keep 2");
      expect(shell).toBeDefined();
      const env = { PATH: process.env.PATH ?? "", ...(await environment()) };
      const taken: string[] = [];
      for (let run = 0; run < 3; run++) {
        await new Promise((resolve) => setTimeout(resolve, 1005 - (Date.now() % 1000)));
        const result = spawnSync("/bin/sh", ["-c", shell ?? ""], { cwd: ROOT, env, encoding: "utf8" });
        expect(result.status, result.stderr).toBe(0);
        taken.push(path.basename(/Backed up .* to (\S+) \(/.exec(result.stdout)?.[1] ?? ""));
      }
      expect(taken[0]).toMatch(/^\d{8}T\d{6}Z$/);
      expect((await readdir(backups)).toSorted()).toEqual(taken.slice(1));
    }, 60_000);
  });
});
