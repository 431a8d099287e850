import type { Writable } from "node:stream";
import { parseArgs } from "node:util";
import type { ServerConfig } from "../config.ts";
import type { StaffAuth } from "../staff/auth/auth.ts";
import type { Store } from "../store/store.ts";

/** Where a command writes: lines to `out` and `err`; a stream (an export) to `stdout`. */
export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: Record<string, string | undefined>;
  /** Where streamed output goes; process.stdout unless given. */
  stdout?: Writable;
}

/** A mistake in how a command was called: one line naming it, then that command's usage; exit code 1. */
export class UsageError extends Error {}

/** The options a command takes, as node:util's parseArgs reads them (every value a string or a flag). */
export type Options = Record<string, { type: "string" | "boolean"; description: string; value?: string }>;
export type Values = Record<string, string | boolean | undefined>;

/** What every command runs with. */
export interface BaseContext {
  config: ServerConfig;
  io: CliIo;
  now: number;
}
export interface StoreContext extends BaseContext {
  store: Store;
}
export interface AuthContext extends StoreContext {
  /** better-auth on the store, for the staff commands. */
  auth: StaffAuth;
}

interface Definition<A> {
  /** As typed: "status", or a group's "staff add". */
  name: string;
  summary: string;
  /** The command's arguments and options after its name, as the usage line shows them. */
  synopsis: string;
  options?: Options;
  /** The positional arguments it takes, by name; each is required unless its name ends in "?". */
  args?: readonly string[];
  /** More lines for its --help. */
  notes?: readonly string[];
  /** Reads the options and arguments into what `run` takes; throws UsageError on a bad value. */
  read(values: Values, args: string[], now: number): A;
}

/** A command, by what must be open before it runs: nothing (backup, restore), the store, or better-auth on it. */
export type Command<A = unknown> = Definition<A> &
  (
    | { needs: "nothing"; run(input: A, context: BaseContext): Promise<number> }
    | { needs: "store"; run(input: A, context: StoreContext): Promise<number> }
    | { needs: "auth"; run(input: A, context: AuthContext): Promise<number> }
  );

/** A command whose `read` result type is checked against its `run`, then kept among the others. */
export const command = <A>(definition: Command<A>): Command => definition as Command;

/** The command's help: its usage line, what it does, and each option. */
export function usageOf(cmd: Command): string {
  const options = Object.entries(cmd.options ?? {}).map(
    ([name, option]) =>
      `  ${`--${name}${option.type === "string" ? ` ${option.value ?? "VALUE"}` : ""}`.padEnd(26)} ${option.description}`,
  );
  return [
    `Usage: npm run leads -- ${cmd.name}${cmd.synopsis ? ` ${cmd.synopsis}` : ""}`,
    "",
    `  ${cmd.summary}`,
    ...(options.length > 0 ? ["", "Options:", ...options] : []),
    ...(cmd.notes && cmd.notes.length > 0 ? ["", ...cmd.notes] : []),
  ].join("\n");
}

/** The command's options and arguments by its own definition: an option it does not take is a mistake. */
export function parseCommand(
  cmd: Command,
  argv: string[],
): { help: true } | { values: Values; args: string[] } {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: withNegativeValues(cmd, argv),
      allowPositionals: true,
      strict: true,
      options: {
        ...Object.fromEntries(Object.entries(cmd.options ?? {}).map(([name, { type }]) => [name, { type }])),
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw new UsageError(describeParseError(error));
  }
  if (parsed.values.help) return { help: true };
  const expected = cmd.args ?? [];
  const missing = expected[parsed.positionals.length];
  if (missing && !missing.endsWith("?")) throw new UsageError(`missing argument <${missing}>`);
  const extra = parsed.positionals[expected.length];
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  return { values: parsed.values as Values, args: parsed.positionals };
}

/**
 * `--older-than -5` as `--older-than=-5`: parseArgs takes a value starting with "-" for a mistyped option, and the
 * command, not "needs a value", should say what is wrong with a negative number.
 */
function withNegativeValues(cmd: Command, argv: string[]): string[] {
  const takesValue = (arg: string | undefined) =>
    arg?.startsWith("--") === true && cmd.options?.[arg.slice(2)]?.type === "string";
  return argv.flatMap((arg, index) => {
    if (takesValue(argv[index - 1]) && /^-[\d.]/.test(arg)) return [];
    const next = argv[index + 1];
    return takesValue(arg) && next !== undefined && /^-[\d.]/.test(next) ? [`${arg}=${next}`] : [arg];
  });
}

/** parseArgs' own messages explain how to pass a value starting with "-": one line naming the option is enough. */
function describeParseError(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  const option = /'(-[^' ]+)/.exec(message ?? "")?.[1];
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") return `unknown option ${option}`;
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE")
    return /does not take/.test(message ?? "")
      ? `option ${option} takes no value`
      : `option ${option} needs a value`;
  return message ?? String(error);
}

/** A string option's value, if given. */
export const stringOption = (values: Values, name: string) => {
  const value = values[name];
  return typeof value === "string" ? value : undefined;
};

/**
 * A whole-number option from `min` to `max`, if given: digits only (no "", "1e3", "0x10" or "5.0", which Number
 * would read), or one line saying what is wrong with it.
 */
export function wholeNumberOption(
  values: Values,
  name: string,
  range: { min: number; max: number; unit: string },
): number | undefined {
  const given = stringOption(values, name);
  if (given === undefined) return undefined;
  const { min, max, unit } = range;
  const wanted = `a whole number of ${unit} from ${min} to ${max.toLocaleString("en-US")}`;
  if (!/^[+-]?\d+$/.test(given)) throw new UsageError(`--${name} must be ${wanted}, not "${given}"`);
  const number = Number(given);
  if (number < min || number > max) throw new UsageError(`--${name} must be ${wanted}, not ${number}`);
  return number;
}
