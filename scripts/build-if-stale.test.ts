import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { buildState } from "./build-if-stale.ts";

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
