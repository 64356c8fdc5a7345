import { TESTS } from './targets.mjs';

/** The jest project Stryker runs (stryker.config.mjs): only the tests listed in targets.mjs, no global setup. */
export default {
  rootDir: '../..',
  testTimeout: 60_000,
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': '<rootDir>/test/esbuild-transform.cjs' },
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  testEnvironment: 'node',
  testRegex: TESTS.map((file) => `/${file.replace(/\./g, '\\.')}$`),
};
