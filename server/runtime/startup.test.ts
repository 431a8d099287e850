import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv, MINIMAL_BUILD_DIR } from "../../test-support/server-process.ts";
import { createTestDatabase, DIALECTS } from "../../test-support/test-database.ts";
import { runCli } from "../cli.ts";
import { beginStartup, explainStartupFailure, servingLine, startupFailureLine } from "./startup.ts";

const ENTRY = fileURLToPath(new URL("../index.ts", import.meta.url));
/** Decision 013's promise: every start-up failure ends within this. */
const FAILURE_BUDGET_MS = 15_000;

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Starts the real server and waits for it to exit by itself; one that is still running after the budget is killed. */
function runUntilExit(env: Record<string, string>): Promise<Exit> {
  const started = performance.now();
  const child = spawn(process.execPath, [ENTRY], { env: childEnv(env), stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const guard = setTimeout(() => child.kill("SIGKILL"), FAILURE_BUDGET_MS + 1000);
  return new Promise((resolve) => {
    child.once("close", (code) => {
      clearTimeout(guard);
      resolve({ code, stdout, stderr, ms: performance.now() - started });
    });
  });
}

function expectOneLineFailure(exit: Exit, ...mustName: string[]): string {
  expect(exit.ms).toBeLessThan(FAILURE_BUDGET_MS);
  expect(exit.code).toBe(1);
  expect(exit.stdout).toBe("");
  const lines = exit.stderr.split("\n").filter(Boolean);
  expect(lines).toHaveLength(1);
  const line = lines[0] ?? "";
  expect(line).not.toMatch(/^\s+at |Error:|node:internal/);
  for (const text of mustName) expect(line).toContain(text);
  return line;
}

describe("start-up failures, from the real server process", () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "startup-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it.each(DIALECTS)("says where to open the site and which store it uses, first, on %s", async (dialect) => {
    const database = await createTestDatabase(dialect, "startup-store");
    const child = spawn(process.execPath, [ENTRY], {
      env: childEnv({ ...database.env, BUILD_DIR: MINIMAL_BUILD_DIR }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    const firstLine = await new Promise<string>((resolve) => {
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("\n")) resolve(output.split("\n")[0] ?? "");
      });
    });
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
    await database.drop();
    const { msg, port } = JSON.parse(firstLine) as { msg: string; port: number };
    const url = new URL(database.databaseUrl ?? "postgres://unused");
    const store =
      dialect === "sqlite"
        ? `SQLite at ${path.join(database.dataDir, "leads.db")}`
        : `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
    expect(msg).toBe(`serving http://127.0.0.1:${port}/ with leads stored in ${store}`);
  });

  // Each failure below is about one setting, whichever store is in use (the DATABASE_URL ones are PostgreSQL's).

  it("names PORT when the port is taken", async () => {
    const holder: Server = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const port = (holder.address() as { port: number }).port;
    try {
      const exit = await runUntilExit({
        BUILD_DIR: MINIMAL_BUILD_DIR,
        DATA_DIR: dataDir,
        PORT: String(port),
      });
      expect(expectOneLineFailure(exit)).toBe(`PORT ${port} is in use: stop the other server or set PORT`);
    } finally {
      holder.close();
    }
  });

  it("names DATA_DIR when it cannot be created (/proc/nope used to hang for ever)", async () => {
    const exit = await runUntilExit({ BUILD_DIR: MINIMAL_BUILD_DIR, DATA_DIR: "/proc/nope" });
    expectOneLineFailure(exit, "DATA_DIR /proc/nope", "set DATA_DIR");
  });

  describe("DATA_DIR on a full disk", () => {
    let mountPoint: string;
    let mounted = "";

    beforeAll(async () => {
      mountPoint = await mkdtemp(path.join(tmpdir(), "full-disk-"));
      try {
        execFileSync("mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", mountPoint], { stdio: "pipe" });
        mounted = mountPoint;
        // Fill it to the last block.
        await writeFile(path.join(mountPoint, "filler"), Buffer.alloc(512 * 1024)).catch(() => undefined);
      } catch {
        // Not root, or no mount namespace: the test below says so and skips.
      }
    });
    afterAll(async () => {
      if (mounted) execFileSync("umount", [mounted]);
      await rm(mountPoint, { recursive: true, force: true });
    });

    it("says the disk is full and names DATA_DIR", async (context) => {
      if (!mounted) context.skip("cannot mount a small tmpfs here (needs root) to simulate a full disk");
      const exit = await runUntilExit({ BUILD_DIR: MINIMAL_BUILD_DIR, DATA_DIR: mountPoint });
      expectOneLineFailure(exit, `DATA_DIR ${mountPoint} is on a full disk (ENOSPC)`, "set DATA_DIR");
    });
  });

  it("names DATABASE_URL when PostgreSQL is unreachable, without its password", async () => {
    const exit = await runUntilExit({
      BUILD_DIR: MINIMAL_BUILD_DIR,
      DATA_DIR: dataDir,
      DATABASE_URL: "postgres://x:secret@127.0.0.1:1/db",
    });
    const line = expectOneLineFailure(exit, "DATABASE_URL", "127.0.0.1:1/db", "ECONNREFUSED");
    expect(line).not.toContain("secret");
  });

  it.skipIf(!process.env.DATABASE_URL)("names DATABASE_URL when its database does not exist", async () => {
    const url = new URL(process.env.DATABASE_URL ?? "");
    url.pathname = "/no_such_database_for_startup_test";
    const exit = await runUntilExit({
      BUILD_DIR: MINIMAL_BUILD_DIR,
      DATA_DIR: dataDir,
      DATABASE_URL: url.href,
    });
    expectOneLineFailure(exit, "DATABASE_URL", "no_such_database_for_startup_test", "createdb");
  });

  it("names an invalid variable", async () => {
    const exit = await runUntilExit({
      BUILD_DIR: MINIMAL_BUILD_DIR,
      DATA_DIR: dataDir,
      RELAY_CONCURRENCY: "lots",
    });
    expectOneLineFailure(exit, "Invalid configuration: RELAY_CONCURRENCY");
  });

  it("stops on a malformed DOCUMENTS_KEY with one line saying how to make one", async () => {
    const exit = await runUntilExit({
      BUILD_DIR: MINIMAL_BUILD_DIR,
      DATA_DIR: dataDir,
      DOCUMENTS_KEY: "not-a-key-but-a-secret-passphrase",
    });
    const line = expectOneLineFailure(
      exit,
      "Invalid configuration: DOCUMENTS_KEY",
      "openssl rand -base64 32",
    );
    expect(line).not.toContain("secret-passphrase");
  });

  it.each(["MAIL_FROM", "REPLY_TO", "ALERT_EMAIL", "CONTACT_EMAIL", "RECRUITING_EMAIL"])(
    "names %s when it is not an e-mail address",
    async (name) => {
      const exit = await runUntilExit({
        BUILD_DIR: MINIMAL_BUILD_DIR,
        DATA_DIR: dataDir,
        SMTP_URL: "smtp://127.0.0.1:1",
        MAIL_FROM: "leads@example.org",
        [name]: "not an address",
      });
      expectOneLineFailure(exit, `${name}`, "must be one e-mail address");
    },
  );

  it.each([
    ["SITE_URL", "ftp://files.example.org"],
    ["SITE_URL", "mailto:web@example.org"],
    ["SITE_URL", "data:text/html,hi"],
    ["SITE_URL", "javascript:alert(1)"],
    ["ALLOWED_ORIGINS", "partner.example.org:8443"],
    ["ALLOWED_ORIGINS", "https://partner.example.org, null"],
  ])("names %s=%s in one line, with no stack trace", async (name, value) => {
    const exit = await runUntilExit({ BUILD_DIR: MINIMAL_BUILD_DIR, DATA_DIR: dataDir, [name]: value });
    expectOneLineFailure(exit, `${name}`, "must be");
  });

  it("says to build when BUILD_DIR holds no site", async () => {
    const exit = await runUntilExit({ BUILD_DIR: path.join(dataDir, "no-build"), DATA_DIR: dataDir });
    expectOneLineFailure(exit, "BUILD_DIR", "npm run build");
  });
});

describe("the operator CLI", () => {
  it("explains an unreachable DATABASE_URL the same way", async () => {
    const err: string[] = [];
    const dataDir = await mkdtemp(path.join(tmpdir(), "startup-cli-"));
    const code = await runCli(["status"], {
      out: () => undefined,
      err: (line) => err.push(line),
      env: { DATA_DIR: dataDir, DATABASE_URL: "postgres://x:secret@127.0.0.1:1/db" },
    });
    await rm(dataDir, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(err).toEqual([
      "DATABASE_URL: nothing accepts connections at 127.0.0.1:1/db (ECONNREFUSED): start PostgreSQL or fix DATABASE_URL",
    ]);
  });
});

describe("explainStartupFailure", () => {
  const errno = (code: string, message = code) => Object.assign(new Error(message), { code });

  it.each([
    [{ kind: "data-dir", dataDir: "/srv/data" }, errno("EACCES"), "DATA_DIR /srv/data is not writable"],
    [{ kind: "data-dir", dataDir: "/srv/data" }, errno("EROFS"), "read-only file system (EROFS)"],
    [{ kind: "listen", port: 80, host: "0.0.0.0" }, errno("EACCES"), "PORT 80 needs more privileges"],
    [{ kind: "listen", port: 80, host: "web" }, errno("ENOTFOUND"), "HOST web is not a known host name"],
    [
      { kind: "database", dataDir: "/d", databaseUrl: "postgres://ops:hunter2@db.internal:6543/leads" },
      errno("28P01", 'password authentication failed for user "ops"'),
      'DATABASE_URL: PostgreSQL at db.internal:6543/leads refused the user "ops"',
    ],
    [
      { kind: "database", dataDir: "/d", databaseUrl: "postgres://ops:hunter2@db.internal/leads" },
      new Error("timeout exceeded when trying to connect"),
      "DATABASE_URL: no answer from PostgreSQL at db.internal:5432/leads in time",
    ],
    [
      { kind: "database", dataDir: "/d", databaseUrl: undefined },
      Object.assign(new Error("file is not a database"), { code: "ERR_SQLITE_ERROR", errcode: 26 }),
      "npm run leads -- restore",
    ],
    [
      { kind: "database", dataDir: "/d", databaseUrl: undefined },
      Object.assign(new Error("database or disk is full"), { code: "ERR_SQLITE_ERROR", errcode: 13 }),
      "DATA_DIR /d is on a full disk",
    ],
  ] as const)("%o %s", (stage, error, expected) => {
    const line = explainStartupFailure(stage, error);
    expect(line).toContain(expected);
    expect(line).not.toContain("hunter2");
    expect(line).not.toContain("\n");
  });

  it("keeps an unexpected error to its first line, without a stack", () => {
    const error = new Error("something odd\nwith detail");
    expect(startupFailureLine(error)).toBe("Start-up failed: something odd");
  });
});

describe("beginStartup", () => {
  it("reports a step that never finishes, naming what it waited for", async () => {
    let reported = "";
    const startup = beginStartup({ deadlineMs: 50, onTimeout: (line) => (reported = line) });
    void startup.step(
      { kind: "database", dataDir: "/d", databaseUrl: "postgres://u:p@10.0.0.9/leads" },
      () => new Promise(() => undefined),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reported).toMatch(
      /^Start-up did not finish within \d+ s while connecting to PostgreSQL at 10\.0\.0\.9:5432/,
    );
    expect(reported).toContain("DATABASE_URL");
  });

  it("stops a step's deadline when it finishes, and does not time the bounded local steps", async () => {
    let reported = "";
    const startup = beginStartup({ deadlineMs: 30, onTimeout: (line) => (reported = line) });
    await startup.step({ kind: "listen", port: 1, host: "h" }, () => 1);
    await startup.step(
      { kind: "site", buildDir: "/b" },
      () => new Promise((resolve) => setTimeout(resolve, 60)),
    );
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(reported).toBe("");
  });
});

describe("servingLine", () => {
  it("shows an address a browser can open and never the database password", () => {
    expect(
      servingLine({ host: "::", port: 8080, dataDir: "/d", databaseUrl: "postgres://u:pw@db:5432/leads" }),
    ).toBe("serving http://localhost:8080/ with leads stored in PostgreSQL at db:5432/leads");
    expect(servingLine({ host: "::1", port: 3000, dataDir: "/d", databaseUrl: undefined })).toBe(
      "serving http://[::1]:3000/ with leads stored in SQLite at /d/leads.db",
    );
  });
});
