import { selected } from './targets.mjs';

/** The jest project Stryker runs (stryker.config.mjs): only the tests listed in targets.mjs, no global setup. */
export default {
  rootDir: '../..',
  testTimeout: 60_000,
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': '<rootDir>/test/esbuild-transform.cjs' },
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  testEnvironment: 'node',
  // Only the code and tests the run needs are crawled (jest maps the roots before every mutant's run).
  roots: ['<rootDir>/test', '<rootDir>/functions', '<rootDir>/models'],
  testRegex: selected().tests.map((file) => `/${file.replace(/\./g, '\\.')}$`),
};
