import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  closeDrivers,
  type DataModel,
  type DataSource,
  loadModelDir,
  ModelValidationError,
  parseModel,
  type QueryResult,
  type QueryUser,
  runQuery,
  searchMeta,
} from '../../functions/semantic';
import { seedEngines, type TestEngines } from './engines';

/**
 * The loading side of Cube's YAML model (Jinja, extends, quoted tables, view includes, access policies), one
 * small fixture directory per feature under test/semantic/fixtures/, run on DuckDB and PostgreSQL against numbers
 * computed by hand. Orders: 1 north paid 100 (Ann, 2025-01-10 08:00), 2 north open 40 (Ann, 2025-01-31 23:00),
 * 3 south paid 70 (Bob, 2025-02-01 00:00), 4 south paid 25 (O'Cy, no date).
 */
const DATA = [
  'CREATE SCHEMA analytics',
  'CREATE TABLE jx_orders (id INTEGER, region VARCHAR(20), status VARCHAR(20), amount INTEGER, customer_id INTEGER, created_at TIMESTAMP)',
  "INSERT INTO jx_orders VALUES (1, 'north', 'paid', 100, 1, TIMESTAMP '2025-01-10 08:00:00'), (2, 'north', 'open', 40, 1, TIMESTAMP '2025-01-31 23:00:00'), (3, 'south', 'paid', 70, 2, TIMESTAMP '2025-02-01 00:00:00'), (4, 'south', 'paid', 25, 3, NULL)",
  'CREATE TABLE analytics.customers (id INTEGER, name VARCHAR(20), tier VARCHAR(20))',
  "INSERT INTO analytics.customers VALUES (1, 'Ann', 'gold'), (2, 'Bob', 'silver'), (3, 'O''Cy', 'gold')",
];

const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;
const nobody: QueryUser = { groups: [], userAttributes: {}, securityContext: {} };

let engines: TestEngines;
let duck: DataSource;
let pgSource: DataSource;
let chSource: DataSource;

beforeAll(async () => {
  engines = await seedEngines('load', DATA);
  duck = engines.duck;
  pgSource = engines.pg;
  chSource = engines.ch;
}, 120_000);

afterAll(async () => {
  await closeDrivers();
  await engines?.stop();
});

const rows = (result: QueryResult) =>
  result.data.map((row) => row.map((v) => (typeof v === 'number' ? Math.round(v * 100) / 100 : v)));

/** The query's rows on DuckDB, checked identical on PostgreSQL and ClickHouse. */
async function onBoth(model: DataModel, sql: string, user: QueryUser = nobody): Promise<unknown[][]> {
  const [a, b, c] = await Promise.all(
    [duck, pgSource, chSource].map((source) =>
      runQuery({ model, user, sql, source, maxRows: 100, timeoutMs: 20_000 }),
    ),
  );
  if (!a || !b || !c) throw new Error('no result');
  expect(rows(b)).toEqual(rows(a));
  expect(rows(c)).toEqual(rows(a));
  return rows(a);
}

const load = async (name: string) => parseModel(await loadModelDir(join(FIXTURES, name)));

function issuesOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ModelValidationError)
      return error.issues.map((i) => `${i.file}: ${i.path}: ${i.message}`);
    throw error;
  }
  throw new Error('expected a ModelValidationError');
}

describe('Jinja models', () => {
  test('a .yml.jinja file generates one cube per COMPILE_CONTEXT region with an imported macro', async () => {
    const model = await load('jinja');
    expect([...model.objects.keys()].sort()).toEqual([
      'north_orders',
      'north_view',
      'south_orders',
      'south_view',
    ]);
    expect(await onBoth(model, 'SELECT MEASURE(count) AS n, MEASURE(revenue) AS r FROM north_view')).toEqual([
      [2, 140],
    ]);
    expect(
      await onBoth(
        model,
        'SELECT status, MEASURE(count), MEASURE(revenue) FROM south_view GROUP BY 1 ORDER BY 1',
      ),
    ).toEqual([['paid', 2, 95]]);
  });

  test("Cube's dynamic union tables recipe (| items, | safe, loop.last) renders SQL that answers on both engines", async () => {
    const recipe = [
      '{%- set region_tables = {',
      '  "north": "North",',
      '  "south": "South"',
      '} -%}',
      ' ',
      'cubes:',
      '  - name: regions_union',
      '    sql: |',
      '      {%- for region, label in region_tables | items %}',
      "      SELECT *, '{{ label | safe }}' AS label FROM jx_orders WHERE region = '{{ region | safe }}'",
      '      {% if not loop.last %}UNION ALL{% endif %}',
      '      {% endfor %}',
      '    measures:',
      '      - name: count',
      '        type: count',
      '      - name: revenue',
      '        type: sum',
      '        sql: amount',
      '    dimensions:',
      '      - name: label',
      '        sql: label',
      '        type: string',
    ].join('\n');
    const model = parseModel([{ path: 'model/cubes/regions.yml.jinja', content: recipe }]);
    expect(
      await onBoth(
        model,
        'SELECT label, MEASURE(count), MEASURE(revenue) FROM regions_union GROUP BY 1 ORDER BY 1',
      ),
    ).toEqual([
      ['North', 2, 140],
      ['South', 2, 95],
    ]);
  });

  test('COMPILE_CONTEXT decides what is generated', () => {
    const files = [
      { path: 'compile_context.json', content: '{"show": false}' },
      {
        path: 'model/cubes/a.yml.jinja',
        content:
          'cubes:\n  - name: a\n    sql_table: jx_orders\n    dimensions:\n{% if COMPILE_CONTEXT.show %}\n      - name: status\n        sql: status\n        type: string\n{% endif %}\n      - name: id\n        sql: id\n        type: number\n',
      },
    ];
    expect(
      parseModel(files)
        .cubes.get('a')
        ?.dimensions.map((d) => d.name),
    ).toEqual(['id']);
    files[0] = { path: 'compile_context.json', content: '{"show": true}' };
    expect(
      parseModel(files)
        .cubes.get('a')
        ?.dimensions.map((d) => d.name),
    ).toEqual(['status', 'id']);
  });

  test('Jinja errors, bad compile contexts and escape hatches are issues naming the file and line', () => {
    expect(
      issuesOf(() =>
        parseModel([
          { path: 'compile_context.json', content: '[1]' },
          { path: 'a.yml.jinja', content: 'cubes:\n{% for x in %}\n' },
          { path: 'b.yml', content: 'cubes: {{ range.constructor("return process")() }}' },
          { path: 'c.yml', content: 'cubes: {{ range["constr" ~ "uctor"]("return process")() }}' },
        ]),
      ),
    ).toEqual([
      'compile_context.json: (root): must be a JSON object',
      "a.yml.jinja: line 2, column 13: Jinja: expected an expression, got '%}'",
      'b.yml: line 1, column 17: Jinja: .constructor: "constructor" is an interpreter internal (refused)',
      'c.yml: line 1, column 16: Jinja: ["constructor"]: "constructor" is an interpreter internal (refused)',
    ]);
  });

  test('JavaScript and Python files load (one read as data, one noted); TypeScript is refused by name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'model-refused-'));
    try {
      mkdirSync(join(dir, 'model', 'cubes'), { recursive: true });
      writeFileSync(join(dir, 'model', 'cubes', 'orders.yml'), 'cubes: []\n');
      writeFileSync(join(dir, 'model', 'cubes', 'users.js'), 'cube(`users`, {});\n');
      writeFileSync(join(dir, 'model', 'globals.py'), 'from cube import TemplateContext\n');
      const files = await loadModelDir(dir);
      expect(files.map((f) => f.path)).toEqual([
        'model/cubes/orders.yml',
        'model/cubes/users.js',
        'model/globals.py',
      ]);
      writeFileSync(join(dir, 'model', 'cubes', 'extra.ts'), 'export {};\n');
      await expect(loadModelDir(dir)).rejects.toMatchObject({
        issues: [
          { file: 'model/cubes/extra.ts', path: '(root)', message: expect.stringContaining('TypeScript') },
        ],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('cubes and views', () => {
  test('extends inherits members and overrides them; quoted and schema-qualified sql_table', async () => {
    const model = await load('views');
    expect(model.cubes.get('paid_orders')?.dimensions.map((d) => d.name)).toEqual([
      'id',
      'region',
      'status',
      'customer_id',
    ]);
    expect(model.cubes.get('paid_orders')?.segments.map((s) => s.name)).toEqual(['northern']);
    expect(await onBoth(model, 'SELECT MEASURE(count) FROM paid_orders WHERE northern')).toEqual([[1]]);
    expect(model.cubes.get('customers')?.sql_table).toBe('analytics.customers');
    expect(model.cubes.get('customers_quoted')?.sql_table).toBe('analytics.customers');
    expect(
      await onBoth(
        model,
        'SELECT region, MEASURE(count), MEASURE(revenue) FROM paid_orders GROUP BY 1 ORDER BY 1',
      ),
    ).toEqual([
      ['NORTH', 1, 100],
      ['SOUTH', 2, 95],
    ]);
    expect(
      await onBoth(
        model,
        'SELECT (SELECT MEASURE(count) FROM customers) AS a, (SELECT MEASURE(count) FROM customers_quoted) AS b',
      ),
    ).toEqual([[3, 3]]);
  });

  test('view includes {name, alias}, a join path alias as prefix, and a view extending a view', async () => {
    const model = await load('views');
    const sales = model.objects.get('sales');
    expect(sales?.members.map((m) => m.name)).toEqual([
      'region',
      'count',
      'paid_revenue',
      'buyer_name',
      'buyer_tier',
    ]);
    expect(sales?.members.find((m) => m.name === 'paid_revenue')?.title).toBe('Paid revenue');
    expect(
      await onBoth(
        model,
        'SELECT buyer_tier, MEASURE(count), MEASURE(paid_revenue) FROM sales GROUP BY 1 ORDER BY 1',
      ),
    ).toEqual([
      ['gold', 2, 125],
      ['silver', 1, 70],
    ]);
    expect(model.objects.get('gold_sales')?.title).toBe('Gold sales');
    expect(await onBoth(model, 'SELECT MEASURE(count), MEASURE(paid_revenue) FROM gold_sales')).toEqual([
      [2, 125],
    ]);
  });

  test('bad extends, data sources, tables and include names are issues', () => {
    const cube = (body: string) => ({ path: 'm.yml', content: `cubes:\n${body}` });
    expect(
      issuesOf(() =>
        parseModel([
          cube(
            [
              '  - name: a\n    extends: nowhere\n    sql_table: t',
              '  - name: b\n    extends: c\n  - name: c\n    extends: b',
              '  - name: e\n    sql_table: t\n    data_source: one\n  - name: f\n    sql_table: t\n    data_source: two',
            ].join('\n'),
          ),
          { path: 'q.yml', content: `cubes:\n  - name: d\n    sql_table: '"a.b".c'` },
          {
            path: 'v.yml',
            content:
              'views:\n  - name: v\n    cubes:\n      - join_path: e\n        includes: [{name: nope, alias: x}]',
          },
        ]),
      ),
    ).toEqual([
      'q.yml: cubes[0].sql_table: must be a table name: table, schema.table or "schema"."table" (at most three parts)',
      'm.yml: cubes[0].extends: unknown cube nowhere',
      'm.yml: cubes[1].extends: circular extends b -> c -> b',
      'm.yml: cubes[1]: needs exactly one of sql_table or sql (itself or through extends)',
      'm.yml: cubes[2]: needs exactly one of sql_table or sql (itself or through extends)',
      'm.yml: cubes[4].data_source: one data source per deployment: cubes name one, two',
      'v.yml: views[0].cubes[0].includes: e has no member nope',
    ]);
  });
});

describe('access policies', () => {
  const as = (over: Partial<QueryUser>): QueryUser => ({ ...nobody, ...over });
  const totals = (model: DataModel, user: QueryUser) =>
    onBoth(model, 'SELECT MEASURE(count) AS n, MEASURE(revenue) AS r FROM secure_orders', user);

  test('role, conditions and nested or/and filters give exactly the expected rows', async () => {
    const model = await load('policies');
    const sales = (securityContext: Record<string, unknown>) => as({ groups: ['sales'], securityContext });
    // north: orders 1, 2 (region) or 2 (open, >= 30).
    expect(
      await onBoth(model, 'SELECT MEASURE(count) AS n FROM secure_orders', sales({ region: 'north' })),
    ).toEqual([[2]]);
    // south: orders 3, 4 (region) or 2.
    expect(
      await onBoth(model, 'SELECT id FROM secure_orders ORDER BY 1', sales({ region: 'south' })),
    ).toEqual([[2], [3], [4]]);
    // A suspended salesperson, or one without a region: the condition fails, no policy applies.
    await expect(totals(model, sales({ region: 'south', suspended: true }))).rejects.toThrow();
    await expect(totals(model, sales({}))).rejects.toThrow();
    // member_level of the sales policy hides amount.
    await expect(
      onBoth(model, 'SELECT amount FROM secure_orders', sales({ region: 'north' })),
    ).rejects.toThrow(/amount/);
    // Cube's `role`: one of the session's roles, or (older models) a group of that name.
    expect(await totals(model, as({ roles: ['auditor'] }))).toEqual([[4, 235]]);
    expect(await totals(model, as({ groups: ['auditor'] }))).toEqual([[4, 235]]);
    await expect(totals(model, as({ roles: ['sales'] }))).rejects.toThrow();
    expect(await totals(model, as({ securityContext: { is_manager: true } }))).toEqual([[4, 235]]);
    // Analysts with prefix "PA": paid orders (1, 3, 4) outside regions containing "sou" (1).
    expect(
      await totals(model, as({ groups: ['analysts'], userAttributes: { status_prefix: 'PA' } })),
    ).toEqual([[1, 100]]);
  });

  test('security context values holding quotes and SQL are parameters: they match nothing', async () => {
    const model = await load('policies');
    for (const region of [
      "north' OR '1'='1",
      "north' OR 1=1 --",
      'north"; DROP TABLE jx_orders; --',
      "') OR TRUE OR ('",
      '%',
    ]) {
      // Only order 2 (open, >= 30) through the other branch; the region branch matches no row.
      expect(
        await onBoth(
          model,
          'SELECT id FROM secure_orders ORDER BY 1',
          as({ groups: ['sales'], securityContext: { region } }),
        ),
      ).toEqual([[2]]);
    }
    expect(
      await totals(model, as({ groups: ['analysts'], userAttributes: { status_prefix: "p' OR 'x'='x" } })),
    ).toEqual([[0, null]]);
  });

  // One policy per operator, each for its own group: [operator, values, ids visible].
  const CASES: [string, unknown[], number[]][] = [
    ['equals', ['open'], [2]],
    ['notEquals', ['open'], [1, 3, 4]],
    ['contains', ['AI'], [1, 3, 4]],
    ['contains', ['%'], []],
    ['notContains', ['ai'], [2]],
    ['startsWith', ['o'], [2]],
    ['notStartsWith', ['o'], [1, 3, 4]],
    ['endsWith', ['ID'], [1, 3, 4]],
    ['notEndsWith', ['id'], [2]],
    ['gt', [40], [1, 3]],
    ['gte', [40], [1, 2, 3]],
    ['lt', [40], [4]],
    ['lte', [40], [2, 4]],
    ['set', [], [1, 2, 3]],
    ['notSet', [], [4]],
    ['inDateRange', ['2025-01-01', '2025-01-31'], [1, 2]],
    ['notInDateRange', ['2025-01-01', '2025-01-31'], [3]],
    ['beforeDate', ['2025-02-01'], [1, 2]],
    ['beforeOrOnDate', ['2025-02-01'], [1, 2, 3]],
    ['afterDate', ['2025-01-31 23:00:00'], [3]],
    ['afterOrOnDate', ['2025-01-31 23:00:00'], [2, 3]],
  ];
  const member = (op: string) =>
    ['gt', 'gte', 'lt', 'lte'].includes(op)
      ? 'amount'
      : ['set', 'notSet'].includes(op) || op.includes('Date')
        ? 'created_at'
        : 'status';
  const operatorModel = () =>
    parseModel([
      {
        path: 'model/cubes/orders.yml',
        content: `cubes:\n  - name: orders\n    sql_table: jx_orders\n    dimensions:\n${[
          'id',
          'status',
          'amount',
          'created_at',
        ]
          .map(
            (d) =>
              `      - name: ${d}\n        sql: ${d}\n        type: ${d === 'status' ? 'string' : d === 'created_at' ? 'time' : 'number'}${d === 'id' ? '\n        primary_key: true' : ''}`,
          )
          .join(
            '\n',
          )}\n    measures:\n      - name: count\n        type: count\n    access_policy:\n${CASES.map(
          ([op, values], i) =>
            `      - group: g${i}\n        row_level:\n          filters:\n            - member: ${member(op)}\n              operator: ${op}\n              values: ${JSON.stringify(values)}`,
        ).join('\n')}\n`,
      },
    ]);

  test.each(CASES.map((c, i) => [i, ...c] as const))(
    'case %i: %s %j sees %j',
    async (i, _op, _values, ids) => {
      const model = operatorModel();
      expect(await onBoth(model, 'SELECT id FROM orders ORDER BY 1', as({ groups: [`g${i}`] }))).toEqual(
        ids.map((id) => [id]),
      );
    },
  );

  test('a policy denied by a missing value leaves no unused parameter behind (PostgreSQL refuses those)', async () => {
    const model = parseModel([
      {
        path: 'a.yml',
        content: [
          'cubes:',
          '  - name: o',
          '    sql_table: jx_orders',
          '    dimensions:',
          '      - { name: id, sql: id, type: number, primary_key: true }',
          '      - { name: region, sql: region, type: string }',
          '      - { name: status, sql: status, type: string }',
          '      - { name: amount, sql: amount, type: number }',
          '    access_policy:',
          '      - group: x',
          '        row_level:',
          '          filters:',
          '            - { member: region, operator: equals, values: ["{ securityContext.region }"] }',
          '            - { member: status, operator: equals, values: ["{ securityContext.missing }"] }',
          '      - group: x',
          '        row_level:',
          '          filters:',
          '            - or:',
          '                - { member: region, operator: equals, values: ["{ securityContext.region }"] }',
          '                - { member: amount, operator: gte, values: [0] }',
          '            - { member: amount, operator: gte, values: [40] }',
        ].join('\n'),
      },
    ]);
    // First policy denied (no `missing`); the second's `or` holds for every row: amount >= 40 leaves 1, 2, 3.
    expect(
      await onBoth(
        model,
        'SELECT id FROM o ORDER BY 1',
        as({ groups: ['x'], securityContext: { region: 'south' } }),
      ),
    ).toEqual([[1], [2], [3]]);
  });

  test('conditions that are not expressions, bad value counts and unknown members are load errors', () => {
    const policy = (body: string) => [
      {
        path: 'a.yml',
        content: `cubes:\n  - name: a\n    sql_table: t\n    dimensions:\n      - name: d\n        sql: d\n        type: time\n    access_policy:\n${body}`,
      },
    ];
    expect(
      issuesOf(() =>
        parseModel(policy('      - group: x\n        conditions:\n          - if: "{ process.exit() }"')),
      ),
    ).toEqual([expect.stringContaining('is not a supported expression')]);
    expect(
      issuesOf(() =>
        parseModel(
          policy(
            '      - group: x\n        row_level:\n          filters:\n            - or:\n                - member: nope\n                  operator: set\n                - member: d\n                  operator: inDateRange\n                  values: [2025-01-01]',
          ),
        ),
      ),
    ).toEqual([
      'a.yml: cubes[0].access_policy[0].row_level.filters[0].member: unknown dimension nope of a',
      'a.yml: cubes[0].access_policy[0].row_level.filters: inDateRange on d takes 2 value(s)',
    ]);
  });
});

describe('SECURITY_CONTEXT, securityContext, userAttributes and FILTER_PARAMS in model SQL', () => {
  const as = (
    securityContext: Record<string, unknown>,
    userAttributes: QueryUser['userAttributes'] = {},
  ) => ({
    ...nobody,
    securityContext,
    userAttributes,
  });
  const totals = 'SELECT MEASURE(count) AS n, MEASURE(revenue) AS r FROM tenant_orders';

  test("a cube's sql reads the user's own rows through a bound filter", async () => {
    const model = await load('context');
    expect(await onBoth(model, totals, as({ region: 'north' }))).toEqual([[2, 140]]);
    expect(await onBoth(model, totals, as({ region: ['north', 'south'] }))).toEqual([[4, 235]]);
    // No region: no rows (Cube would render 1 = 1 and show every region).
    expect(await onBoth(model, totals, as({}))).toEqual([[0, null]]);
    expect(await onBoth(model, totals, as({ region: [] }))).toEqual([[0, null]]);
    // FILTER_PARAMS takes the query's filter on status (test/semantic/filter-params.test.ts); it applies outside too.
    expect(
      await onBoth(
        model,
        "SELECT MEASURE(count) FROM tenant_orders WHERE status = 'open'",
        as({ region: 'north' }),
      ),
    ).toEqual([[1]]);
  });

  test('member SQL compares with a parameter, quoted or not', async () => {
    const model = await load('context');
    expect(
      await onBoth(
        model,
        'SELECT is_mine, MEASURE(count) FROM tenant_orders GROUP BY 1 ORDER BY 1',
        as({ region: ['north', 'south'], customer_id: 1 }),
      ),
    ).toEqual([
      [false, 2],
      [true, 2],
    ]);
    const label = "x'); DROP TABLE jx_orders; --";
    expect(
      await onBoth(model, 'SELECT DISTINCT label FROM tenant_orders', as({ region: 'south' }, { label })),
    ).toEqual([[label]]);
  });

  test('values holding quotes and SQL match nothing and change no SQL text', async () => {
    const model = await load('context');
    for (const region of ["north' OR '1'='1", "') OR 1=1 --", 'north" OR "1"="1', ['x', "' OR TRUE --"]]) {
      expect(await onBoth(model, totals, as({ region }))).toEqual([[0, null]]);
    }
  });
});

describe('hierarchies and folders', () => {
  const files = (folderMember = 'status') => [
    {
      path: 'model/cubes/orders.yml',
      content: `cubes:
  - name: orders
    sql_table: orders
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: region, sql: region, type: string }
      - { name: status, sql: status, type: string }
      - { name: secret, sql: amount, type: number, public: false }
    measures:
      - { name: count, type: count }
    hierarchies:
      - name: place
        title: Where and how
        levels: ["{CUBE}.region", status]
      - name: hidden_path
        public: false
        levels: [region]
`,
    },
    {
      path: 'model/views/orders_view.yml',
      content: `views:
  - name: orders_view
    cubes:
      - join_path: orders
        includes: "*"
    folders:
      - name: Basics
        members: [region, count]
        folders:
          - name: State
            members: [${folderMember}, secret]
`,
    },
  ];
  const everyone: QueryUser = { groups: [], userAttributes: {}, securityContext: {} };

  test("coreMeta shows a cube's hierarchies and a view's folders (nested ones flattened), without hidden members", () => {
    const model = parseModel(files());
    const meta = searchMeta(model, everyone, '');
    const cube = meta.cubes.find((c) => c.name === 'orders');
    const view = meta.cubes.find((c) => c.name === 'orders_view');
    // Private hierarchies are not shown; `{CUBE}.x` and bare names are the cube's members.
    expect(cube?.hierarchies).toEqual([
      { name: 'place', title: 'Where and how', levels: ['orders.region', 'orders.status'] },
    ]);
    expect(view?.folders).toEqual([
      { name: 'Basics', members: ['orders_view.region', 'orders_view.count', 'orders_view.status'] },
      { name: 'State', members: ['orders_view.status'] },
    ]);
  });

  test('a folder or a hierarchy naming a member that does not exist is a model error', () => {
    expect(() => parseModel(files('state'))).toThrow(/view orders_view has no member state/);
    const broken = files().map((f) => ({
      ...f,
      content: f.content.replace('levels: [region]', 'levels: [place]'),
    }));
    expect(() => parseModel(broken)).toThrow(/unknown dimension place of orders/);
  });
});
