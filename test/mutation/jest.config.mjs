import { selected } from './targets.mjs';

// The seeded-engine suites query DuckDB only under mutation (test/semantic/engines.ts): a PostgreSQL and a
// ClickHouse started per mutant would take longer than the run. The jest workers inherit this process's env.
process.env.SEMANTIC_ENGINES ??= 'duckdb';

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
