/**
 * The one list `npm run mutate` reads (stryker.config.mjs, test/mutation/jest.config.mjs): the security code
 * mutated, and the test files run against its mutants. Moving a file means editing only this list.
 */
export const MUTATED = [
  'functions/semantic/policy.ts',
  'functions/semantic/policy-rules.ts',
  'functions/semantic/derived.ts',
  'functions/semantic/sql/secure.ts',
  'functions/semantic/sql/resolve.ts',
  'functions/access/identity.ts',
];

/**
 * Tests that reach that code without a server of their own (DuckDB runs in process; DynamoDB Local is started
 * once by scripts/mutate.mjs). The PostgreSQL twins of these tests start a server per file, too slow per mutant.
 */
export const TESTS = [
  'test/semantic/policy-rules.test.ts',
  'test/semantic/policy-rows.test.ts',
  'test/semantic/joined-policy.test.ts',
  'test/semantic/policy-members.test.ts',
  'test/semantic/compiler.test.ts',
  'test/semantic/model-validation.test.ts',
  'test/semantic/derived-hiding.test.ts',
  'test/query/scoped-policy.test.ts',
  'test/query/identity.test.ts',
  'test/query/identity-context.test.ts',
];
