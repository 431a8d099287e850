import { readFileSync, statSync } from "node:fs";
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

/** Every file of ours `entries` import, directly or round about (type-only and dynamic imports too), entries included. */
export function importClosure(root: string, entries: string[]): Set<string> {
  const reached = new Set<string>();
  const pending = [...entries];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    if (!CODE.test(file)) continue;
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    for (const imported of importedFiles) {
      const target = resolveImport(root, file, imported.fileName);
      if (target && !reached.has(target)) pending.push(target);
    }
  }
  return reached;
}
