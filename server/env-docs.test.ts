import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { configTable, envExample, schemaDefaults } from "../scripts/env-example.ts";

const root = path.resolve(import.meta.dirname, "..");
const readme = await readFile(path.join(root, "README.md"), "utf8");

/** The schemas are the truth; README's table and .env.example must name the same variables with the same defaults. */
describe("the configuration's three descriptions", () => {
  it("README's table lists every variable the schemas validate, and no other", () => {
    const documented = configTable(readme).map((row) => row.name);
    expect(new Set(documented).size).toBe(documented.length);
    expect(documented.toSorted()).toEqual([...schemaDefaults().keys()].toSorted());
  });

  it("README's table gives each variable the schema's default", () => {
    const defaults = schemaDefaults();
    for (const row of configTable(readme)) {
      expect({ [row.name]: row.default }).toEqual({ [row.name]: defaults.get(row.name) });
    }
  });

  it(".env.example is what the schemas and the table make (node scripts/env-example.ts writes it)", async () => {
    const committed = await readFile(path.join(root, ".env.example"), "utf8");
    expect(committed).toBe(envExample(readme));
  });

  it("a variable missing from the table, or a default that differs, is caught", () => {
    const withoutPort = readme.replace(/^\| `PORT` \|.*\n/m, "");
    expect(configTable(withoutPort).map((row) => row.name)).not.toContain("PORT");
    const wrongDefault = readme.replace("| `PORT` | server | `3000` |", "| `PORT` | server | `8080` |");
    expect(configTable(wrongDefault).find((row) => row.name === "PORT")?.default).toBe("8080");
    expect(() =>
      configTable(readme.replace("| `PORT` | server | `3000` |", "| `PORT` | server | 3000 |")),
    ).toThrow(/PORT's default must be/);
  });
});
