import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { readSiteConfig } from "./config/site.ts";

const app = fileURLToPath(new URL("./app", import.meta.url));

export default defineConfig({
  resolve: { alias: { "~": app } },
  // Tests see the placeholder site facts, whatever the environment says.
  define: { __SITE__: JSON.stringify(readSiteConfig({})) },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          // Server tests run real processes on a shared 2-core CI machine: one retry there, as Playwright has.
          retry: process.env.CI ? 1 : 0,
          include: [
            "server/**/*.test.ts",
            "leads/**/*.test.ts",
            "config/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "dom",
          environment: "jsdom",
          include: ["app/**/*.test.{ts,tsx}"],
          setupFiles: ["./app/test/setup.ts"],
        },
      },
    ],
  },
});
