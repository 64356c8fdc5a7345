/**
 * The live Athena suite alone (`npm run test:athena`): it needs AWS credentials, ATHENA_WORKGROUP and
 * ATHENA_DATABASE, so neither `npm test` nor CI selects it (jest.config.js leaves test/athena/ out).
 */
export default {
  testTimeout: 180_000,
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': '<rootDir>/test/esbuild-transform.cjs' },
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/athena/**/*.test.ts'],
};
