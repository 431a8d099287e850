import { execFileSync } from "node:child_process";
import { closeSync, constants, openSync } from "node:fs";
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { errorKind } from "./error-kind.ts";
import { createLogger, createLogOutput } from "./logger.ts";

describe("createLogOutput on a pipe", () => {
  let dir: string;
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("writes a turn's lines in order, and flush resolves once they left rather than at its timeout", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "log-output-"));
    const fifo = path.join(dir, "log");
    execFileSync("mkfifo", [fifo]);
    // Read and write ends, opened without blocking on each other.
    const reader = await open(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writeFd = openSync(fifo, "w");
    const output = createLogOutput(1 << 20, writeFd);
    const lines = Array.from({ length: 200 }, (_, index) => `{"line":${index}}\n`);
    for (const line of lines) output.stream.write(line);

    const started = performance.now();
    await output.flush(5_000);
    expect(performance.now() - started).toBeLessThan(1_000);

    const buffer = Buffer.alloc(1 << 16);
    const { bytesRead } = await reader.read(buffer, 0, buffer.length, null);
    expect(buffer.subarray(0, bytesRead).toString()).toBe(lines.join(""));
    expect(output.dropped()).toBe(0);
    await reader.close();
    closeSync(writeFd);
  });
});

describe("createLogger", () => {
  it("redacts a person's name and e-mail but keeps a failure's class and code readable", () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) });
    const failure = Object.assign(new TypeError("constraint failed for ada@example.com"), {
      code: "E_CONSTRAINT",
    });

    logger.error(
      { fields: { name: "Ada Lovelace", email: "ada@example.com" }, err: errorKind(failure) },
      "failed",
    );

    expect(lines[0]).toMatchObject({
      fields: { name: "[redacted]", email: "[redacted]" },
      err: { type: "TypeError", code: "E_CONSTRAINT" },
    });
    expect(JSON.stringify(lines)).not.toMatch(/Ada Lovelace|ada@example\.com/);
  });
});
