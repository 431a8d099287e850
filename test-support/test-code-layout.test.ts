import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { codeFiles, importsOf } from "./import-graph.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** Where the code the builds and the server run lives. */
const PRODUCTION = ["app", "server", "staff", "leads", "config", "scripts"];

type Kind = "production" | "test" | "test-support" | "bench";

/** What a file (relative to the root) is: a test's own code, the shared harnesses, a benchmark or production. */
function kindOf(file: string): Kind {
  const parts = file.split(path.sep);
  if (parts[0] === "test-support") return "test-support";
  if (parts[0] === "bench") return /\.test\.ts$/.test(file) ? "test" : "bench";
  if (parts[0] === "tests" || parts.includes("test") || /\.(test|spec)\.tsx?$/.test(file)) return "test";
  return "production";
}

/** The imports that go the wrong way: production into test code or benchmarks, a benchmark into a test. */
function wrongImports(edges: [string, string][]): string[] {
  const allowed: Record<Kind, Kind[]> = {
    production: ["production"],
    bench: ["production", "test-support", "bench"],
    "test-support": ["production", "test-support"],
    test: ["production", "test-support", "test", "bench"],
  };
  return edges
    .filter(([from, to]) => !allowed[kindOf(from)].includes(kindOf(to)))
    .map(([from, to]) => `${from} -> ${to}`);
}

describe("where test code lives", () => {
  it("keeps production free of test code and benchmarks, and benchmarks free of tests", () => {
    const edges = [...PRODUCTION, "bench", "test-support", "tests"]
      .flatMap((folder) => codeFiles(path.join(ROOT, folder)))
      .flatMap((file) =>
        importsOf(ROOT, file).map((target): [string, string] => [
          path.relative(ROOT, file),
          path.relative(ROOT, target),
        ]),
      );
    expect(edges.length).toBeGreaterThan(1000);
    // The benchmarks start servers and fakes from test-support/.
    expect(edges.some(([from, to]) => kindOf(from) === "bench" && kindOf(to) === "test-support")).toBe(true);
    expect(wrongImports(edges)).toEqual([]);
  });

  it("finds an import that goes the wrong way (the check itself)", () => {
    expect(
      wrongImports([
        ["bench/leads.ts", "tests/e2e/support/pages.ts"],
        ["bench/leads.ts", "server/relay/relay.test.ts"],
        ["bench/leads.ts", "test-support/server-process.ts"],
        ["server/server.ts", "test-support/in-process-server.ts"],
        ["test-support/staff-harness.ts", "server/staff/staff-api.ts"],
        ["server/relay/relay.test.ts", "test-support/smtp-sink.ts"],
      ]),
    ).toEqual([
      "bench/leads.ts -> tests/e2e/support/pages.ts",
      "bench/leads.ts -> server/relay/relay.test.ts",
      "server/server.ts -> test-support/in-process-server.ts",
    ]);
  });

  it("keeps no harness folder beside the server's modules", () => {
    const harnesses = ["server", "staff", "leads", "config"]
      .map((folder) => path.join(ROOT, folder, "test"))
      .filter((folder) => existsSync(folder) && codeFiles(folder).length > 0);
    expect(harnesses).toEqual([]);
  });
});
