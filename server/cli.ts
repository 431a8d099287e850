import { LEAD_FORM_IDS } from "../leads/catalog.ts";
import { ROLES } from "../staff/roles.ts";
import { type CliIo, type Command, parseCommand, UsageError, usageOf } from "./cli/command.ts";
import { dataCommands } from "./cli/data-commands.ts";
import { deliveryCommands } from "./cli/delivery-commands.ts";
import { documentCommands } from "./cli/document-commands.ts";
import { leadCommands } from "./cli/lead-commands.ts";
import { staffCommands } from "./cli/staff-commands.ts";
import { loadConfig, type ServerConfig } from "./config.ts";
import { explainStartupFailure } from "./runtime/startup.ts";
import { openStore, type Store } from "./store/store.ts";
import { LEAD_STATES } from "./store/store-records.ts";

/** Every command, one module per group under server/cli/. */
export const COMMANDS: readonly Command[] = [
  ...leadCommands,
  ...deliveryCommands,
  ...dataCommands,
  ...staffCommands,
  ...documentCommands,
];

const USAGE = [
  "Usage: npm run leads -- <command> [options]",
  "",
  ...COMMANDS.map((cmd) => `  ${`${cmd.name} ${cmd.synopsis}`.padEnd(48)} ${cmd.summary}`),
  "",
  "`npm run leads -- <command> --help` explains one command.",
  `States: ${LEAD_STATES.join(", ")}. Forms: ${LEAD_FORM_IDS.join(", ")}. Roles: ${ROLES.join(", ")}.`,
].join("\n");

/** The command `argv` names (a group's take two words) and the arguments after its name. */
function findCommand(argv: string[]): { cmd: Command; rest: string[] } | { problem: string; usage: string } {
  const [first = "", second = "", ...after] = argv;
  const group = COMMANDS.filter((cmd) => cmd.name.startsWith(`${first} `));
  if (group.length === 0) {
    const cmd = COMMANDS.find((candidate) => candidate.name === first);
    return cmd ? { cmd, rest: argv.slice(1) } : { problem: `Unknown command "${first}".`, usage: USAGE };
  }
  const cmd = group.find((candidate) => candidate.name === `${first} ${second}`);
  if (cmd) return { cmd, rest: after };
  const names = group.map((candidate) => candidate.name.split(" ")[1]);
  return {
    problem: `${first} needs one of ${names.join(", ")}${second ? `, not "${second}"` : ""}.`,
    usage: group.map(usageOf).join("\n\n"),
  };
}

/**
 * The operator's CLI (`npm run leads -- <command>`): each command reads its own options with node:util's
 * parseArgs, explains itself with --help, and refuses an option it does not take or a missing argument with one
 * line and its usage (exit code 1) before anything is opened.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [first] = argv;
  if (first === undefined || first === "help" || first === "--help" || first === "-h") {
    const topic = first === "help" && argv[1] ? findCommand(argv.slice(1)) : undefined;
    if (topic && "cmd" in topic) io.out(usageOf(topic.cmd));
    else io.out(USAGE);
    return first === undefined ? 1 : 0;
  }
  const found = findCommand(argv);
  if ("problem" in found) {
    if (argv[1] === "--help" || argv[1] === "-h") {
      io.out(found.usage);
      return 0;
    }
    io.err(`${found.problem}\n\n${found.usage}`);
    return 1;
  }
  const { cmd, rest } = found;
  const now = Date.now();
  let input: unknown;
  try {
    const parsed = parseCommand(cmd, rest);
    if ("help" in parsed) {
      io.out(usageOf(cmd));
      return 0;
    }
    input = cmd.read(parsed.values, parsed.args, now);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`leads ${cmd.name}: ${error.message}\n\n${usageOf(cmd)}`);
    return 1;
  }

  let config: ServerConfig;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    return 1;
  }
  if (cmd.needs === "nothing") return cmd.run(input, { config, io, now });

  let store: Store;
  try {
    store = await openStore({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL });
  } catch (error) {
    const step = { kind: "database", dataDir: config.dataDir, databaseUrl: config.DATABASE_URL } as const;
    io.err(explainStartupFailure(step, error));
    return 1;
  }
  try {
    if (cmd.needs === "store") return await cmd.run(input, { config, io, now, store });
    // Loaded only here: the other commands start without better-auth.
    const { openStaffAuth } = await import("./staff/auth/auth.ts");
    const auth = await openStaffAuth(store, config.site.url);
    return await cmd.run(input, { config, io, now, store, auth });
  } finally {
    await store.close();
  }
}

if (import.meta.main) {
  runCli(process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    env: process.env,
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
