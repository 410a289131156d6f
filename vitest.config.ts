import { defineConfig } from 'vitest/config';

// Unit and API suites of every workspace; the browser journeys run separately (e2e/, Playwright).
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
  },
});
