/**
 * `.env.example` from the two schemas that validate the environment (names, defaults) and README's
 * configuration table (what each variable means). `node scripts/env-example.ts` writes it; server/env-docs.test.ts
 * fails when the file, the table and the schemas disagree.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { siteEnvSchema } from "../config/site.ts";
import { serverEnvSchema } from "../server/config.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Every variable the build or the server reads, with its default as the environment would spell it (undefined: unset). */
export function schemaDefaults(): Map<string, string | undefined> {
  const shape: Record<string, z.ZodType> = { ...siteEnvSchema.shape, ...serverEnvSchema.shape };
  return new Map(
    Object.entries(shape).map(([name, field]) => {
      const value = inputDefault(name, field);
      return [name, value === undefined ? undefined : Array.isArray(value) ? value.join(",") : String(value)];
    }),
  );
}

/**
 * A variable's default as the environment spells it: a default given before a transform is that text
 * (BUSINESS_HOURS' "Mon-Fri 09:00-17:00", not the hours it is read into), and an optional one is unset whatever
 * the transform makes of its absence; otherwise the parsed default.
 */
function inputDefault(name: string, field: z.ZodType): unknown {
  const def = field._zod.def as { type: string; in?: z.ZodType; defaultValue?: unknown };
  if (def.type === "optional") return undefined;
  if (def.type === "default") return def.defaultValue;
  if (def.type === "pipe" && def.in) return inputDefault(name, def.in);
  const parsed = field.safeParse(undefined);
  if (!parsed.success) throw new Error(`${name} has neither a default nor .optional()`);
  return parsed.data;
}

export interface ConfigRow {
  name: string;
  usedBy: string;
  /** As the table writes it: the value in backticks, or undefined for "unset"; "empty" is "". */
  default: string | undefined;
  meaning: string;
}

/** The rows of README's configuration table (`| variable | used by | default | meaning |`). */
export function configTable(readme: string): ConfigRow[] {
  const lines = readme.split("\n");
  const header = lines.findIndex((line) => line.startsWith("| variable | used by | default | meaning |"));
  if (header < 0) throw new Error("README has no configuration table");
  const rows: ConfigRow[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith("|")) break;
    const cells = line
      .slice(1, -1)
      .split(" | ")
      .map((cell) => cell.trim());
    const [variable = "", usedBy = "", shown = "", ...meaning] = cells;
    const name = /^`([A-Z][A-Z0-9_]*)`$/.exec(variable)?.[1];
    if (!name) throw new Error(`README's configuration table: one variable per row, not "${variable}"`);
    const quoted = /^`([^`]*)`$/.exec(shown)?.[1];
    if (quoted === undefined && shown !== "unset" && shown !== "empty")
      throw new Error(`README's configuration table: ${name}'s default must be \`value\`, unset or empty`);
    rows.push({
      name,
      usedBy,
      default: quoted ?? (shown === "empty" ? "" : undefined),
      meaning: meaning.join(" | "),
    });
  }
  return rows;
}

/** A value as a .env line can hold it: quoted unless plainly safe. */
const envValue = (value: string) => (/^[\w.:/@,{}+-]*$/.test(value) ? value : JSON.stringify(value));

export function envExample(readme: string): string {
  const defaults = schemaDefaults();
  const lines = [
    "# Settings of the site's build and server: README, Configuration. Copy this file to .env and uncomment",
    "# what you change; a variable already in the environment wins. One KEY=value per line, no comment after a",
    "# value, so systemd's EnvironmentFile= reads the same file. Written by `node scripts/env-example.ts` from",
    "# the schemas (config/site.ts, server/config.ts) and README's table; do not edit by hand.",
  ];
  for (const row of configTable(readme)) {
    lines.push(
      "",
      `# ${row.meaning} (${row.usedBy})`,
      `# ${row.name}=${envValue(defaults.get(row.name) ?? "")}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

if (import.meta.main) {
  writeFileSync(
    path.join(ROOT, ".env.example"),
    envExample(readFileSync(path.join(ROOT, "README.md"), "utf8")),
  );
}
