import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const isFile = (file: string) => statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
const CODE = /\.(ts|tsx|mts|js|mjs)$/;

/** The file an import names, with or without its extension (`~/` is the app's alias), if it is one of ours. */
export function resolveImport(root: string, from: string, name: string): string | undefined {
  const bare = name.replace(/[?#].*$/, "");
  const base = bare.startsWith("~/")
    ? path.join(root, "app", bare.slice(2))
    : bare.startsWith(".")
      ? path.resolve(path.dirname(from), bare)
      : undefined;
  if (!base) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find(isFile);
}

/** What `file` names in its imports, as written (type-only and dynamic imports too). */
export function importNamesOf(file: string): string[] {
  if (!CODE.test(file)) return [];
  return ts
    .preProcessFile(readFileSync(file, "utf8"), true, true)
    .importedFiles.map(({ fileName }) => fileName);
}

/** The files of ours `file` imports (type-only and dynamic imports too). */
export function importsOf(root: string, file: string): string[] {
  return importNamesOf(file)
    .map((name) => resolveImport(root, file, name))
    .filter((target): target is string => target !== undefined);
}

/** Every file of ours `entries` import, directly or round about, entries included. */
export function importClosure(root: string, entries: string[]): Set<string> {
  const reached = new Set<string>();
  const pending = [...entries];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    for (const target of importsOf(root, file)) if (!reached.has(target)) pending.push(target);
  }
  return reached;
}

/** The TypeScript files under `dir` (declarations and node_modules left out). */
export function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : codeFiles(full);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}
