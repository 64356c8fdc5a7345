/**
 * The one list `npm run mutate` reads (scripts/mutate.mjs, stryker.config.mjs, test/mutation/jest.config.mjs): the
 * security code mutated, in groups, each with the test files run against its mutants. Moving a file means editing
 * only this list. Tests here reach the code without a server of their own: DuckDB runs in process, and DynamoDB
 * Local is started once by scripts/mutate.mjs. The PostgreSQL twins (joined-policy-postgres, leak-oracle*) start a
 * server per test file, too slow to rerun per mutant; they run in `npm test`.
 */
export const GROUPS = {
  /** Policy conditions and filter operators. */
  rules: {
    mutate: ['functions/semantic/model/policy-rules.ts'],
    tests: ['test/semantic/policy-rules.test.ts', 'test/semantic/policy-rows.test.ts'],
  },
  /** Row-level conditions as SQL, member-level hiding. */
  policy: {
    mutate: ['functions/semantic/model/policy.ts'],
    tests: [
      'test/semantic/policy-rows.test.ts',
      'test/semantic/policy-members.test.ts',
      'test/semantic/joined-policy.test.ts',
      'test/query/scoped-policy.test.ts',
      'test/semantic/derived-hiding.test.ts',
      'test/semantic/derived-members.test.ts',
    ],
  },
  /** What each member is derived from: a member over a hidden one is hidden too (policy.ts applies it). */
  derived: {
    mutate: ['functions/semantic/model/derived.ts'],
    tests: [
      'test/semantic/derived-members.test.ts',
      'test/semantic/derived-hiding.test.ts',
      'test/semantic/policy-members.test.ts',
    ],
  },
  /** Securing each planned subquery: every joined cube's policy, the view's own, a sub_query's inner policy. */
  secure: {
    mutate: ['functions/semantic/sql/secure.ts'],
    tests: [
      'test/semantic/joined-policy.test.ts',
      'test/semantic/compiler.test.ts',
      'test/semantic/policy-members.test.ts',
      'test/semantic/secure-subquery.test.ts',
      'test/semantic/switch.test.ts',
      'test/semantic/secure-plans.test.ts',
    ],
  },
  /**
   * Planning each object a query reads: the cubes joined, the projected columns, calculated measures' hidden
   * columns, fan-out, switches, each in exact SQL in plan-shapes.test.ts. The seeded-engine suites
   * (model-measures, switch, cross-cube: the same shapes' rows on DuckDB) are left out: seeding their databases
   * made each mutant's run 25 s instead of 8 at a load of 20; each survivor was also run against them by hand
   * (docs/security-testing.md). stages.test.ts does not reach plan.ts.
   */
  plan: {
    mutate: ['functions/semantic/sql/plan.ts'],
    tests: [
      'test/semantic/plan-shapes.test.ts',
      'test/semantic/joined-policy.test.ts',
      'test/semantic/compiler.test.ts',
      'test/semantic/secure-subquery.test.ts',
    ],
  },
  /**
   * Scope-correct name resolution. resolve.test.ts and stages.test.ts test it directly; compiler.test.ts runs the
   * whole chain (the check stage reads the scopes). The guard corpus, joined-policy and policy-members killed no
   * mutant these three did not (run of 2026-11-26, every failing test recorded), and cost a third of each run.
   */
  sql: {
    mutate: ['functions/semantic/sql/resolve.ts'],
    tests: [
      'test/semantic/resolve.test.ts',
      'test/semantic/stages.test.ts',
      'test/semantic/compiler.test.ts',
    ],
  },
  /**
   * Who the caller is and what reaches the policies, one group per file (each reruns alone in incremental mode).
   * Their tests read and write users: scripts/mutate.mjs starts DynamoDB Local for them. Timed under the mutation
   * project on a quiet machine (2026-11-26): identity-context 2.3 s, identity 0.9 s, identity-sources 1.5 s,
   * scoped-policy 0.8 s (jest's start adds about 2 s per run). identity.ts and ensure-user.ts are reached by the
   * three identity files; query-context.ts is pure, and only identity-context and scoped-policy assert its output.
   */
  identity: {
    dynamodb: true,
    mutate: ['functions/access/identity.ts'],
    tests: [
      'test/query/identity-sources.test.ts',
      'test/query/identity-context.test.ts',
      'test/query/identity.test.ts',
    ],
  },
  /** The only writer among the identity steps: what an admin key stores, what a member key may repeat. */
  ensureUser: {
    dynamodb: true,
    mutate: ['functions/access/ensure-user.ts'],
    tests: [
      'test/query/identity-context.test.ts',
      'test/query/identity.test.ts',
      'test/query/identity-sources.test.ts',
    ],
  },
  /** The query context built from the stored user and the session. */
  queryContext: {
    dynamodb: true,
    mutate: ['functions/access/query-context.ts'],
    tests: ['test/query/identity-context.test.ts', 'test/query/scoped-policy.test.ts'],
  },
};

/** The group a run mutates (MUTATION_GROUP, set by scripts/mutate.mjs); every group when unset. */
export function selected() {
  const name = process.env.MUTATION_GROUP;
  const groups = name ? [GROUPS[name]] : Object.values(GROUPS);
  if (groups.some((g) => g === undefined)) throw new Error(`Unknown MUTATION_GROUP ${name}`);
  return {
    mutate: [...new Set(groups.flatMap((g) => g.mutate))],
    tests: [...new Set(groups.flatMap((g) => g.tests))],
  };
}
