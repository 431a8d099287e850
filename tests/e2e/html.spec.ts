import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { publicPaths } from "./support/pages.ts";

// Every served page is valid HTML by the Nu HTML Checker (vnu-jar, run with the machine's Java:
// Debian's default-jre-headless), errors failing the suite.

const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));
const NOT_FOUND_ANSWER = "/no-such-page";

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  extract?: string;
}

test("vnu: every served page, the 404 answer included, has no HTML error", async ({ request, viewport }) => {
  test.skip((viewport?.width ?? 0) < 1024, "viewport-independent: runs on desktop only");
  // One JVM start and every page checked in it: on a busy 2-core machine that alone took 47 s.
  test.setTimeout(120_000);
  const dir = mkdtempSync(path.join(tmpdir(), "vnu-"));
  for (const route of [...publicPaths, NOT_FOUND_ANSWER]) {
    const response = await request.get(route);
    const name = route === "/" ? "home" : route.slice(1).replaceAll("/", "__");
    writeFileSync(path.join(dir, `${name}.html`), await response.text());
  }
  // vnu exits non-zero when it reports an error, and writes its JSON report to stderr either way.
  const report = await promisify(execFile)(
    "java",
    ["-jar", vnuJar, "--errors-only", "--format", "json", dir],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  ).then(
    ({ stderr }) => stderr,
    (error: { stderr?: string }) => error.stderr ?? String(error),
  );
  const { messages } = JSON.parse(report) as { messages: VnuMessage[] };
  expect(
    messages
      .filter((message) => message.type === "error" || message.type === "non-document-error")
      .map((message) => `${path.basename(message.url)}: ${message.message} (${message.extract ?? ""})`),
  ).toEqual([]);
});
