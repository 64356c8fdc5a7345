/**
 * Cube's JavaScript models (issue 28), written here in the declarative style Cube's documentation uses: read as
 * data without running anything, they compile and answer the same numbers as the raw SQL on DuckDB and
 * PostgreSQL; whatever needs JavaScript to run is refused by name, with file and line.
 */
import { parseModel } from '../../functions/semantic';
import { bothEngines, EVERYONE } from './engines';

const DATA = [
  'CREATE TABLE js_users (id INTEGER, city VARCHAR, created_at TIMESTAMP)',
  "INSERT INTO js_users VALUES (1, 'Berlin', '2024-01-05'), (2, 'Paris', '2024-02-10'), (3, 'Berlin', '2024-03-01')",
  'CREATE TABLE js_orders (id INTEGER, user_id INTEGER, status VARCHAR, amount DECIMAL(10,2), created_at TIMESTAMP)',
  "INSERT INTO js_orders VALUES (1, 1, 'completed', 10.50, '2024-01-10'), (2, 1, 'shipped', 20.00, '2024-02-11'), (3, 2, 'completed', 5.25, '2024-02-12'), (4, 3, 'completed', 100.00, '2024-03-02')",
];

const ORDERS_JS = `
// Orders, as Cube's docs write a JavaScript model.
cube(\`orders\`, {
  sql_table: \`js_orders\`,

  joins: {
    users: {
      relationship: \`belongsTo\`,
      sql: \`\${CUBE}.user_id = \${users}.id\`,
    },
  },

  measures: {
    count: {
      type: \`count\`,
      drillMembers: [id, createdAt],
    },
    totalAmount: {
      sql: \`amount\`,
      type: \`sum\`,
      format: \`currency\`,
    },
    completedCount: {
      type: \`count\`,
      filters: [{ sql: \`\${CUBE}.status = 'completed'\` }],
    },
  },

  dimensions: {
    id: {
      sql: \`id\`,
      type: \`number\`,
      primaryKey: true,
    },
    status: {
      sql: \`status\`,
      type: \`string\`,
    },
    createdAt: {
      sql: \`created_at\`,
      type: \`time\`,
    },
  },
});
`;

const USERS_JS = `
cube('users', {
  sqlTable: 'js_users',
  dimensions: {
    id: { sql: 'id', type: 'number', primaryKey: true, shown: false },
    city: { sql: \`\${CUBE}.city\`, type: 'string' },
  },
  measures: {
    count: { type: 'count' },
  },
});

view('sales', {
  cubes: [
    { joinPath: orders, includes: ['status', 'totalAmount', 'count'] },
    { joinPath: orders.users, prefix: true, includes: ['city'] },
  ],
});
`;

const engines = bothEngines('js-model', DATA);
const model = () =>
  parseModel([
    { path: 'model/cubes/orders.js', content: ORDERS_JS },
    { path: 'model/cubes/users.js', content: USERS_JS },
  ]);

test('a JavaScript model loads as its YAML form would: camelCase keys, named members, references, joins, views', async () => {
  const rows = await engines.onBoth(
    model(),
    'SELECT users_city, MEASURE(totalAmount), MEASURE(count) FROM sales GROUP BY 1 ORDER BY 1',
  );
  expect(rows).toEqual([
    ['Berlin', 130.5, 3],
    ['Paris', 5.25, 1],
  ]);
  const filtered = await engines.onBoth(model(), 'SELECT MEASURE(completedCount) FROM orders');
  expect(filtered).toEqual([[3]]);
  expect(
    model()
      .objects.get('orders')
      ?.members.find((m) => m.name === 'totalAmount')?.format,
  ).toBe('currency');
});

test.each([
  [
    'an import',
    "import x from './x';\ncube('a', { sqlTable: 'a' });",
    /line 1, column 1: an import needs JavaScript to run/,
  ],
  [
    'a variable',
    "const table = 'a';\ncube('a', { sqlTable: table });",
    /line 1, column 1: a variable needs JavaScript/,
  ],
  [
    'a function value',
    "cube('a', {\n  sql: () => 'SELECT 1',\n});",
    /line 2, column 8: a function in sql needs JavaScript/,
  ],
  [
    'a computed template expression',
    ["cube('a', {\n  sql: `SELECT ", '$', '{1 + 1}`,\n});'].join(''),
    /line 2, column 18: this template expression needs JavaScript/,
  ],
  ['a spread', "cube('a', { ...base });", /line 1, column 13: a spread needs JavaScript/],
  ['a loop', "for (const n of ['a']) cube(n, {});", /line 1, column 1: a loop needs JavaScript/],
])('%s is refused by name, with its file and line', (_name, content, message) => {
  expect(() => parseModel([{ path: 'model/a.js', content }])).toThrow(
    expect.objectContaining({ code: 'MODEL_INVALID', message: expect.stringMatching(message) }),
  );
  try {
    parseModel([{ path: 'model/a.js', content }]);
  } catch (error) {
    expect((error as { issues: { file: string }[] }).issues[0]?.file).toBe('model/a.js');
  }
});

test('FILTER_PARAMS helpers keep their form; nothing in the file runs', () => {
  const content = `
globalThis.ran = true;
cube('a', {
  sql: \`SELECT * FROM orders WHERE \${FILTER_PARAMS.a.createdAt.filter('created_at')}\`,
  dimensions: { createdAt: { sql: 'created_at', type: 'time' } },
});`;
  expect(() => parseModel([{ path: 'a.js', content }])).toThrow(
    /line 2, column 1: this statement needs JavaScript/,
  );
  expect((globalThis as { ran?: boolean }).ran).toBeUndefined();
  const ok = parseModel([{ path: 'a.js', content: content.replace('globalThis.ran = true;', '') }]);
  expect(ok.cubes.get('a')?.sql).toBe(
    "SELECT * FROM orders WHERE {FILTER_PARAMS.a.createdAt.filter('created_at')}",
  );
  void EVERYONE;
});
