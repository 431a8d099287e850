import { configDefaults, defineConfig, mergeConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { viteBase } from "./config/vite-base.ts";

/**
 * The tests Stryker runs against one folder's mutants (stryker.config.mjs, MUTATION_FOLDER): that folder's own
 * suite. Coverage per test tells Stryker which of them to run for a mutant, so only tests that run the code in
 * this process can kill one (test-support/in-process-server.ts).
 */
const folder = process.env.MUTATION_FOLDER ?? "leads";
/** While writing a test: MUTATION_TESTS=<file> runs only that file against the mutants (stryker --mutate <src>). */
const only = process.env.MUTATION_TESTS;
/**
 * Left out: the CLI's backup and restore end to end. Its work runs in child processes (a server, the CLI),
 * which Stryker cannot see; what it checks in this process (reading the restored leads back) the store's own
 * tests check; and its set-up takes seconds. With it, a set-up slowed by the other runners timed out and
 * counted as a kill, of mutants that nothing else kills too (docs/testing.md). backup-files.test.ts tests
 * backup.ts in process.
 */
const LEFT_OUT = ["server/store/backup.test.ts"];
/**
 * Three times the slowest test of each folder run alone (docs/testing.md has their times): the store's
 * busy-database wait, the relay's kill -9 test (its graceful stop takes a 1 s grace), the hostile clients'
 * SIGTERM test.
 */
const TIMEOUT_MS =
  ({ leads: 10_000, relay: 7_000, store: 6_000 } as Record<string, number>)[folder] ?? 15_000;

/**
 * Stryker stops a mutant's run at its first failing test (bail 1), so the files most likely to fail and quickest
 * to run go first: a file that failed on the last run, then the quickest. Vitest's own order runs the longest
 * first (right for parallel workers, but Stryker runs one file at a time), which put the store's CLI backup
 * tests before the store tests that kill most of its mutants in milliseconds.
 */
class FailedThenQuickest extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Never run yet: first, so its time is known from then on; then failed last time; then the quickest.
    const rank = new Map(
      files.map((file): [TestSpecification, [number, number]] => {
        const result = this.ctx.cache.getTestSpecificationResult(file);
        return [file, result ? [result.failed ? 1 : 2, result.duration] : [0, 0]];
      }),
    );
    return [...files].sort((a, b) => {
      const [groupA, timeA] = rank.get(a) ?? [0, 0];
      const [groupB, timeB] = rank.get(b) ?? [0, 0];
      return groupA - groupB || timeA - timeB;
    });
  }
}

export default mergeConfig(
  viteBase({}),
  defineConfig({
    test: {
      environment: "node",
      include: only ? [only] : [`server/${folder}/**/*.test.ts`],
      exclude: [...configDefaults.exclude, ...LEFT_OUT],
      retry: 0,
      sequence: { sequencer: FailedThenQuickest },
      // Three times the folder's slowest test run alone (TIMEOUT_MS): a mutant that hangs a test or a hook fails it
      // here, and Stryker stops at that first failure, instead of waiting out its own timeout (1.5 times the
      // covering tests' whole time plus timeoutMS: long for a store mutant every test covers) and restarting
      // the runner.
      testTimeout: TIMEOUT_MS,
      hookTimeout: TIMEOUT_MS,
    },
  }),
);
