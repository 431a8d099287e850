import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importClosure } from "../test-support/import-graph.ts";
import { buildState, SOURCES } from "./build-if-stale.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** A project with one page and a whole build, older than the page by a minute. */
function builtProject(): { root: string; page: string } {
  const root = mkdtempSync(path.join(tmpdir(), "start-"));
  mkdirSync(path.join(root, "app", "routes"), { recursive: true });
  const page = path.join(root, "app", "routes", "home.tsx");
  writeFileSync(page, "export default 1;");
  mkdirSync(path.join(root, "build", "client", "staff-app"), { recursive: true });
  writeFileSync(path.join(root, "build", "client", "index.html"), "<html></html>");
  writeFileSync(path.join(root, "build", "client", "staff-app", "index.html"), "<html></html>");
  const past = new Date(Date.now() - 60_000);
  for (const source of [page, path.dirname(page), path.join(root, "app")]) utimesSync(source, past, past);
  return { root, page };
}

/** The files of app/ the builds compile: all but its tests and their set-up. */
function appSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test" ? [] : appSources(full);
    return /\.test\.tsx?$/.test(entry.name) ? [] : [full];
  });
}

describe("build-if-stale", () => {
  it("builds when the build is missing, half done or older than a source, and not otherwise", () => {
    const root = mkdtempSync(path.join(tmpdir(), "start-"));
    mkdirSync(path.join(root, "app", "routes"), { recursive: true });
    const source = path.join(root, "app", "routes", "home.tsx");
    writeFileSync(source, "export default 1;");
    expect(buildState(root)).toBe("missing");

    // The public site alone is half a build: the staff app is built after it.
    mkdirSync(path.join(root, "build", "client", "staff-app"), { recursive: true });
    writeFileSync(path.join(root, "build", "client", "index.html"), "<html></html>");
    expect(buildState(root)).toBe("missing");
    writeFileSync(path.join(root, "build", "client", "staff-app", "index.html"), "<html></html>");
    const past = new Date(Date.now() - 60_000);
    utimesSync(source, past, past);
    utimesSync(path.join(root, "app", "routes"), past, past);
    utimesSync(path.join(root, "app"), past, past);
    expect(buildState(root)).toBe("fresh");

    const later = new Date(Date.now() + 60_000);
    utimesSync(source, later, later);
    expect(buildState(root)).toBe("stale");
  });

  it.each([
    "staff/api.ts",
    "leads/catalog.ts",
    "config/site.ts",
    "public/favicon.svg",
    "scripts/generate-seo-files.ts",
    "vite.staff.config.ts",
    "tsconfig.json",
    "package-lock.json",
    ".env",
  ])("rebuilds after a change to %s", (changed) => {
    const { root } = builtProject();
    expect(buildState(root)).toBe("fresh");
    mkdirSync(path.join(root, path.dirname(changed)), { recursive: true });
    writeFileSync(path.join(root, changed), "changed");
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, changed), later, later);
    expect(buildState(root)).toBe("stale");
  });

  it("leaves the server, the tests and the benchmarks out: a change there needs no build", () => {
    const { root } = builtProject();
    for (const other of [
      "server/index.ts",
      "tests/e2e/home.spec.ts",
      "bench/inbox.ts",
      "scripts/release.ts",
    ]) {
      mkdirSync(path.join(root, path.dirname(other)), { recursive: true });
      writeFileSync(path.join(root, other), "changed");
    }
    expect(buildState(root)).toBe("fresh");
  });

  it("lists every file the builds import, from their configs and app/", () => {
    const entries = [
      ...["vite.config.ts", "vite.staff.config.ts", "react-router.config.ts"].map((file) =>
        path.join(ROOT, file),
      ),
      ...appSources(path.join(ROOT, "app")),
    ];
    const read = [...importClosure(ROOT, entries)].map((file) => path.relative(ROOT, file));
    // The walk itself: the staff app reaches the staff contract, the build's hook the SEO files' script.
    expect(read).toContain(path.join("staff", "api.ts"));
    expect(read).toContain(path.join("scripts", "generate-seo-files.ts"));
    const covered = (file: string) =>
      SOURCES.some((source) => file === source || file.startsWith(`${source}${path.sep}`));
    expect(read.filter((file) => !covered(file))).toEqual([]);
  });
});
