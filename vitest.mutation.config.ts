import { defineConfig } from "vitest/config";
import { readSiteConfig } from "./config/site.ts";

/**
 * The tests Stryker runs against one folder's mutants (stryker.config.mjs, MUTATION_FOLDER): that folder's own
 * suite. Coverage per test tells Stryker which of them to run for a mutant, so only tests that run the code in
 * this process can kill one (server/test/in-process-server.ts).
 */
const folder = process.env.MUTATION_FOLDER ?? "leads";
/** While writing a test: MUTATION_TESTS=<file> runs only that file against the mutants (stryker --mutate <src>). */
const only = process.env.MUTATION_TESTS;

export default defineConfig({
  define: { __SITE__: JSON.stringify(readSiteConfig({})) },
  test: {
    environment: "node",
    include: only ? [only] : [`server/${folder}/**/*.test.ts`],
    retry: 0,
    // Three times the slowest test (the relay's graceful stop, 5 s): a mutant that hangs a test fails it here,
    // and Stryker stops at that first failure, instead of waiting out its own timeout (1.5 times the covering
    // tests' whole time plus timeoutMS, 33 s for a store mutant every test covers) and restarting the runner.
    testTimeout: 15_000,
    hookTimeout: 15_000,
  },
});
