import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// CI sets SVC_VITEST_JSON to a file path to get vitest's JSON report (for its "N passed, N failed" line) while
// running exactly `npm test`.
const jsonReport = process.env['SVC_VITEST_JSON'];
// SVC_TEST_CPU names a file to get one line per test file with its wall and CPU time (test/setup/cpu-probe.ts).
const cpuReport = process.env['SVC_TEST_CPU'];

// Test files that replace a module (vi.mock) need a module registry of their own: they run isolated. Every other
// file shares its worker's modules with the files before it, so typescript, prettier, ts-morph and the generator are
// loaded once per worker instead of once per file (most of the suite's import time). A file added here runs as before.
const ISOLATED = ['test/mock/simulator-large-file.test.ts'];

const INCLUDE = ['test/**/*.test.ts'];
// The corpus of real WSDLs (test/import/corpus.test.ts, about 100 s of CPU; test/import/left-out-corpus.test.ts, which
// imports every WSDL, about 15 s) is the second suite, `npm run test:interop`, which sets SVC_CORPUS: `npm test` stays
// within its three minutes.
const CORPUS = process.env['SVC_CORPUS'] ? [] : ['test/import/corpus.test.ts', 'test/import/left-out-corpus.test.ts'];
// Tests against real servers from Debian's packages (nginx, a forward proxy, Mono, an NTLM verifier), which install
// and start what they need: also the second suite (SVC_NETWORK), so that `npm test` needs nothing but Node.
const NETWORK = process.env['SVC_NETWORK'] ? [] : ['test/network/**'];
const EXCLUDE = ['**/node_modules/**', 'test/bench/**', ...CORPUS, ...NETWORK];

export default defineConfig({
  test: {
    ...(jsonReport ? { reporters: ['default', 'json'], outputFile: { json: jsonReport } } : {}),
    // Type-checking and generating fixtures can take a few seconds on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest's default on 2 cores is one worker; much of the suite waits on child processes (npm pack and install,
    // the packed CLI), sockets and the disk, which a worker more than the cores overlaps: on an idle 2-core machine
    // three workers ran the suite in 164 s where two took 181 s.
    maxWorkers: Math.max(3, availableParallelism() + 1),
    // Compiles the command lines tests start as child processes, once (test/setup/compile-entries.ts).
    globalSetup: ['test/setup/compile-entries.ts'],
    ...(cpuReport ? { setupFiles: ['test/setup/cpu-probe.ts'] } : {}),
    projects: [
      { extends: true, test: { name: 'shared', include: INCLUDE, exclude: [...EXCLUDE, ...ISOLATED], isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED, exclude: EXCLUDE } },
    ],
  },
});
