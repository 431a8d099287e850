import { defineConfig, mergeConfig } from "vitest/config";
import { viteBase } from "./config/vite-base.ts";

// Tests see the placeholder site facts, whatever the environment says.
export default mergeConfig(
  viteBase({}),
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: "node",
            environment: "node",
            // No retries: a test that passes only on its second try is a failure to fix.
            retry: 0,
            include: [
              "server/**/*.test.ts",
              "leads/**/*.test.ts",
              "config/**/*.test.ts",
              "scripts/**/*.test.ts",
              "bench/**/*.test.ts",
              "test-support/**/*.test.ts",
            ],
            testTimeout: 30_000,
            hookTimeout: 30_000,
          },
        },
        {
          extends: true,
          test: {
            // The deployment recipes (deploy/) against the real build, Caddy and Prometheus: `npm run test:deploy`,
            // after the build, one file at a time (each starts servers of its own).
            name: "deploy",
            environment: "node",
            retry: 0,
            include: ["tests/deploy/**/*.test.ts"],
            testTimeout: 120_000,
            hookTimeout: 180_000,
            fileParallelism: false,
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
  }),
);
