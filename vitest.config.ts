import { defineConfig } from 'vitest/config';

// CI sets SVC_VITEST_JSON to a file path to get vitest's JSON report (for its "N passed, N failed" line) while
// running exactly `npm test`.
const jsonReport = process.env['SVC_VITEST_JSON'];

export default defineConfig({
  test: {
    ...(jsonReport ? { reporters: ['default', 'json'], outputFile: { json: jsonReport } } : {}),
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'test/bench/**'],
    // Type-checking and generating fixtures can take a few seconds on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
