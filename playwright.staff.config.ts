import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, type Project } from "@playwright/test";
import base from "./playwright.config.ts";
import { createTestSchema } from "./test-support/pg-schema.ts";
import type { Seed, StaffServer } from "./tests/e2e-staff/fixtures.ts";

/**
 * The staff pages in Chromium at 1280 and 390 px, against the real built server (`node server/index.ts`) and its
 * store: on SQLite, and on PostgreSQL too when DATABASE_URL names one (CI). Each database has a server of its own
 * with a fresh DATA_DIR (and schema), a seed project that fills its store (tests/e2e-staff/seed.setup.ts), and a
 * desktop and a mobile project that run tests/e2e-staff against it.
 */
const FIRST_PORT = Number(process.env.E2E_STAFF_PORT ?? 4174);
const buildOut = process.env.BUILD_OUT || "build";

// Made once, in the runner: the workers inherit its environment and read these back.
process.env.E2E_STAFF_RUN_DIR ??= mkdtempSync(path.join(tmpdir(), "e2e-staff-"));
const runDir = process.env.E2E_STAFF_RUN_DIR;
if (process.env.DATABASE_URL && !process.env.E2E_STAFF_PG_URL) {
  const schema = await createTestSchema(process.env.DATABASE_URL, "staff_ui");
  process.env.E2E_STAFF_PG_SCHEMA = schema.name;
  process.env.E2E_STAFF_PG_URL = schema.url;
}

const serverOf = (database: StaffServer["database"], port: number, databaseUrl?: string): StaffServer => {
  const dataDir = path.join(runDir, database);
  mkdirSync(dataDir, { recursive: true });
  return {
    database,
    origin: `http://127.0.0.1:${port}`,
    dataDir,
    ...(databaseUrl && { databaseUrl }),
    seedFile: path.join(runDir, `${database}-seed.json`),
  };
};
const servers = [
  serverOf("sqlite", FIRST_PORT),
  ...(process.env.E2E_STAFF_PG_URL
    ? [serverOf("postgres", FIRST_PORT + 1, process.env.E2E_STAFF_PG_URL)]
    : []),
];

const deviceOf = (name: string) => base.projects?.find((project) => project.name === name)?.use ?? {};

export default defineConfig<object, { server: StaffServer; seed: Seed }>({
  ...base,
  testDir: "tests/e2e-staff",
  // A test is a working session on the real server: sign-in hashes the password (scrypt) and checks a code, and
  // some tests make accounts with the CLI. On a busy 2-core machine such a session outlasted Playwright's
  // default 30 s (docs/testing.md has the times).
  timeout: 90_000,
  globalTeardown: "./tests/e2e-staff/teardown.ts",
  projects: servers.flatMap((server): Project<object, { server: StaffServer; seed: Seed }>[] => {
    const use = { baseURL: server.origin, server };
    const seed = `${server.database}-seed`;
    return [
      { name: seed, testMatch: /seed\.setup\.ts$/, use },
      { name: `${server.database}-desktop`, dependencies: [seed], use: { ...deviceOf("desktop"), ...use } },
      { name: `${server.database}-mobile`, dependencies: [seed], use: { ...deviceOf("mobile"), ...use } },
    ];
  }),
  webServer: servers.map((server) => ({
    command: "node server/index.ts",
    url: `${server.origin}/staff/sign-in`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: new URL(server.origin).port,
      HOST: "127.0.0.1",
      SITE_URL: server.origin,
      BUILD_DIR: path.join(buildOut, "client"),
      DATA_DIR: server.dataDir,
      DATABASE_URL: server.databaseUrl ?? "",
      // Each test signs in from an address of its own (tests/e2e-staff/fixtures.ts).
      TRUST_PROXY: "loopback",
      RATE_LIMIT_PER_MINUTE: "0",
      // The suite records the relay's outcomes itself (seed.setup.ts).
      RELAY_ENABLED: "false",
      LOG_LEVEL: "warn",
    },
  })),
});
