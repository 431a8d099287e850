// @ts-check
/**
 * Mutation testing (docs/testing.md), one server folder per run: `npm run test:mutation`
 * (scripts/mutation.ts) runs this once each for server/leads, server/relay and server/store, naming the
 * folder in MUTATION_FOLDER. Each folder's mutants face only that folder's own tests
 * (vitest.mutation.config.ts): a store mutant that only the whole API suite notices does not count as covered
 * by the store's tests, and a run stays within minutes.
 */
const folder = process.env.MUTATION_FOLDER ?? "leads";

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts", related: false, pool: "forks" },
  mutate: [`server/${folder}/**/*.ts`, "!**/*.test.ts"],
  coverageAnalysis: "perTest",
  // Static mutants (module-level constants) run every test for each one; they are reported as ignored.
  ignoreStatic: true,
  // At 2 runners the cores sat idle while the tests waited on sockets and timers; at 3 both stay busy, so
  // more would not help (docs/testing.md has what vmstat showed).
  concurrency: 3,
  // Stryker's own limit (1.5 times the covering tests' time plus this) must leave room for a run's start-up on a
  // busy machine: at 3 s, runs that were merely slow were reported as timeouts (counted as detected) and each
  // restarted its runner. A test that hangs is failed sooner by the folder's testTimeout (vitest.mutation.config.ts).
  timeoutMS: 10_000,
  reporters: ["clear-text", "progress-append-only", "html", "json"],
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  htmlReporter: { fileName: `reports/mutation/${folder}.html` },
  jsonReporter: { fileName: `reports/mutation/${folder}.json` },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
