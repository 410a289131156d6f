import { defineConfig } from 'vitest/config';

/**
 * The test files of a mutation run (stryker.config.mjs sets STRYKER_VITEST_INCLUDE from MODULE / MUTATION_TESTS):
 * only the mutated module's own tests, not the whole suite.
 */
const include = process.env.STRYKER_VITEST_INCLUDE
  ? (JSON.parse(process.env.STRYKER_VITEST_INCLUDE) as string[])
  : ['src/**/*.test.ts', 'test/**/*.test.ts'];

export default defineConfig({
  test: {
    include,
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
