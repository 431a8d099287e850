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
          // No retries (issue 17): a test that passes only on its second try is a failure to fix.
          retry: 0,
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
