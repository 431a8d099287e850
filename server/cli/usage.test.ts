import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { CLI_ENTRY, childEnv } from "../../test-support/server-process.ts";
import { COMMANDS, runCli } from "../cli.ts";

const run = promisify(execFile);

/** Runs the CLI in process with no DATA_DIR: every case here is settled before anything is opened. */
async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { out: (line) => out.push(line), err: (line) => err.push(line), env: {} });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("the operator CLI's usage", () => {
  it.each(COMMANDS.map((command) => command.name))(
    "`%s --help` prints that command's usage and exits 0",
    async (name) => {
      const help = await cli(...name.split(" "), "--help");
      expect(help).toMatchObject({ code: 0, err: "" });
      expect(help.out).toMatch(new RegExp(`^Usage: npm run leads -- ${name}\\b`));
      expect(help.out).toContain(COMMANDS.find((command) => command.name === name)?.summary ?? "?");
    },
  );

  it("names an option the command does not take in one line, then gives the command's usage", async () => {
    const refused = await cli("status", "--email", "someone@example.com");
    expect(refused.code).toBe(1);
    const [problem, blank, usage] = refused.err.split("\n");
    expect(problem).toBe("leads status: unknown option --email");
    expect(blank).toBe("");
    expect(usage).toBe("Usage: npm run leads -- status");
    // Another command's option is still unknown here: each command has its own.
    expect((await cli("list", "--dead")).err).toMatch(/^leads list: unknown option --dead\n/);
    expect((await cli("list", "--bogus")).err).toMatch(/^leads list: unknown option --bogus\n/);
  });

  it("names a missing argument in one line, then gives the command's usage", async () => {
    expect(await cli("show")).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^leads show: missing argument <id>\n\nUsage: npm run leads -- show <id>/),
    });
    expect((await cli("staff", "role", "a@staff.example")).err).toMatch(
      /^leads staff role: missing argument <role>\n\nUsage: npm run leads -- staff role <email> <role>/,
    );
    expect((await cli("backup")).err).toMatch(/^leads backup: missing argument <dir>\n/);
    expect((await cli("retry")).err).toMatch(/^leads retry: missing argument <id> \(or --dead\)\n/);
    expect((await cli("list", "--form")).err).toMatch(/^leads list: option --form needs a value\n/);
    expect((await cli("status", "extra")).err).toMatch(/^leads status: unexpected argument "extra"\n/);
  });

  it.each([
    [
      ["list", "--since", "2025-02-31"],
      `--since must be an ISO date (2025-01-31) or Nd / Nh, not "2025-02-31": February 2025 has 28 days`,
    ],
    [["export", "--format", "csv", "--since", "2024-02-30"], "February 2024 has 29 days"],
    [["sources", "--since", "2025-04-31T09:00"], "April 2025 has 30 days"],
    [["list", "--since", "2025-13-01"], ": a month is 01 to 12"],
    [["list", "--since", "2025-01-31T24:30"], ": an hour is 00 to 23"],
    [["list", "--since", "2025-01-31T10:60Z"], ": a minute is 00 to 59"],
    [["list", "--since", "March 7"], `--since must be an ISO date (2025-01-31) or Nd / Nh, not "March 7"`],
    [["list", "--since", "-3d"], `--since must be an ISO date (2025-01-31) or Nd / Nh, not "-3d"`],
    [["list", "--since", "99999d"], `--since reaches back at most 36,500 days (876,000 hours), not "99999d"`],
    [["purge", "--older-than", "-5"], "--older-than must be a whole number of days from 0 to 36,500, not -5"],
    [["purge", "--older-than=-5"], "--older-than must be a whole number of days from 0 to 36,500, not -5"],
    [
      ["purge", "--older-than", "36501"],
      "--older-than must be a whole number of days from 0 to 36,500, not 36501",
    ],
    [["purge", "--older-than", ""], `--older-than must be a whole number of days from 0 to 36,500, not ""`],
    [
      ["purge", "--older-than", "1e3"],
      `--older-than must be a whole number of days from 0 to 36,500, not "1e3"`,
    ],
    [
      ["purge", "--older-than", "2.5"],
      `--older-than must be a whole number of days from 0 to 36,500, not "2.5"`,
    ],
    [
      ["backup", "/proc/cli-usage-backups", "--keep", "0"],
      "--keep must be a whole number of backups from 1 to 10,000, not 0",
    ],
    [
      ["backup", "/proc/cli-usage-backups", "--keep", "-2"],
      "--keep must be a whole number of backups from 1 to 10,000, not -2",
    ],
    [
      ["backup", "/proc/cli-usage-backups", "--keep", "0x10"],
      `--keep must be a whole number of backups from 1 to 10,000, not "0x10"`,
    ],
  ])("refuses `%s` with one line saying what is wrong", async (argv, problem) => {
    const refused = await cli(...argv);
    expect(refused.code).toBe(1);
    const [line, blank] = refused.err.split("\n");
    expect(line).toMatch(new RegExp(`^leads ${argv[0]}: --`));
    expect(line).toContain(problem);
    expect(blank).toBe("");
  });

  it("lists every command, and explains a group or an unknown command", async () => {
    const usage = await cli("--help");
    expect(usage.code).toBe(0);
    for (const command of COMMANDS) expect(usage.out).toContain(command.name);
    expect(await cli()).toMatchObject({ code: 1, out: usage.out });
    expect((await cli("help", "purge")).out).toMatch(/^Usage: npm run leads -- purge --older-than <days>/);
    const staff = await cli("staff", "--help");
    expect(staff.code).toBe(0);
    expect(staff.out).toContain("Usage: npm run leads -- staff add");
    expect(staff.out).toContain("Usage: npm run leads -- staff reset");
    expect(await cli("staff")).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^staff needs one of add, list, role, disable, reset\.\n/),
    });
    expect(await cli("frobnicate")).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^Unknown command "frobnicate"\.\n/),
    });
  });

  it("prints a command's usage from the real process on stdout, with exit code 0", async () => {
    const help = await run(process.execPath, [CLI_ENTRY, "export", "--help"], { env: childEnv({}) });
    expect(help.stdout).toMatch(/^Usage: npm run leads -- export --format csv\|json \[--since T\]\n/);
    expect(help.stderr).toBe("");
  });

  it("refuses from the real process with exit code 1, one line and the usage on stderr, and no stack", async () => {
    const refused = await run(process.execPath, [CLI_ENTRY, "status", "--email", "x"], {
      env: childEnv({}),
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 1, stdout: "" });
    const lines = "stderr" in refused ? refused.stderr.split("\n") : [];
    expect(lines[0]).toBe("leads status: unknown option --email");
    expect(lines[2]).toBe("Usage: npm run leads -- status");
    expect(lines.filter((line) => /^\s+at /.test(line))).toEqual([]);
  });
});
