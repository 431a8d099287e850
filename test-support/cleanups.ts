import { afterEach } from "vitest";

/**
 * What a test sets up and must take down again (a server stopped, a store closed, a database dropped): push
 * each step as the test sets up; after each test they run newest first, so nothing outlives what it uses.
 */
export function cleanupsAfterEach(): (() => unknown)[] {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return cleanups;
}
