const common = {
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': '<rootDir>/test/esbuild-transform.cjs' },
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  testEnvironment: 'node',
};

/** Two projects: everything that runs real components, and the CDK stack assertions. */
export default {
  testTimeout: 60_000,
  projects: [
    {
      ...common,
      displayName: 'service',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      testPathIgnorePatterns: ['<rootDir>/test/stack/'],
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
