import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import * as table from "../staff/endpoints.ts";
import { endpointRoutesModule } from "./staff-endpoint-routes.ts";

const root = path.resolve(import.meta.dirname, "..");

/** The names app/ imports from the table as values (type imports aside). */
function namesTheAppImports(): Set<string> {
  const names = new Set<string>();
  const read = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) read(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
        for (const [, list] of readFileSync(file, "utf8").matchAll(
          /import\s*\{([^}]*)\}\s*from\s*"[./]*staff\/endpoints\.ts"/g,
        ))
          for (const name of (list ?? "").split(","))
            if (name.trim() && !name.trim().startsWith("type ")) names.add(name.trim());
    }
  };
  read(path.join(root, "app"));
  return names;
}

describe("the staff app's endpoint table", () => {
  it("is the table's own methods, paths and 204s, with every value the app imports from it", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "endpoint-routes-"));
    const file = path.join(dir, "endpoints.mjs");
    const shape = pathToFileURL(path.join(root, "staff/endpoint-shape.ts")).href;
    writeFileSync(file, endpointRoutesModule(table, shape));
    const routes = await import(/* @vite-ignore */ pathToFileURL(file).href);

    expect(routes.STAFF_API).toBe(table.STAFF_API);
    const rows = Object.entries(table.STAFF_ENDPOINTS);
    expect(Object.keys(routes.STAFF_ENDPOINTS)).toEqual(rows.map(([name]) => name));
    for (const [name, { method, path: route, answer }] of rows)
      expect(routes.STAFF_ENDPOINTS[name], name).toEqual(
        answer === null ? { method, path: route, answer: null } : { method, path: route },
      );
    const params = { id: "a b", submissionId: "s/1" };
    expect(routes.pathOf("credentialDocument", params)).toBe(table.pathOf("credentialDocument", params));

    const imported = namesTheAppImports();
    expect([...imported].sort()).toEqual(["STAFF_API", "STAFF_ENDPOINTS", "pathOf"]);
    for (const name of imported) expect(routes, name).toHaveProperty(name);
  });
});
