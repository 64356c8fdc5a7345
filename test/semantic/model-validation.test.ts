import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  compileSql,
  loadModelDir,
  type ModelFile,
  type ModelIssue,
  ModelValidationError,
  parseModel,
  type QueryUser,
} from '../../functions/semantic';

const user: QueryUser = { groups: [], userAttributes: {}, securityContext: {} };

const ORDERS = `
cubes:
  - name: orders
    sql_table: orders
    joins:
      - name: items
        relationship: one_to_many
        sql: "{CUBE.id} = {items.order_id}"
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: status
        sql: status
        type: string
    measures:
      - name: count
        type: count
  - name: items
    sql_table: items
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: order_id
        sql: order_id
        type: number
`;

/** The issues a model is refused with (fails the test when it loads). */
function issuesOf(files: ModelFile[]): ModelIssue[] {
  try {
    parseModel(files);
  } catch (error) {
    if (error instanceof ModelValidationError) return error.issues;
    throw error;
  }
  throw new Error('the model loaded');
}

/** One cube `c` with an extra dimension whose SQL is `sql`. */
const withDimension = (sql: string): ModelFile[] => [
  {
    path: 'cubes/c.yml',
    content: `
cubes:
  - name: c
    sql_table: t
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: extra
        sql: ${JSON.stringify(sql)}
        type: string
`,
  },
  { path: 'cubes/orders.yml', content: ORDERS },
];

describe('references are resolved or refused at load, never passed to the database', () => {
  test.each([
    ['{SECURITY_CONTEXT.tenant.filter(1)}', 'is not a supported reference'],
    ['{securityContext}', 'is not a supported reference'],
    ["{userAttributes.x.filter('a; DROP')}", '.filter() takes a column name'],
    ['{COMPILE_CONTEXT.x}', 'is not supported'],
    ['{orders.status}', 'reads cube orders, which no join connects to c'],
    ['{nope} || 1', 'neither a member of c nor a cube'],
    ['{id.fortnight}', 'granularity'],
    ['{CUBE.id.month}', 'granularity'],
    ['{c.id + 1}', 'not a supported reference'],
  ])('%s', (sql, message) => {
    const issues = issuesOf(withDimension(sql));
    expect(issues).toEqual([
      { file: 'cubes/c.yml', path: 'cubes[0].dimensions[1].sql', message: expect.stringContaining(message) },
    ]);
  });

  test('circular member references are refused', () => {
    const issues = issuesOf([
      {
        path: 'a.yml',
        content: `
cubes:
  - name: c
    sql_table: t
    dimensions:
      - name: a
        sql: "{b} + 1"
        type: number
      - name: b
        sql: "{a} + 1"
        type: number
`,
      },
    ]);
    expect(issues.map((i) => i.path)).toEqual(['cubes[0].dimensions[0].sql', 'cubes[0].dimensions[1].sql']);
    expect(issues[0]?.message).toContain('circular reference c.a -> c.b -> c.a');
  });

  test('a reference in a cube sql is refused; a join may name only its two cubes', () => {
    const issues = issuesOf([
      {
        path: 'a.yml',
        content: `
cubes:
  - name: c
    sql: "SELECT * FROM t WHERE {CUBE}.x = 1"
    joins:
      - name: d
        relationship: many_to_one
        sql: "{CUBE}.d_id = {e.id}"
    dimensions:
      - name: x
        sql: x
        type: string
  - name: d
    sql_table: d
    dimensions:
      - name: id
        sql: id
        type: number
  - name: e
    sql_table: e
    dimensions:
      - name: id
        sql: id
        type: number
`,
      },
    ]);
    expect(issues).toEqual([
      {
        file: 'a.yml',
        path: 'cubes[0].joins[0].sql',
        message: expect.stringContaining('not part of this SQL'),
      },
      {
        file: 'a.yml',
        path: 'cubes[0].sql',
        message: expect.stringContaining('may only be {SECURITY_CONTEXT'),
      },
    ]);
  });

  test('the expanded SQL: member references in parentheses, granularities as date_trunc', async () => {
    const model = parseModel([
      {
        path: 'a.yml',
        content: `
cubes:
  - name: c
    sql_table: t
    dimensions:
      - name: price
        sql: "{CUBE}.gross - {CUBE}.tax"
        type: number
      - name: twice
        sql: "{price} * 2"
        type: number
      - name: at
        sql: "{CUBE.created}"
        type: time
      - name: week
        sql: "{c.at.week}"
        type: time
      - name: code
        sql: "{TABLE}.a || {c}.b"
        type: string
`,
      },
    ]);
    const { sql } = await compileSql(model, user, 'SELECT twice, week, code FROM c', 'postgres');
    expect(sql).toBe(
      'WITH "__sec_1" AS (SELECT ("c".gross - "c".tax) * 2 AS "twice", date_trunc(\'week\', "c"."created") AS "week", "c".a || "c".b AS "code" FROM "public"."t" AS "c") SELECT twice AS "twice", week AS "week", code AS "code" FROM "__sec_1" AS "c"',
    );
  });
});

describe('names in views and policies must exist', () => {
  test('view excludes, cube member_level lists and view member_level lists', () => {
    const issues = issuesOf([
      { path: 'cubes.yml', content: ORDERS },
      {
        path: 'more.yml',
        content: `
cubes:
  - name: people
    sql_table: people
    dimensions:
      - name: email
        sql: email
        type: string
    access_policy:
      - group: "*"
        member_level:
          includes: [email, phone]
          excludes: [ssn]
views:
  - name: v
    cubes:
      - join_path: orders
        includes: "*"
        excludes: [statuss]
    access_policy:
      - group: "*"
        member_level:
          excludes: [idd]
`,
      },
    ]);
    expect(issues).toEqual([
      {
        file: 'more.yml',
        path: 'cubes[0].access_policy[0].member_level',
        message: 'unknown member phone of people',
      },
      {
        file: 'more.yml',
        path: 'cubes[0].access_policy[0].member_level',
        message: 'unknown member ssn of people',
      },
      { file: 'more.yml', path: 'views[0].cubes[0].excludes', message: 'orders has no member statuss' },
      {
        file: 'more.yml',
        path: 'views[0].access_policy[0].member_level',
        message: 'unknown member idd of view v',
      },
    ]);
  });
});

describe('joins in views', () => {
  test('a cube whose rows a view repeats needs a primary key for its measures', () => {
    const issues = issuesOf([
      {
        path: 'a.yml',
        content: ORDERS.replace('        primary_key: true\n      - name: status', '      - name: status'),
      },
      {
        path: 'v.yml',
        content: `
views:
  - name: v
    cubes:
      - join_path: orders.items
        includes: "*"
        prefix: true
`,
      },
    ]);
    expect(issues).toEqual([
      {
        file: 'v.yml',
        path: 'views[0].cubes',
        message: expect.stringContaining('orders needs a primary_key dimension'),
      },
    ]);
  });

  test('fan-out: the one side takes its value on one row per key and named dimensions', async () => {
    const model = parseModel([
      { path: 'a.yml', content: ORDERS },
      {
        path: 'v.yml',
        content:
          'views:\n  - name: v\n    cubes:\n      - join_path: orders\n        includes: "*"\n      - join_path: orders.items\n        prefix: true\n        includes: "*"\n',
      },
    ]);
    const alone = await compileSql(model, user, 'SELECT status, MEASURE(count) FROM v GROUP BY 1');
    expect(alone.sql).toBe(
      'WITH "__sec_1" AS (SELECT "orders"."status" AS "status", "orders"."id" AS "count" FROM "data"."main"."orders" AS "orders") SELECT status AS "status", COUNT(count) AS "count" FROM "__sec_1" AS "v" GROUP BY 1',
    );
    const joined = await compileSql(model, user, 'SELECT items_order_id, MEASURE(count) FROM v GROUP BY 1');
    expect(joined.sql).toBe(
      'WITH "__sec_1" AS (SELECT CASE WHEN row_number() OVER (PARTITION BY "orders"."id", "items"."order_id") = 1 THEN "orders"."id" END AS "count", "items"."order_id" AS "items_order_id" FROM "data"."main"."orders" AS "orders" LEFT JOIN "data"."main"."items" AS "items" ON "orders"."id" = "items"."order_id") SELECT items_order_id AS "items_order_id", COUNT(count) AS "count" FROM "__sec_1" AS "v" GROUP BY 1',
    );
  });

  test('a second root cube with no join to the others is refused, not joined ON FALSE', () => {
    const issues = issuesOf([
      { path: 'a.yml', content: ORDERS },
      {
        path: 'b.yml',
        content: `
cubes:
  - name: lonely
    sql_table: lonely
    dimensions:
      - name: id
        sql: id
        type: number
views:
  - name: v
    cubes:
      - join_path: orders
        includes: [status]
      - join_path: lonely
        includes: [id]
`,
      },
    ]);
    expect(issues).toEqual([
      { file: 'b.yml', path: 'views[0].cubes[1].join_path', message: 'no join connects lonely to orders' },
    ]);
  });

  test('a second root reached through the join declared on the other cube', async () => {
    const model = parseModel([
      { path: 'a.yml', content: ORDERS },
      {
        path: 'v.yml',
        content: `
views:
  - name: v
    cubes:
      - join_path: items
        includes: [id]
      - join_path: orders
        prefix: true
        includes: [status]
`,
      },
    ]);
    const { sql } = await compileSql(model, user, 'SELECT id, orders_status FROM v', 'duckdb');
    expect(sql).toContain(
      'FROM "data"."main"."items" AS "items" LEFT JOIN "data"."main"."orders" AS "orders" ON "orders"."id" = "items"."order_id"',
    );
  });
});

describe('loadModelDir', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'model-dir-'));
    mkdirSync(join(dir, 'model', 'cubes'), { recursive: true });
    mkdirSync(join(dir, 'model', 'views'), { recursive: true });
    writeFileSync(join(dir, 'model', 'cubes', 'orders.yml'), ORDERS);
    writeFileSync(
      join(dir, 'model', 'views', 'v.yaml'),
      'views:\n  - name: v\n    cubes:\n      - join_path: orders\n        includes: [status]\n',
    );
    writeFileSync(join(dir, 'README.md'), '# not a model file\n');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('reads subfolders, paths relative to the directory', async () => {
    const files = await loadModelDir(dir);
    expect(files.map((f) => f.path)).toEqual(['model/cubes/orders.yml', 'model/views/v.yaml']);
    expect([...parseModel(files).objects.keys()]).toEqual(['orders', 'items', 'v']);
  });

  test('TypeScript files are refused by name, never skipped; JavaScript, Python and hidden Jinja libraries load (Jinja YAML too)', async () => {
    writeFileSync(join(dir, 'model', 'globals.py'), 'from cube import TemplateContext\n');
    writeFileSync(join(dir, 'model', '.utils.jinja'), '{% macro m() %}x{% endmacro %}');
    writeFileSync(join(dir, 'model', 'views', 'x.yml.jinja'), 'views: []\n');
    expect((await loadModelDir(dir)).map((f) => f.path)).toEqual([
      'model/.utils.jinja',
      'model/cubes/orders.yml',
      'model/globals.py',
      'model/views/v.yaml',
      'model/views/x.yml.jinja',
    ]);
    writeFileSync(join(dir, 'model', 'cubes', 'users.js'), 'cube(`users`, {});\n');
    writeFileSync(join(dir, 'model', 'cubes', 'users.ts'), 'cube(`users`, {});\n');
    await expect(loadModelDir(dir)).rejects.toMatchObject({
      code: 'MODEL_INVALID',
      issues: [
        { file: 'model/cubes/users.ts', path: '(root)', message: expect.stringContaining('TypeScript') },
      ],
    });
  });
});

describe('display and caching keys are accepted and change nothing', () => {
  test('pre_aggregations (even empty), refresh_key, data_source, meta, format, drill_members', async () => {
    const decorated = ORDERS.replace(
      '    sql_table: orders\n',
      [
        '    sql_table: orders',
        '    data_source: default',
        '    refresh_key:',
        '      every: 1 hour',
        '    meta:',
        '      owner: sales',
        '    pre_aggregations:',
        '',
      ].join('\n'),
    )
      .replace(
        '      - name: status\n        sql: status\n',
        '      - name: status\n        sql: status\n        meta: { pii: false }\n        format: id\n',
      )
      .replace(
        '      - name: count\n        type: count\n',
        '      - name: count\n        type: count\n        format: percent\n        drill_members: [id, status]\n',
      );
    const withList = decorated.replace(
      '    pre_aggregations:\n',
      '    pre_aggregations:\n      - name: main\n        measures: [CUBE.count]\n',
    );
    for (const key of ['data_source', 'refresh_key', 'format: id', 'format: percent', 'drill_members']) {
      expect(decorated).toContain(key);
    }
    expect(withList).toContain('- name: main');
    const sql = 'SELECT status, MEASURE(count) FROM orders GROUP BY 1';
    const plain = await compileSql(parseModel([{ path: 'a.yml', content: ORDERS }]), user, sql);
    for (const content of [decorated, withList]) {
      const model = parseModel([{ path: 'a.yml', content }]);
      expect(await compileSql(model, user, sql)).toEqual(plain);
    }
  });
});
