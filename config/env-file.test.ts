import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadProjectEnvFile } from "./env-file.ts";

describe("loadProjectEnvFile", () => {
  const names = ["ENV_FILE_TEST_COMPANY", "ENV_FILE_TEST_PHONE"];
  afterEach(() => {
    for (const name of names) delete process.env[name];
  });

  it("adds the .env file's variables, and one already in the environment wins", () => {
    const root = mkdtempSync(path.join(tmpdir(), "env-file-"));
    writeFileSync(
      path.join(root, ".env"),
      "# company facts\nENV_FILE_TEST_COMPANY='Acme Care'\nENV_FILE_TEST_PHONE=(555) 010-0199\n",
    );
    process.env.ENV_FILE_TEST_PHONE = "(555) 010-0100";
    loadProjectEnvFile(root);
    expect(process.env.ENV_FILE_TEST_COMPANY).toBe("Acme Care");
    expect(process.env.ENV_FILE_TEST_PHONE).toBe("(555) 010-0100");
  });

  it("does nothing without a .env file", () => {
    loadProjectEnvFile(mkdtempSync(path.join(tmpdir(), "env-file-none-")));
    expect(process.env.ENV_FILE_TEST_COMPANY).toBeUndefined();
  });
});
