import path from "node:path";
import { defineConfig } from "@playwright/test";
import base from "./playwright.config.ts";

/**
 * The staff pages in the browser, against the built site served by the real app with the contract's fake
 * staff API (tests/staff/serve-fake.ts). When the real staff API is merged, tests/e2e-staff moves to the real
 * server (see the note at the top of tests/e2e-staff/staff.spec.ts).
 */
const PORT = Number(process.env.E2E_STAFF_PORT ?? 4174);
const origin = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  ...base,
  testDir: "tests/e2e-staff",
  use: { ...base.use, baseURL: origin },
  webServer: {
    command: "node tests/staff/serve-fake.ts",
    url: `${origin}/staff/sign-in`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      SITE_URL: origin,
      BUILD_DIR: path.join(process.env.BUILD_OUT || "build", "client"),
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
    },
  },
});
