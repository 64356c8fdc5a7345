const common = {
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': '<rootDir>/test/esbuild-transform.cjs' },
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  testEnvironment: 'node',
  // `npm run mutate` copies the repository into .stryker-tmp-* sandboxes: never run or resolve their copies.
  modulePathIgnorePatterns: ['<rootDir>/.stryker-tmp'],
  testPathIgnorePatterns: ['<rootDir>/.stryker-tmp'],
};

/**
 * Tests of pure code: no DynamoDB Local, no PostgreSQL server, no browser (DuckDB in process at most). They
 * run in the `unit` project, which has no global setup, so `npm run test:unit` is the fast loop.
 */
const unitTests = [
  '/test/agent/.*\\.test\\.ts$',
  '/test/semantic/(compiler|model-validation|stages)\\.test\\.ts$',
  '/test/web/(protocol|api)\\.test\\.ts$',
  '/test/query/(limits|scoped-policy)\\.test\\.ts$',
  '/test/foundation/(cache|config|layers|start-steps|node22)\\.test\\.ts$',
  '/test/client/types\\.test\\.ts$',
];

/** Three projects: pure units, everything that runs real components, and the CDK stack assertions. */
export default {
  // A hang detector, not a speed test (bench/ measures speed): CI runs the suite on a loaded 2-core machine,
  // where a test that takes 20 s on a quiet one can take minutes.
  testTimeout: 180_000,
  // A worker runs many test files in turn and its heap grows with each (ESM modules in vm contexts are kept): past
  // this much it is replaced between files, so the whole suite never reaches the heap limit (a run on the 2-core CI
  // machine died at file 189 of 222 with the worker at 3.3 GB).
  workerIdleMemoryLimit: '1536MB',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testRegex: unitTests,
    },
    {
      ...common,
      displayName: 'service',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      // Every test file belongs to exactly one project.
      // test/athena/ needs a real Athena workgroup: only `npm run test:athena` (jest.athena.config.js) runs it.
      testPathIgnorePatterns: [
        '<rootDir>/.stryker-tmp',
        '<rootDir>/test/stack/',
        '<rootDir>/test/athena/',
        ...unitTests,
      ],
      globalSetup: '<rootDir>/test/support/global-setup.mjs',
      globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
    },
    {
      ...common,
      displayName: 'stack',
      testMatch: ['<rootDir>/test/stack/**/*.test.ts'],
    },
  ],
};
