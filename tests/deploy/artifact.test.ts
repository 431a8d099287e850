import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, waitFor } from "../../test-support/server-process.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * README's production path, as an operator follows it: the release archive of this build, unpacked elsewhere,
 * `npm ci --omit=dev`, settings in `.env`, then `npm run serve` and `npm run leads`.
 */
describe("the production artifact without development dependencies", () => {
  let dir: string;
  let app: string;
  let port: number;
  let server: ChildProcess | undefined;
  let output = "";
  const keptByNpm: string[] = [];

  const npm = (args: string[], env: Record<string, string> = {}) =>
    spawnSync("npm", args, {
      cwd: app,
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "artifact-"));
    app = path.join(dir, "site");
    await mkdir(app);
    const archive = execFileSync(process.execPath, [path.join(ROOT, "scripts", "release.ts"), dir], {
      encoding: "utf8",
    }).trim();
    execFileSync("tar", ["-xzf", archive, "-C", app]);
    const installed = npm(["ci", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund"]);
    expect(installed.status, installed.stderr).toBe(0);
    // npm keeps a few development packages that a production one names as an optional peer (better-auth names
    // vitest, which brings vite): remove every one the project lists, to show nothing at run time needs them.
    const { devDependencies } = JSON.parse(await readFile(path.join(app, "package.json"), "utf8")) as {
      devDependencies: Record<string, string>;
    };
    for (const name of Object.keys(devDependencies)) {
      const installedAt = path.join(app, "node_modules", name);
      if (!existsSync(installedAt)) continue;
      keptByNpm.push(name);
      await rm(installedAt, { recursive: true, force: true });
    }
    port = await freePort();
    // The operator's settings, in the project root's .env: npm run serve and npm run leads read it.
    await writeFile(
      path.join(app, ".env"),
      [
        `PORT=${port}`,
        "HOST=127.0.0.1",
        `DATA_DIR=${path.join(dir, "data")}`,
        "SITE_URL=http://localhost:3000",
        "RELAY_ENABLED=false",
        "",
      ].join("\n"),
    );
    server = spawn("npm", ["run", "serve"], {
      cwd: app,
      detached: true,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    server.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    await waitFor(
      () => {
        // A server that stopped will not start: say so at once, with what it printed.
        if (server?.exitCode !== null)
          throw new Error(`npm run serve exited ${server?.exitCode}:\n${output}`);
        return output.includes('"msg":"serving') ? true : undefined;
      },
      90_000,
      "serving",
    );
  }, 240_000);
  afterAll(async () => {
    if (server?.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once("exit", resolve));
      process.kill(-server.pid, "SIGTERM");
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  });

  const url = (pathname: string) => `http://127.0.0.1:${port}${pathname}`;

  it("has no development package installed, none of the sources' tests, and the build", () => {
    console.info(
      `npm ci --omit=dev kept, as optional peers, and the test removed: ${keptByNpm.join(", ") || "none"}`,
    );
    for (const name of [
      "vite",
      "@react-router/dev",
      "vitest",
      "typescript",
      "@biomejs/biome",
      "@playwright/test",
    ]) {
      expect(existsSync(path.join(app, "node_modules", name)), name).toBe(false);
    }
    expect(existsSync(path.join(app, "build", "client", "index.html"))).toBe(true);
    expect(existsSync(path.join(app, "build", "client", "staff-app", "index.html"))).toBe(true);
    expect(existsSync(path.join(app, "build", "render", "pages.js"))).toBe(true);
  });

  it("serves the site, the staff app and the API, on the port its .env names", async () => {
    const home = await fetch(url("/"));
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("<main");
    // The careers page is filled at each request by the build's render module (decision 028).
    const careers = await fetch(url("/carestaff/careers"));
    expect(careers.status).toBe(200);
    expect(await careers.text()).toContain("There are no open positions listed right now.");
    const staffPage = await fetch(url("/staff/sign-in"));
    expect(staffPage.status).toBe(200);
    const staffHtml = await staffPage.text();
    const script = /<script[^>]+src="([^"]+)"/.exec(staffHtml)?.[1];
    expect(script).toMatch(/^\/staff-app\/assets\//);
    expect((await fetch(url(script ?? ""))).status).toBe(200);
    const posted = await fetch(url("/api/leads/chartassist-demo"), {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: "name=Ada&email=ada%40example.com",
    });
    expect(posted.status).toBe(201);
    expect((await fetch(url("/api/staff/me"))).status).toBe(401);
  });

  it("runs the CLI with the .env's settings, the environment winning over the file", async () => {
    const status = npm(["run", "--silent", "leads", "--", "status"]);
    expect(status.status, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/waiting: 1\b/);
    const elsewhere = npm(["run", "--silent", "leads", "--", "status"], {
      DATA_DIR: path.join(dir, "other-data"),
    });
    expect(elsewhere.stdout).toContain("no leads yet");
    const added = npm([
      "run",
      "--silent",
      "leads",
      "--",
      "staff",
      "add",
      "--email",
      "ops@staff.example",
      "--role",
      "admin",
    ]);
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout.trim().split("\n").at(-1)).toMatch(/^http:\/\/localhost:3000\/staff\/setup\?token=/);
  });
});
