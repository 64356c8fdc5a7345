// @ts-check
/**
 * Mutation testing of the row-level security, member-level hiding, name resolution and identity code
 * (`npm run mutate`; docs/security-testing.md). Not part of `npm test`: one run takes tens of minutes here.
 * The files mutated and the tests that must kill their mutants are listed in test/mutation/targets.mjs.
 */
import { selected } from './test/mutation/targets.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: selected().mutate,
  testRunner: 'jest',
  jest: { projectType: 'custom', configFile: 'test/mutation/jest.config.mjs', enableFindRelatedTests: false },
  // The suite is ESM (esbuild transform), which jest runs only under Node's VM modules.
  testRunnerNodeArgs: ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning'],
  // Every mutant runs all of its group's tests, none skipped as "not covered". Per-test coverage ('perTest') picked
  // the wrong tests here under jest's VM modules, and even whole-run coverage ('all') reported lines the identity
  // tests run as "not covered" (docs/security-testing.md, "Scores"). Groups are kept small instead.
  coverageAnalysis: 'off',
  // Only possible with 'perTest'; module-level constants (regexes, lists) are mutated and scored too.
  ignoreStatic: false,
  // Later runs re-test only mutants whose code or covering tests changed.
  incremental: true,
  incrementalFile: `reports/stryker-incremental-${process.env.MUTATION_GROUP ?? 'all'}.json`,
  concurrency: 2,
  // A mutant "times out" after timeoutFactor x the dry run's net time + its overhead + timeoutMS. Generous on
  // purpose: on this shared 2-core machine loaded runs outlived the old 10 s + 2x, and even 30 s (a test run of 8 s
  // CPU took 47 s at a load of 20), and StrykerJS counts a timeout as a kill. Every timeout is re-checked by hand
  // (docs/security-testing.md); the README reports killed-only beside the score.
  timeoutMS: 60_000,
  timeoutFactor: 3,
  // event-recorder writes each mutant's result as it is tested: a run stopped early still leaves what it measured.
  reporters: ['clear-text', 'progress-append-only', 'json', 'html', 'event-recorder'],
  eventReporter: { baseDir: `reports/mutation/events-${process.env.MUTATION_GROUP ?? 'all'}` },
  jsonReporter: { fileName: `reports/mutation/${process.env.MUTATION_GROUP ?? 'all'}.json` },
  htmlReporter: { fileName: `reports/mutation/${process.env.MUTATION_GROUP ?? 'all'}.html` },
  // Groups running side by side: none copies another's sandbox or the reports into its own.
  ignorePatterns: ['/.stryker-tmp-*', '/reports'],
  // One sandbox directory per group, so groups may run side by side.
  tempDirName: `.stryker-tmp-${process.env.MUTATION_GROUP ?? 'all'}`,
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 80, break: null },
};
