import { spawnSync } from "node:child_process";

/** Small helpers the benchmark scripts share: build the site, summarise runs, print them. */

/** Builds the site into `env.BUILD_OUT` (`npm run build`, quietly; errors still show). */
export function buildSite(env: NodeJS.ProcessEnv): void {
  // The whole build: the server needs the render module beside the client (decision 028) to serve it.
  const build = spawnSync("npm", ["run", "build"], { env, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) throw new Error("build failed");
}

/** The median of the finite values; NaN when there are none. */
export function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** A Markdown table, first column left-aligned and the others right-aligned, padded to line up as text. */
export function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0))).join(" | ")} |`;
  const rule = `|${widths.map((width, column) => (column === 0 ? `:${"-".repeat(width + 1)}` : `${"-".repeat(width + 1)}:`)).join("|")}|`;
  return [line(header), rule, ...rows.map(line)].join("\n");
}
