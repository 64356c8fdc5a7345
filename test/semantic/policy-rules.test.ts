/**
 * The condition evaluator and the filter operators of access policies (functions/semantic/policy-rules.ts), table
 * by table: each row is what a security reviewer would check by hand. A condition that holds where it should not
 * grants a policy (and its rows or members) to a user it was not written for.
 */
import {
  conditionHolds,
  conditionSchema,
  leafFilters,
  type MemberFilter,
  operatorSql,
  parseCondition,
  readPath,
  rowFilterSchema,
  type Sources,
  valueCount,
} from '../../functions/semantic/model/policy-rules';

const sources: Sources = {
  securityContext: {
    n: 5,
    zero: 0,
    negative: -1,
    empty: '',
    f: false,
    t: true,
    s: 'b',
    upper: 'B',
    quoted: "it's",
    list: ['a', 'b'],
    numbers: [1, 2],
    none: [],
    nul: null,
    nested: { x: { y: 3 }, nul: null },
    objectList: [{ a: 1 }],
  },
  userAttributes: { region: 'north', level: 2 },
  embedUserAttributes: { region: 'south' },
};

/** [condition, whether it holds for `sources`]. */
const CASES: [string | boolean, boolean][] = [
  // Literal booleans, as YAML writes them (`if: true`) and inside braces.
  [true, true],
  [false, false],
  ['{ true }', true],
  ['{ True }', true],
  ['{ false }', false],
  ['{ False }', false],
  ['{ null }', false],
  ['{ None }', false],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: Cube's `${ }` condition syntax, not a template.
  ['${ true }', true],
  ['{ true   }', true],
  // Strings that spell syntax are strings: no keyword, bracket or operator is read from a quoted literal.
  ["{ 'not' }", true],
  ["{ 'false' }", true],
  ["{ '(' }", true],
  ["{ '[' }", true],
  ["{ securityContext.s == 'and' }", false],
  // Truthiness: Python's and JavaScript's falsy values are false, an empty list too.
  ['{ securityContext.n }', true],
  ['{ securityContext.negative }', true],
  ['{ securityContext.zero }', false],
  ['{ securityContext.empty }', false],
  ['{ securityContext.f }', false],
  ['{ securityContext.t }', true],
  ['{ securityContext.s }', true],
  ['{ securityContext.list }', true],
  ['{ securityContext.none }', false],
  ['{ securityContext.nul }', false],
  ['{ securityContext.nested }', true],
  ['{ 0 }', false],
  ['{ 1 }', true],
  ["{ '' }", false],
  ["{ 'x' }", true],
  ['{ [] }', false],
  ['{ [0] }', true],
  // A missing value is false, and so is every comparison that orders it.
  ['{ securityContext.missing }', false],
  ['{ securityContext.missing >= 0 }', false],
  ['{ 10 > securityContext.missing }', false],
  ['{ securityContext.missing <= 5 }', false],
  ['{ securityContext.missing < 5 }', false],
  ["{ securityContext.missing >= '' }", false],
  ['{ securityContext.nul >= 0 }', false],
  ['{ securityContext.missing == null }', true],
  ['{ securityContext.nul == None }', true],
  ['{ securityContext.missing != null }', false],
  ['{ securityContext.missing == 0 }', false],
  // Unlike Python, a missing value compared with anything but null does not hold, `!=` included.
  ['{ securityContext.missing != 0 }', false],
  // Two absent values (an org id against an org id) never make a condition hold.
  ['{ securityContext.missing == securityContext.other }', false],
  ['{ securityContext.missing != securityContext.other }', false],
  ['{ securityContext.missing != securityContext.n }', false],
  ['{ securityContext.nested.missing.deeper }', false],
  // not / !
  ['{ not securityContext.zero }', true],
  ['{ not securityContext.missing }', true],
  ['{ !securityContext.n }', false],
  ['{ !!securityContext.n }', true],
  ['{ not not securityContext.none }', false],
  ['{ not securityContext.n == 5 }', false],
  // `not` binds looser than a comparison (Python, Cube's YAML), `!` tighter (JavaScript).
  ['{ not securityContext.n == 4 }', true],
  ["{ not securityContext.s in ['a', 'c'] }", true],
  ["{ not securityContext.s in ['b'] }", false],
  ["{ not securityContext.missing in ['b'] }", true],
  ['{ not securityContext.n == 4 and securityContext.zero }', false],
  ['{ not securityContext.t or securityContext.t }', true],
  ['{ !securityContext.n == 4 }', false],
  ['{ !securityContext.zero == true }', true],
  // Equality is strict: no number/string coercion.
  ['{ securityContext.n == 5 }', true],
  ['{ securityContext.n === 5 }', true],
  ["{ securityContext.n == '5' }", false],
  ['{ securityContext.n == 4 }', false],
  ['{ securityContext.n != 5 }', false],
  ['{ securityContext.n !== 4 }', true],
  ["{ securityContext.n != '5' }", true],
  ["{ securityContext.s == 'b' }", true],
  ['{ securityContext.s == "b" }', true],
  ["{ securityContext.upper == 'b' }", false],
  ["{ securityContext.quoted == 'it\\'s' }", true],
  ['{ securityContext.t == true }', true],
  ['{ securityContext.f == false }', true],
  ['{ securityContext.zero == false }', false],
  ['{ securityContext.nested.x.y == 3 }', true],
  // Ordering: `<` is not `<=`, `>` is not `>=`, at and around the boundary.
  ['{ securityContext.n > 5 }', false],
  ['{ securityContext.n >= 5 }', true],
  ['{ securityContext.n < 5 }', false],
  ['{ securityContext.n <= 5 }', true],
  ['{ securityContext.n > 4 }', true],
  ['{ securityContext.n >= 6 }', false],
  ['{ securityContext.n < 6 }', true],
  ['{ securityContext.n <= 4 }', false],
  ['{ securityContext.n > 4.5 }', true],
  ['{ securityContext.n < 5.5 }', true],
  ["{ securityContext.s > 'a' }", true],
  ["{ securityContext.s >= 'b' }", true],
  ["{ securityContext.s < 'b' }", false],
  ["{ securityContext.s <= 'a' }", false],
  // Ordering across types is false both ways (no coercion of '10' to 10 nor of true to 1).
  ["{ securityContext.n > '1' }", false],
  ["{ securityContext.n < '9' }", false],
  ["{ '9' > securityContext.n }", false],
  ['{ securityContext.t > 0 }', false],
  ['{ securityContext.t >= 1 }', false],
  ['{ securityContext.list > 0 }', false],
  ['{ securityContext.nul <= 0 }', false],
  // `in` needs a list on the right; anything else (a string, a missing value, an empty list) holds nothing.
  ["{ securityContext.s in ['a', 'b'] }", true],
  ["{ securityContext.s in ['a', 'c'] }", false],
  ["{ 'a' in securityContext.list }", true],
  ["{ 'c' in securityContext.list }", false],
  ["{ 'a' in securityContext.none }", false],
  ["{ 'a' in [] }", false],
  ["{ 'b' in securityContext.s }", false],
  ["{ 'a' in securityContext.missing }", false],
  ['{ securityContext.missing in securityContext.list }', false],
  ['{ securityContext.missing in [null] }', false],
  ['{ securityContext.n in [5] }', true],
  ["{ securityContext.n in ['5'] }", false],
  ['{ 1 in securityContext.numbers }', true],
  ['{ 3 in securityContext.numbers }', false],
  ['{ securityContext.s in [securityContext.zero, securityContext.s] }', true],
  ['{ not (securityContext.s in []) }', true],
  // and / or (also && ||), `and` binding tighter, parentheses.
  ['{ securityContext.t and securityContext.zero }', false],
  ['{ securityContext.zero and securityContext.t }', false],
  ['{ securityContext.t && securityContext.n }', true],
  ['{ securityContext.zero or securityContext.empty }', false],
  ['{ securityContext.zero or securityContext.n }', true],
  ['{ securityContext.n || securityContext.zero }', true],
  ['{ securityContext.t or securityContext.f and securityContext.f }', true],
  ['{ (securityContext.t or securityContext.f) and securityContext.f }', false],
  ['{ securityContext.f and securityContext.f or securityContext.t }', true],
  ['{ securityContext.missing >= 0 or securityContext.missing < 0 }', false],
  ['{ securityContext.n >= 5 and securityContext.n <= 5 }', true],
  // References read own values only: nothing inherited, no walking into lists or strings.
  ['{ securityContext.constructor }', false],
  ['{ securityContext.toString }', false],
  ['{ securityContext.hasOwnProperty }', false],
  ['{ securityContext.__proto__ }', false],
  ['{ securityContext.nested.constructor }', false],
  ['{ userAttributes.constructor }', false],
  ['{ securityContext.list.length }', false],
  ['{ securityContext.s.length }', false],
  ['{ securityContext.objectList.a }', false],
  ['{ securityContext.nested.nul }', false],
  // Each source is its own: tenant-wide attributes, embed-tenant attributes, the security context.
  ["{ userAttributes.region == 'north' }", true],
  ["{ embedUserAttributes.region == 'south' }", true],
  ["{ embedUserAttributes.region == 'north' }", false],
  ['{ securityContext.region }', false],
  ['{ userAttributes.level >= 2 }', true],
  ['{ userAttributes.level > 2 }', false],
];

describe('conditionHolds', () => {
  test.each(CASES)('%p holds: %p', (condition, expected) => {
    expect(conditionHolds(condition, sources)).toBe(expected);
  });

  test('with every source empty, only literals hold', () => {
    const none: Sources = { securityContext: {}, userAttributes: {}, embedUserAttributes: {} };
    expect(conditionHolds('{ securityContext.a == userAttributes.b }', none)).toBe(false);
    expect(conditionHolds('{ securityContext.a == null }', none)).toBe(true);
    expect(conditionHolds('{ securityContext.a >= userAttributes.b }', none)).toBe(false);
    expect(conditionHolds('{ embedUserAttributes.a }', none)).toBe(false);
  });
});

describe('parseCondition refuses what is not a condition', () => {
  test.each([
    'securityContext.x',
    '{ }',
    '{ foo.bar }',
    '{ securityContext }',
    '{ securityContext. }',
    '{ securityContext.1 }',
    '{ process.exit() }',
    '{ securityContext.x; }',
    '{ securityContext.x == }',
    '{ (securityContext.x }',
    '{ securityContext.x) }',
    '{ [1 2] }',
    '{ [1, }',
    '{ securityContext.x securityContext.y }',
    '{ securityContext.x = 1 }',
    '{ securityContext.x + 1 }',
    '{ securityContext.x ? 1 : 2 }',
    '{ `x` }',
    '{ securityContext.x } and more',
    'x{ true }',
    '{ ,] }',
    "{ 'securityContext'.s }",
    "{ 'b' '==' 'b' }",
    '{ securityContext.x == not securityContext.y }',
    '{ securityContext.x not in [1] }',
  ])('%p', (text) => {
    expect(() => parseCondition(text)).toThrow(/condition/);
  });

  test('the error names the condition and what could not be read', () => {
    expect(() => parseCondition('securityContext.x')).toThrow(
      'condition "securityContext.x" must be written "{ expression }"',
    );
    expect(() => parseCondition('{ securityContext.x ; }')).toThrow(
      'condition "{ securityContext.x ; }": cannot read ";"',
    );
    expect(() => parseCondition('{ foo.bar }')).toThrow(
      'condition "{ foo.bar }" is not a supported expression',
    );
  });

  test('the model schema takes booleans and parsable strings, and reports the parser error', () => {
    expect(conditionSchema.safeParse({ if: false }).success).toBe(true);
    expect(conditionSchema.safeParse({ if: '{ securityContext.a }' }).success).toBe(true);
    const bad = conditionSchema.safeParse({ if: '{ foo }' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('condition "{ foo }" is not a supported expression');
  });

  test('trailing spaces and the $ prefix are accepted; the parse is a tree of the named parts', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Cube's `${ }` condition syntax, not a template.
    expect(parseCondition('  ${ securityContext.a.b >= 2 }  ')).toEqual({
      kind: 'binary',
      op: '>=',
      left: { kind: 'ref', source: 'securityContext', path: ['a', 'b'] },
      right: { kind: 'literal', value: 2 },
    });
    expect(parseCondition('{ securityContext.a === "x\\"y" }')).toEqual({
      kind: 'binary',
      op: '==',
      left: { kind: 'ref', source: 'securityContext', path: ['a'] },
      right: { kind: 'literal', value: 'x"y' },
    });
  });
});

describe('readPath', () => {
  test('own properties of plain objects only', () => {
    const source = { a: { b: 1, n: null }, list: [1], s: 'x' };
    expect(readPath(source, ['a', 'b'])).toBe(1);
    expect(readPath(source, ['a'])).toEqual({ b: 1, n: null });
    expect(readPath(source, ['a', 'n'])).toBeUndefined();
    expect(readPath(source, ['a', 'n', 'deeper'])).toBeUndefined();
    expect(readPath(source, ['a', 'b', 'c'])).toBeUndefined();
    expect(readPath(source, ['list', '0'])).toBeUndefined();
    expect(readPath(source, ['s', 'length'])).toBeUndefined();
    expect(readPath(source, ['constructor'])).toBeUndefined();
    expect(readPath(source, ['a', '__proto__'])).toBeUndefined();
    expect(readPath(source, [])).toBe(source);
  });
});

describe('rowFilterSchema', () => {
  test('or / and groups take one or more filters, never none', () => {
    const leaf = { member: 'a', operator: 'set' };
    for (const key of ['or', 'and']) {
      expect(rowFilterSchema.safeParse({ [key]: [leaf] }).success).toBe(true);
      expect(rowFilterSchema.safeParse({ [key]: [leaf, { [key]: [leaf, leaf] }] }).success).toBe(true);
      expect(rowFilterSchema.safeParse({ [key]: [] }).success).toBe(false);
      expect(rowFilterSchema.safeParse({ [key]: [leaf], extra: 1 }).success).toBe(false);
    }
  });
});

describe('leafFilters', () => {
  test('every member filter of nested groups, depth first, in order', () => {
    const leaf = (member: string): MemberFilter => ({ member, operator: 'set' });
    expect(
      leafFilters([
        leaf('a'),
        { or: [leaf('b'), { and: [leaf('c'), { or: [leaf('d')] }] }] },
        { and: [leaf('e')] },
      ]).map((f) => f.member),
    ).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(leafFilters(undefined)).toEqual([]);
  });
});

describe('operatorSql', () => {
  const sql = (operator: MemberFilter['operator'], values: unknown[]) => {
    const params: unknown[] = [];
    const text = operatorSql(operator, 'c', values, (v) => {
      params.push(v);
      return `$${params.length}`;
    });
    return { text, params };
  };
  const lower = (x: string) => `lower(CAST(${x} AS VARCHAR))`;

  test.each<[MemberFilter['operator'], unknown[], string]>([
    ['set', [], 'c IS NOT NULL'],
    ['notSet', [], 'c IS NULL'],
    ['equals', ['a'], 'c = $1'],
    ['equals', ['a', 'b'], 'c IN ($1, $2)'],
    ['notEquals', ['a'], 'c NOT IN ($1)'],
    ['notEquals', ['a', 'b'], 'c NOT IN ($1, $2)'],
    ['contains', ['a'], `(strpos(${lower('c')}, ${lower('$1')}) > 0)`],
    [
      'contains',
      ['a', 'b'],
      `(strpos(${lower('c')}, ${lower('$1')}) > 0 OR strpos(${lower('c')}, ${lower('$2')}) > 0)`,
    ],
    ['notContains', ['a'], `(c IS NULL OR NOT (strpos(${lower('c')}, ${lower('$1')}) > 0))`],
    ['startsWith', ['a'], `(strpos(${lower('c')}, ${lower('$1')}) = 1)`],
    ['notStartsWith', ['a'], `(c IS NULL OR NOT (strpos(${lower('c')}, ${lower('$1')}) = 1))`],
    ['endsWith', ['a'], `(right(${lower('c')}, length(${lower('$1')})) = ${lower('$1')})`],
    [
      'notEndsWith',
      ['a'],
      `(c IS NULL OR NOT (right(${lower('c')}, length(${lower('$1')})) = ${lower('$1')}))`,
    ],
    ['gt', [1], 'c > $1'],
    ['gte', [1], 'c >= $1'],
    ['lt', [1], 'c < $1'],
    ['lte', [1], 'c <= $1'],
    // Several values of an ordering operator must all hold (AND), never any one of them.
    ['gte', [1, 2], 'c >= $1 AND c >= $2'],
    ['lt', [5, 3], 'c < $1 AND c < $2'],
    [
      'inDateRange',
      ['2024-01-01', '2024-01-31'],
      '(c >= CAST($2 AS TIMESTAMP) AND c < CAST($1 AS TIMESTAMP))',
    ],
    [
      'inDateRange',
      ['2024-01-01', '2024-01-31 12:00:00'],
      '(c >= CAST($2 AS TIMESTAMP) AND c <= CAST($1 AS TIMESTAMP))',
    ],
    [
      'notInDateRange',
      ['2024-01-01', '2024-01-31'],
      'NOT (c >= CAST($2 AS TIMESTAMP) AND c < CAST($1 AS TIMESTAMP))',
    ],
    ['beforeDate', ['2024-01-01'], 'c < CAST($1 AS TIMESTAMP)'],
    ['beforeOrOnDate', ['2024-01-01'], 'c <= CAST($1 AS TIMESTAMP)'],
    ['afterDate', ['2024-01-01'], 'c > CAST($1 AS TIMESTAMP)'],
    ['afterOrOnDate', ['2024-01-01'], 'c >= CAST($1 AS TIMESTAMP)'],
  ])('%s %p', (operator, values, expected) => {
    expect(sql(operator, values).text).toBe(expected);
  });

  test('values only ever travel as parameters, in order', () => {
    expect(sql('equals', ["x' OR 1=1 --", 'y']).params).toEqual(["x' OR 1=1 --", 'y']);
    expect(sql('endsWith', ['a']).params).toEqual(['a']);
    expect(sql('set', ['ignored']).params).toEqual([]);
  });

  test('a date range ending on a date includes that whole day (the bound is the next day)', () => {
    // The upper bound is bound first ($1), then the lower one ($2).
    const bounds = (from: unknown, to: unknown) => sql('inDateRange', [from, to]).params;
    expect(bounds('2024-01-01', '2024-01-31')).toEqual(['2024-02-01', '2024-01-01']);
    expect(bounds('2024-12-01', '2024-12-31')).toEqual(['2025-01-01', '2024-12-01']);
    expect(bounds('2024-02-01', '2024-02-28')).toEqual(['2024-02-29', '2024-02-01']);
    expect(bounds('2023-02-01', '2023-02-28')).toEqual(['2023-03-01', '2023-02-01']);
    expect(sql('notInDateRange', ['2024-01-01', '2024-01-01']).params).toEqual(['2024-01-02', '2024-01-01']);
    expect(bounds('2024-01-01', '2024-01-31T10:00:00')).toEqual(['2024-01-31T10:00:00', '2024-01-01']);
    expect(bounds('2024-01-01', ' 2024-01-31')).toEqual([' 2024-01-31', '2024-01-01']);
    expect(bounds('2024-01-01', '2024-01-31x')).toEqual(['2024-01-31x', '2024-01-01']);
    expect(bounds('2024-01-01', 20240131)).toEqual([20240131, '2024-01-01']);
  });

  test('valueCount', () => {
    expect(valueCount('set')).toBe(0);
    expect(valueCount('notSet')).toBe(0);
    expect(valueCount('inDateRange')).toBe(2);
    expect(valueCount('notInDateRange')).toBe(2);
    for (const op of ['beforeDate', 'beforeOrOnDate', 'afterDate', 'afterOrOnDate'] as const)
      expect(valueCount(op)).toBe(1);
    for (const op of ['equals', 'notEquals', 'contains', 'gt', 'gte', 'lt', 'lte'] as const)
      expect(valueCount(op)).toBe('some');
  });
});
