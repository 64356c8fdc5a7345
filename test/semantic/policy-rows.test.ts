/**
 * Row-level policies as SQL (functions/semantic/policy.ts, policyCondition): which policies match a user, how their
 * filters combine, and what a missing, empty or null attribute does. Each expectation is the exact condition and
 * parameters, so a filter dropped, an AND turned OR or a denial turned into "all rows" fails here.
 */
import type { QueryUser } from '../../functions/semantic';
import type { PolicyDef } from '../../functions/semantic/model';
import { parseModel } from '../../functions/semantic/model';
import { policyCondition, type RowCondition, rowCondition } from '../../functions/semantic/model/policy';

const user = (over: Partial<QueryUser> = {}): QueryUser => ({
  groups: [],
  userAttributes: {},
  securityContext: {},
  ...over,
});
const north = user({
  groups: ['sales'],
  userAttributes: {
    region: 'north',
    categories: ['toys', 'grocery'],
    none: [],
    zero: 0,
    off: false,
    blank: '',
  },
  securityContext: { team: 7, tags: ['a'] },
});

/** The condition, with the parameters array it appended to (which starts with one unrelated value). */
function condition(policies: PolicyDef[] | undefined, who: QueryUser = north) {
  const params: unknown[] = ['before'];
  const result = policyCondition(policies, who, params, (member) => `t.${member}`);
  return { result, params };
}
const sql = (text: string, ...params: unknown[]): RowCondition => ({ kind: 'sql', sql: text, params });
const ALL: RowCondition = { kind: 'all' };
const NONE: RowCondition = { kind: 'none' };
const everyone = (filters: NonNullable<PolicyDef['row_level']>['filters']): PolicyDef[] => [
  { group: '*', row_level: { filters } },
];

describe('which policies apply', () => {
  test('no policies: every row; policies none of which match: no row', () => {
    expect(condition(undefined).result).toEqual(ALL);
    expect(condition([]).result).toEqual(NONE);
    expect(condition([{ group: 'managers', row_level: { allow_all: true } }]).result).toEqual(NONE);
    expect(condition([{ groups: ['managers', 'admins'] }]).result).toEqual(NONE);
  });

  test('group, groups, `*` and role match as documented', () => {
    const all = { row_level: { allow_all: true } };
    expect(condition([{ group: 'sales', ...all }]).result).toEqual(ALL);
    expect(condition([{ group: '*', ...all }], user()).result).toEqual(ALL);
    expect(condition([{ groups: ['x', 'sales'], ...all }]).result).toEqual(ALL);
    expect(condition([{ groups: ['x', '*'], ...all }], user()).result).toEqual(ALL);
    expect(condition([{ groups: [], ...all }]).result).toEqual(NONE);
    expect(condition([{ role: 'sales', ...all }]).result).toEqual(ALL);
    expect(condition([{ role: 'auditor', ...all }], user({ roles: ['auditor'] })).result).toEqual(ALL);
    expect(condition([{ role: 'auditor', ...all }]).result).toEqual(NONE);
    expect(condition([{ role: '*', ...all }], user()).result).toEqual(ALL);
    expect(condition([{ group: 'Sales', ...all }]).result).toEqual(NONE);
  });

  test('embed groups match only the embed tenant, and tenant-wide groups only tenant-wide', () => {
    const all = { row_level: { allow_all: true } };
    const scoped = user({ groups: ['analysts'], embed: { groups: ['editors'], userAttributes: {} } });
    expect(condition([{ embed_group: 'editors', ...all }], scoped).result).toEqual(ALL);
    expect(condition([{ embed_groups: ['x', 'editors'], ...all }], scoped).result).toEqual(ALL);
    expect(condition([{ embed_group: 'analysts', ...all }], scoped).result).toEqual(NONE);
    expect(condition([{ group: 'editors', ...all }], scoped).result).toEqual(NONE);
    expect(condition([{ embed_group: 'editors', ...all }], user({ groups: ['editors'] })).result).toEqual(
      NONE,
    );
    expect(condition([{ embed_group: '*', ...all }], scoped).result).toEqual(NONE);
  });

  test("a condition reads the session's embed-tenant values, and only those, as embedUserAttributes", () => {
    const all = { group: '*', row_level: { allow_all: true } };
    const when = (c: string) => [{ ...all, conditions: [{ if: c }] }];
    const scoped = user({ embed: { groups: [], userAttributes: { region: 'south' } } });
    expect(condition(when("{ embedUserAttributes.region == 'south' }"), scoped).result).toEqual(ALL);
    expect(condition(when("{ userAttributes.region == 'south' }"), scoped).result).toEqual(NONE);
    expect(condition(when("{ embedUserAttributes.region == 'north' }"), north).result).toEqual(NONE);
  });

  test('every condition must hold; a policy whose condition fails is skipped, not granted', () => {
    const all = { group: '*', row_level: { allow_all: true } };
    expect(condition([{ ...all, conditions: [{ if: '{ securityContext.team == 7 }' }] }]).result).toEqual(
      ALL,
    );
    expect(
      condition([
        { ...all, conditions: [{ if: '{ securityContext.team == 7 }' }, { if: '{ securityContext.boss }' }] },
      ]).result,
    ).toEqual(NONE);
    expect(condition([{ ...all, conditions: [{ if: false }] }]).result).toEqual(NONE);
    expect(
      condition([{ ...all, conditions: [{ if: "{ userAttributes.region == 'north' }" }] }]).result,
    ).toEqual(ALL);
    expect(condition([{ ...all, conditions: [] }]).result).toEqual(ALL);
    // A failing condition on the broad policy leaves the narrow one.
    expect(
      condition([
        { ...all, conditions: [{ if: '{ securityContext.boss }' }] },
        { group: '*', row_level: { filters: [{ member: 'region', operator: 'equals', values: ['x'] }] } },
      ]).result,
    ).toEqual(sql('(t.region = $2)', 'x'));
  });
});

describe('row_level', () => {
  test('absent, allow_all or no filters: every row; allow_all false beside filters: the filters', () => {
    expect(condition([{ group: '*' }]).result).toEqual(ALL);
    expect(condition([{ group: '*', row_level: {} }]).result).toEqual(ALL);
    expect(condition([{ group: '*', row_level: { allow_all: true } }]).result).toEqual(ALL);
    expect(
      condition([
        {
          group: '*',
          row_level: { allow_all: false, filters: [{ member: 'region', operator: 'equals', values: ['n'] }] },
        },
      ]).result,
    ).toEqual(sql('(t.region = $2)', 'n'));
    expect(
      condition([
        {
          group: '*',
          row_level: { allow_all: true, filters: [{ member: 'region', operator: 'equals', values: ['n'] }] },
        },
      ]).result,
    ).toEqual(ALL);
  });

  test('allow_all false without filters grants no row, alone or beside a filtered policy', () => {
    expect(condition([{ group: '*', row_level: { allow_all: false } }]).result).toEqual(NONE);
    expect(condition([{ group: '*', row_level: { allow_all: false, filters: [] } }]).result).toEqual(NONE);
    const { result, params } = condition([
      { group: '*', row_level: { allow_all: false } },
      { group: 'sales', row_level: { filters: [{ member: 'region', operator: 'equals', values: ['n'] }] } },
    ]);
    expect(result).toEqual(sql('(t.region = $2)', 'n'));
    expect(params).toEqual(['before', 'n']);
    // Another matching policy that allows every row still does.
    expect(
      condition([
        { group: '*', row_level: { allow_all: false } },
        { group: 'sales', row_level: { allow_all: true } },
      ]).result,
    ).toEqual(ALL);
  });

  test('filters of one policy AND, policies OR, parameters numbered after those already bound', () => {
    const { result, params } = condition([
      {
        group: 'sales',
        row_level: {
          filters: [
            { member: 'region', operator: 'equals', values: ['{ userAttributes.region }'] },
            { member: 'amount', operator: 'gte', values: [10] },
          ],
        },
      },
      { group: '*', row_level: { filters: [{ member: 'category', operator: 'equals', values: ['toys'] }] } },
      { group: 'nobody', row_level: { allow_all: true } },
    ]);
    expect(result).toEqual(
      sql('(t.region = $2 AND t.amount >= $3) OR (t.category = $4)', 'north', 10, 'toys'),
    );
    expect(params).toEqual(['before', 'north', 10, 'toys']);
  });

  test('a matching allow_all policy beside filtered ones: every row, and no parameter left bound', () => {
    for (const order of [0, 1]) {
      const policies: PolicyDef[] = [
        { group: '*', row_level: { filters: [{ member: 'region', operator: 'equals', values: ['n'] }] } },
        { group: 'sales', row_level: { allow_all: true } },
      ];
      if (order) policies.reverse();
      const { result, params } = condition(policies);
      expect(result).toEqual(ALL);
      expect(params).toEqual(['before']);
    }
  });

  test('a policy all of whose filters are skipped grants every row, dropping the bound parameters', () => {
    const { result, params } = condition([
      { group: '*', row_level: { filters: [{ member: 'region', operator: 'equals', values: ['n'] }] } },
      {
        group: '*',
        row_level: {
          filters: [
            {
              member: 'region',
              operator: 'equals',
              values: ['{ userAttributes.gone }'],
              if_missing: 'allow',
            },
          ],
        },
      },
    ]);
    expect(result).toEqual(ALL);
    expect(params).toEqual(['before']);
  });
});

describe('attribute values', () => {
  const filter = (values: (string | number | boolean)[], extra: { if_missing?: 'allow' | 'deny' } = {}) =>
    everyone([{ member: 'region', operator: 'equals', values, ...extra }]);

  test('a template reads its source; anything else is a literal', () => {
    expect(condition(filter(['{ userAttributes.region }'])).result).toEqual(sql('(t.region = $2)', 'north'));
    expect(condition(filter(['{userAttributes.region}'])).result).toEqual(sql('(t.region = $2)', 'north'));
    expect(condition(filter(['{ securityContext.team }'])).result).toEqual(sql('(t.region = $2)', 7));
    expect(condition(filter(['{ userAttributes.region } '])).result).toEqual(
      sql('(t.region = $2)', '{ userAttributes.region } '),
    );
    expect(condition(filter([' { userAttributes.region }'])).result).toEqual(
      sql('(t.region = $2)', ' { userAttributes.region }'),
    );
    expect(condition(filter(['{ other.region }'])).result).toEqual(
      sql('(t.region = $2)', '{ other.region }'),
    );
    expect(condition(filter([3, true])).result).toEqual(sql('(t.region IN ($2, $3))', 3, true));
    const scoped = user({
      userAttributes: { region: 'tenant' },
      embed: { groups: [], userAttributes: { region: 'embed' } },
    });
    expect(condition(filter(['{ embedUserAttributes.region }']), scoped).result).toEqual(
      sql('(t.region = $2)', 'embed'),
    );
    expect(
      condition(filter(['{ embedUserAttributes.region }']), user({ userAttributes: { region: 'x' } })).result,
    ).toEqual(NONE);
  });

  test('a list attribute is every value; falsy values are values', () => {
    expect(condition(filter(['{ userAttributes.categories }'])).result).toEqual(
      sql('(t.region IN ($2, $3))', 'toys', 'grocery'),
    );
    expect(condition(filter(['{ userAttributes.zero }'])).result).toEqual(sql('(t.region = $2)', 0));
    expect(condition(filter(['{ userAttributes.off }'])).result).toEqual(sql('(t.region = $2)', false));
    expect(condition(filter(['{ userAttributes.blank }'])).result).toEqual(sql('(t.region = $2)', ''));
  });

  test('missing, null or inherited: no rows by default, the filter skipped with if_missing allow', () => {
    const nulls = user({ securityContext: { region: null } });
    for (const value of [
      '{ userAttributes.gone }',
      '{ userAttributes.constructor }',
      '{ userAttributes.toString }',
    ]) {
      expect(condition(filter([value])).result).toEqual(NONE);
      expect(condition(filter([value], { if_missing: 'deny' })).result).toEqual(NONE);
      expect(condition(filter([value], { if_missing: 'allow' })).result).toEqual(ALL);
    }
    expect(condition(filter(['{ securityContext.region }']), nulls).result).toEqual(NONE);
    expect(condition(filter(['{ securityContext.region }'], { if_missing: 'allow' }), nulls).result).toEqual(
      ALL,
    );
    // One missing value of several denies the filter, even beside values that are present.
    expect(condition(filter(['n', '{ userAttributes.gone }'])).result).toEqual(NONE);
  });

  test('an empty list is not a missing value: no rows for equals even with if_missing allow', () => {
    expect(condition(filter(['{ userAttributes.none }'])).result).toEqual(NONE);
    expect(condition(filter(['{ userAttributes.none }'], { if_missing: 'allow' })).result).toEqual(NONE);
    const op = (operator: 'notEquals' | 'contains' | 'gte' | 'lt' | 'startsWith') =>
      condition(everyone([{ member: 'region', operator, values: ['{ userAttributes.none }'] }])).result;
    // notEquals nothing excludes nothing; every other operator over no values holds for no row.
    expect(op('notEquals')).toEqual(ALL);
    expect(op('contains')).toEqual(NONE);
    expect(op('gte')).toEqual(NONE);
    expect(op('lt')).toEqual(NONE);
    expect(op('startsWith')).toEqual(NONE);
    expect(condition(everyone([{ member: 'region', operator: 'equals', values: [] }])).result).toEqual(NONE);
    expect(condition(everyone([{ member: 'region', operator: 'equals' }])).result).toEqual(NONE);
  });

  test('set and notSet need no values', () => {
    expect(condition(everyone([{ member: 'region', operator: 'set' }])).result).toEqual(
      sql('(t.region IS NOT NULL)'),
    );
    expect(condition(everyone([{ member: 'region', operator: 'notSet' }])).result).toEqual(
      sql('(t.region IS NULL)'),
    );
  });
});

describe('nested and / or', () => {
  const eq = (member: string, value: string, if_missing?: 'allow') => ({
    member,
    operator: 'equals' as const,
    values: [value],
    ...(if_missing ? { if_missing } : {}),
  });
  const gone = '{ userAttributes.gone }';

  test('groups of several parts are bracketed; a group of one is its part', () => {
    expect(condition(everyone([{ or: [eq('a', 'x'), eq('b', 'y')] }])).result).toEqual(
      sql('(((t.a = $2) OR (t.b = $3)))', 'x', 'y'),
    );
    expect(condition(everyone([{ and: [eq('a', 'x'), eq('b', 'y')] }])).result).toEqual(
      sql('(((t.a = $2) AND (t.b = $3)))', 'x', 'y'),
    );
    expect(condition(everyone([{ or: [eq('a', 'x')] }, eq('b', 'y')])).result).toEqual(
      sql('(t.a = $2 AND t.b = $3)', 'x', 'y'),
    );
    expect(
      condition(everyone([{ and: [{ or: [eq('a', 'x'), eq('b', 'y')] }, eq('c', 'z')] }])).result,
    ).toEqual(sql('(((((t.a = $2) OR (t.b = $3))) AND (t.c = $4)))', 'x', 'y', 'z'));
  });

  test('or: a part with a missing attribute holds for no row, so the group is its other parts', () => {
    const { result, params } = condition(everyone([{ or: [eq('a', gone), eq('b', 'y')] }]));
    expect(result).toEqual(sql('(t.b = $2)', 'y'));
    expect(params).toEqual(['before', 'y']);
    expect(condition(everyone([{ or: [eq('a', gone), eq('b', gone)] }])).result).toEqual(NONE);
    expect(
      condition(everyone([{ or: [eq('a', gone), { and: [eq('b', gone), eq('c', 'z')] }] }])).result,
    ).toEqual(NONE);
  });

  test('and: a part with a missing attribute denies the whole group and its policy', () => {
    for (const parts of [
      [eq('a', gone), eq('b', 'y')],
      [eq('b', 'y'), eq('a', gone)],
      [eq('b', 'y'), { or: [eq('a', gone), eq('c', gone)] }],
    ]) {
      const { result, params } = condition(everyone([{ and: parts }]));
      expect(result).toEqual(NONE);
      expect(params).toEqual(['before']);
    }
    // Beside a second policy, the denied one adds nothing and leaves no parameter behind.
    const { result, params } = condition([
      ...everyone([eq('x', 'kept-before'), { and: [eq('b', 'y'), eq('a', gone)] }]),
      ...everyone([eq('c', 'z')]),
    ]);
    expect(result).toEqual(sql('(t.c = $2)', 'z'));
    expect(params).toEqual(['before', 'z']);
  });

  test('a skipped part (if_missing allow) decides an or group and drops its parameters, and vanishes from an and', () => {
    const or = condition(everyone([{ or: [eq('a', 'x'), eq('b', gone, 'allow')] }, eq('c', 'z')]));
    expect(or.result).toEqual(sql('(t.c = $2)', 'z'));
    expect(or.params).toEqual(['before', 'z']);
    expect(condition(everyone([{ or: [eq('b', gone, 'allow'), eq('a', 'x')] }])).result).toEqual(ALL);
    expect(condition(everyone([{ and: [eq('a', 'x'), eq('b', gone, 'allow')] }])).result).toEqual(
      sql('(t.a = $2)', 'x'),
    );
    expect(condition(everyone([{ and: [eq('b', gone, 'allow')] }])).result).toEqual(ALL);
  });
});

describe('rowCondition', () => {
  test("reads the cube's own policies over its alias", () => {
    const model = parseModel([
      {
        path: 'c.yml',
        content: `cubes:
  - name: shops
    sql_table: shops
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: region, sql: "{CUBE}.area", type: string }
    access_policy:
      - group: "*"
        row_level:
          filters:
            - { member: region, operator: equals, values: ["{ userAttributes.region }"] }
  - name: open
    sql_table: open
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
`,
      },
    ]);
    const shops = model.cubes.get('shops');
    const open = model.cubes.get('open');
    if (!shops || !open) throw new Error('model');
    const params: unknown[] = [];
    const seen: string[] = [];
    const result = rowCondition(shops, 's1', north, params, (cube, member, alias) => {
      seen.push(`${cube.name}.${member}@${alias}`);
      return `${alias}.${member}`;
    });
    expect(result).toEqual(sql('(s1.region = $1)', 'north'));
    expect(seen).toEqual(['shops.region@s1']);
    expect(rowCondition(open, 'o', north, [], () => 'x')).toEqual(ALL);
  });
});
