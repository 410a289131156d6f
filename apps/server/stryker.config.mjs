/**
 * StrykerJS over the server's modules (issue 22 #5): `npm run mutation:server` (root or apps/server).
 *
 * The machine this runs on is small, so everything is scoped:
 * - MODULE=tables|payments|orders|menu|staff|bookings|users picks the module to mutate (default: all seven) and,
 *   unless MUTATION_TESTS says otherwise, only that module's own test files run (every route test boots the whole
 *   app, so Vitest's "related" would pull in the entire suite);
 * - `-- --mutate 'src/modules/tables/tables.repository.ts:148-176'` narrows to files or line ranges;
 * - MUTATION_TESTS='src/modules/payments/payments.routes.test.ts,…' picks the test files (globs, comma separated);
 * - the tests run on SQLite only (TEST_DATABASE_URL pointed at a closed port, so the PostgreSQL suites skip).
 *   MUTATION_DATABASE=postgres keeps TEST_DATABASE_URL and runs both databases: needed for the PostgreSQL-only
 *   paths (the batched session lookup `readSessionsPg`, the PostgreSQL group commit), about twice as slow.
 * - incremental: the results are kept in stryker-incremental/<scope>.json, tracked in git (a few hundred kB to a
 *   few MB per module), so a rerun — in this session or the next, on any machine — tests only the mutants whose
 *   code or covering tests changed (`-- --force` tests them all again). Commit the file with the tests it measured.
 * - MUTATION_IGNORE_STATIC=1 leaves static mutants (code run once, when a file is loaded: text tables, route schemas,
 *   module constants) out as "Ignored": each of them runs every test of the scope in a fresh runner, about 70 % of a
 *   module's time for a third of its mutants. The incremental file does not reuse an Ignored result, so a later run
 *   without the flag tests exactly those. A score from such a run is a score of the non-static mutants: say so.
 * One runner process (concurrency 1): two cores shared by many. Each scope has its own sandbox folder
 * (.stryker-tmp-<scope>), so two scopes can run at once (one runner each).
 */
const MODULES = ['orders', 'payments', 'tables', 'menu', 'staff', 'bookings', 'users'];

const moduleName = process.env.MODULE ?? '';
if (moduleName && !MODULES.includes(moduleName)) {
  throw new Error(`MODULE=${moduleName}: expected one of ${MODULES.join(', ')}`);
}
const modules = moduleName ? [moduleName] : MODULES;

// Not production code of the modules: tests, fixtures, development and test tools.
const EXCLUDED = ['!src/**/*.test.ts', '!src/**/*.fixtures.ts', '!src/**/sse-client.fixtures.ts'];
// The payment simulator (src/dev) and the print agent's CLI are outside the seven modules' globs.

const testFiles = process.env.MUTATION_TESTS
  ? process.env.MUTATION_TESTS.split(',').map((s) => s.trim())
  : modules.map((m) => `src/modules/${m}/**/*.test.ts`);

if (process.env.MUTATION_DATABASE !== 'postgres') {
  // Read by test/harness.ts in the runner processes Stryker starts from this one: a closed port, refused at once.
  process.env.TEST_DATABASE_URL = 'postgres://127.0.0.1:1/mutation-sqlite-only';
}
process.env.STRYKER_VITEST_INCLUDE = JSON.stringify(testFiles);

const scope = `${moduleName || 'all'}${process.env.MUTATION_DATABASE === 'postgres' ? '-postgres' : ''}`;

export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.ts', related: false },
  mutate: [...modules.map((m) => `src/modules/${m}/**/*.ts`), ...EXCLUDED],
  checkers: [],
  coverageAnalysis: 'perTest',
  concurrency: 1,
  timeoutMS: 20000,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `reports/mutation/server-${scope}.json` },
  // One sandbox folder per scope, at the same depth as the project (the tsconfig paths are relative), and none of
  // them copied into another's sandbox: two scopes may run side by side.
  tempDirName: `.stryker-tmp-${scope}`,
  ignorePatterns: ['/.stryker-tmp*', '/reports', '/.cache', '/stryker-incremental'],
  cleanTempDir: true,
  thresholds: { high: 90, low: 80, break: null },
  ignoreStatic: process.env.MUTATION_IGNORE_STATIC === '1',
  incremental: true,
  // Tracked (see above): the next session starts from these results, not from zero.
  incrementalFile: `stryker-incremental/${scope}.json`,
};
