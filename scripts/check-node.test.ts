import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
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

/** An installed Node older than the engines range, to prove the refusal for real; CI machines may have none. */
function findOldNode(): { node: string; version: string } | undefined {
  for (const node of [process.env.OLD_NODE, "/usr/bin/node", "/usr/local/bin/node"]) {
    if (!node || !existsSync(node)) continue;
    const version = execFileSync(node, ["--version"], { encoding: "utf8" }).trim();
    if (nodeVersionProblem(manifest.engines.node, version)) return { node, version };
  }
  return undefined;
}

describe("with a real older Node", () => {
  const old = findOldNode();
  const why = `no Node older than ${manifest.engines.node} on this machine (set OLD_NODE to one to run these)`;

  it("npm start stops at once with the version needed, before any .ts file loads", (context) => {
    if (!old) return context.skip(why);
    const dir = mkdtempSync(path.join(tmpdir(), "old-node-"));
    // package.json and scripts/ are all `npm start` reads before the server; a copy keeps the build untouched.
    execFileSync("cp", ["-r", path.join(root, "package.json"), path.join(root, "scripts"), dir]);
    const result = spawnSync("npm", ["start"], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, PATH: `${path.dirname(old.node)}:${process.env.PATH ?? ""}` },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`This project needs Node.js 22.12 or newer`);
    expect(result.stderr).toContain(`this is Node ${old.version.replace(/^v/, "")}`);
    expect(result.stderr).not.toContain("ERR_UNKNOWN_FILE_EXTENSION");
  });

  it("npm ci refuses it too (engine-strict in .npmrc)", (context) => {
    if (!old) return context.skip(why);
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
    const result = spawnSync(old.node, [npmCli, "ci", "--offline"], { cwd: dir, encoding: "utf8" });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("EBADENGINE");
    expect(result.stderr).toContain(manifest.engines.node);
  });
});
