import {
  closeDrivers,
  type DataModel,
  type DataSource,
  type ModelFile,
  parseModel,
  type QueryResult,
  type QueryUser,
  runQuery,
} from '../../functions/semantic';
import { seedEngines, type TestEngines } from './engines';

/**
 * Small hand-made fixtures written the way Cube projects write them (Cube's reference forms, `{CUBE.x} =
 * {other.id}` joins, views crossing one_to_many joins), run on DuckDB and PostgreSQL against numbers computed
 * by hand. Customers: Ann (north), Bob (south), Cy (north, no orders). Orders: 10 Ann paid 100 (3 items:
 * A x2 @20, B x1 @30, B x1 @50), 11 Ann paid 50 (1 item: A x1 @50), 12 Bob open 30 (no items).
 */
const DATA = [
  'CREATE TABLE fx_customers (id INTEGER, name VARCHAR(20), region VARCHAR(20), phone_number VARCHAR(20))',
  "INSERT INTO fx_customers VALUES (1, 'Ann', 'north', '555-1'), (2, 'Bob', 'south', '555-2'), (3, 'Cy', 'north', NULL)",
  'CREATE TABLE fx_orders (id INTEGER, customer_id INTEGER, status VARCHAR(20), amount DECIMAL(10, 2), created_at TIMESTAMP)',
  "INSERT INTO fx_orders VALUES (10, 1, 'paid', 100, TIMESTAMP '2025-01-15 10:00:00'), (11, 1, 'paid', 50, TIMESTAMP '2025-02-03 09:00:00'), (12, 2, 'open', 30, TIMESTAMP '2025-02-20 18:30:00')",
  'CREATE TABLE fx_items (id INTEGER, order_id INTEGER, sku VARCHAR(10), qty INTEGER, price DECIMAL(10, 2))',
  "INSERT INTO fx_items VALUES (100, 10, 'A', 2, 20), (101, 10, 'B', 1, 30), (102, 10, 'B', 1, 50), (103, 11, 'A', 1, 50)",
  'CREATE TABLE fx_notes (order_id INTEGER, line INTEGER, words INTEGER)',
  'INSERT INTO fx_notes VALUES (10, 1, 5), (10, 2, 7), (11, 1, 3)',
];

const CUBES = `
cubes:
  - name: orders
    sql_table: fx_orders
    public: false
    joins:
      - name: customers
        relationship: many_to_one
        sql: "{CUBE.customer_id} = {customers.id}"
      - name: items
        relationship: one_to_many
        sql: "{CUBE}.id = {items}.order_id"
    dimensions:
      - name: id
        sql: "{CUBE}.id"
        type: number
        primary_key: true
      - name: customer_id
        sql: customer_id
        type: number
      - name: status
        sql: "\${CUBE}.status"
        type: string
      - name: amount
        sql: "{CUBE.amount}"
        type: number
      - name: amount_doubled
        sql: "{amount} * 2"
        type: number
      - name: created_at
        sql: created_at
        type: time
      - name: created_month
        sql: "{created_at.month}"
        type: time
    measures:
      - name: count
        type: count
      - name: revenue
        type: sum
        sql: "{CUBE}.amount"
      - name: avg_amount
        type: avg
        sql: amount
      - name: max_amount
        type: max
        sql: amount
      - name: median_amount
        type: median
        sql: amount
      - name: buyers
        type: count_distinct
        sql: customer_id
  - name: items
    sql_table: fx_items
    public: false
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: order_id
        sql: order_id
        type: number
      - name: sku
        sql: sku
        type: string
    measures:
      - name: count
        type: count
      - name: quantity
        type: sum
        sql: qty
      - name: value
        type: sum
        sql: "{CUBE}.qty * {CUBE}.price"
  - name: notes
    sql_table: fx_notes
    public: false
    joins:
      - name: orders
        relationship: many_to_one
        sql: "{CUBE}.order_id = {orders.id}"
    dimensions:
      - name: order_id
        sql: order_id
        type: number
        primary_key: true
      - name: line
        sql: line
        type: number
        primary_key: true
    measures:
      - name: count
        type: count
      - name: words
        type: sum
        sql: words
  - name: customers
    sql_table: fx_customers
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: name
        sql: name
        type: string
      - name: region
        sql: "{CUBE}.region"
        type: string
      - name: phoneNumber
        sql: phone_number
        type: string
    measures:
      - name: count
        type: count
`;

const VIEWS = `
views:
  - name: order_lines
    cubes:
      - join_path: orders
        includes: [status, amount, amount_doubled, created_month, count, revenue, avg_amount, max_amount, median_amount, buyers]
      - join_path: orders.items
        prefix: true
        includes: [sku, count, quantity, value]
      - join_path: orders.customers
        prefix: true
        includes: [name, count]
  - name: customer_orders
    cubes:
      - join_path: customers
        includes: [name, region, count]
      - join_path: orders
        prefix: true
        includes: [count, revenue]
  - name: order_notes
    cubes:
      - join_path: notes
        includes: [line, count, words]
      - join_path: notes.orders.items
        prefix: true
        includes: [sku, count]
`;

const files: ModelFile[] = [
  { path: 'model/cubes/shop.yml', content: CUBES },
  { path: 'model/views/shop.yml', content: VIEWS },
];
const user: QueryUser = { groups: [], userAttributes: {}, securityContext: {} };

let engines: TestEngines;
let duck: DataSource;
let pgSource: DataSource;
let chSource: DataSource;
let model: DataModel;

beforeAll(async () => {
  engines = await seedEngines('fixtures', DATA);
  duck = engines.duck;
  pgSource = engines.pg;
  chSource = engines.ch;
  model = parseModel(files);
}, 120_000);

afterAll(async () => {
  await closeDrivers();
  await engines?.stop();
});

/** Numbers to the cent, timestamps to the second: the engines differ in decimal scale, not in values. */
const rows = (result: QueryResult) =>
  result.data.map((row) =>
    row.map((v) =>
      typeof v === 'number' ? Math.round(v * 100) / 100 : typeof v === 'string' ? v.slice(0, 19) : v,
    ),
  );

/** The query's rows on DuckDB, checked identical on PostgreSQL and ClickHouse. */
async function onBoth(sql: string): Promise<unknown[][]> {
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

describe('fan-out: a one_to_many join in a view never multiplies measures', () => {
  test('totals: 3 orders worth 180 and 4 items, not 5 orders worth 380', async () => {
    expect(
      await onBoth(
        'SELECT MEASURE(count) AS n, MEASURE(revenue) AS r, MEASURE(avg_amount) AS a, MEASURE(max_amount) AS m, MEASURE(median_amount) AS med, MEASURE(buyers) AS b, MEASURE(items_count) AS i, MEASURE(items_quantity) AS q, MEASURE(items_value) AS v FROM order_lines',
      ),
    ).toEqual([[3, 180, 60, 100, 50, 2, 4, 5, 170]]);
  });

  test('one order worth 100 with 3 items: count 1, revenue 100', async () => {
    expect(
      await onBoth(
        'SELECT MEASURE(count) AS n, MEASURE(revenue) AS r, MEASURE(items_count) AS i FROM order_lines WHERE amount = 100',
      ),
    ).toEqual([[1, 100, 3]]);
  });

  test('grouped by an order dimension', async () => {
    expect(
      await onBoth(
        'SELECT status, MEASURE(count) AS n, MEASURE(revenue) AS r, MEASURE(avg_amount) AS a, MEASURE(items_count) AS i FROM order_lines GROUP BY 1 ORDER BY 1',
      ),
    ).toEqual([
      ['open', 1, 30, 30, 0],
      ['paid', 2, 150, 75, 4],
    ]);
  });

  test('grouped by an item dimension: each order counted once per sku it holds (as Cube does)', async () => {
    expect(
      await onBoth(
        'SELECT items_sku, MEASURE(count) AS n, MEASURE(revenue) AS r, MEASURE(items_count) AS i FROM order_lines GROUP BY 1 ORDER BY 1',
      ),
    ).toEqual([
      ['A', 2, 150, 2],
      ['B', 1, 100, 2],
      [null, 1, 30, 0],
    ]);
  });

  test('filtered by an item dimension: the orders holding it, once each', async () => {
    expect(
      await onBoth(
        "SELECT MEASURE(count) AS n, MEASURE(revenue) AS r, MEASURE(items_quantity) AS q FROM order_lines WHERE items_sku = 'B'",
      ),
    ).toEqual([[1, 100, 2]]);
  });

  test('a many_to_one cube reached through orders counts each customer once', async () => {
    expect(
      await onBoth(
        'SELECT MEASURE(customers_count) AS c, MEASURE(count) AS n, MEASURE(items_count) AS i FROM order_lines',
      ),
    ).toEqual([[2, 3, 4]]);
    expect(
      await onBoth(
        'SELECT customers_name, MEASURE(customers_count) AS c, MEASURE(revenue) AS r FROM order_lines GROUP BY 1 ORDER BY 1',
      ),
    ).toEqual([
      ['Ann', 1, 150],
      ['Bob', 1, 30],
    ]);
  });
});

describe('a composite primary key', () => {
  test('identifies each row of a repeated cube: 3 notes of 15 words over 4 items, not 7 rows', async () => {
    expect(
      await onBoth(
        'SELECT MEASURE(count) AS n, MEASURE(words) AS w, MEASURE(items_count) AS i FROM order_notes',
      ),
    ).toEqual([[3, 15, 4]]);
    expect(
      await onBoth(
        'SELECT line, MEASURE(count) AS n, MEASURE(words) AS w, MEASURE(items_count) AS i FROM order_notes GROUP BY 1 ORDER BY 1',
      ),
    ).toEqual([
      [1, 2, 8, 4],
      [2, 1, 7, 3],
    ]);
  });
});

describe('a second root cube joins by its declared join, in either direction', () => {
  test('customers first, orders joined by the join declared on orders', async () => {
    expect(
      await onBoth(
        'SELECT name, MEASURE(count) AS c, MEASURE(orders_count) AS n, MEASURE(orders_revenue) AS r FROM customer_orders GROUP BY 1 ORDER BY 1',
      ),
    ).toEqual([
      ['Ann', 1, 2, 150],
      ['Bob', 1, 1, 30],
      ['Cy', 1, 0, null],
    ]);
    expect(
      await onBoth(
        'SELECT region, MEASURE(count) AS c, MEASURE(orders_revenue) AS r FROM customer_orders GROUP BY 1 ORDER BY 1',
      ),
    ).toEqual([
      ['north', 2, 150],
      ['south', 1, 30],
    ]);
  });
});

describe('Cube reference forms resolve to the member SQL', () => {
  test('{CUBE}, $-prefixed {CUBE}, {CUBE.member}, {member} and {member.month}', async () => {
    expect(
      await onBoth(
        "SELECT status, amount, amount_doubled, created_month FROM order_lines WHERE items_sku IS NULL OR items_sku = 'A' GROUP BY 1, 2, 3, 4 ORDER BY 2",
      ),
    ).toEqual([
      ['open', 30, 60, '2025-02-01T00:00:00'],
      ['paid', 50, 100, '2025-02-01T00:00:00'],
      ['paid', 100, 200, '2025-01-01T00:00:00'],
    ]);
  });

  test('a member named in camelCase is queryable, unquoted or quoted', async () => {
    expect(await onBoth("SELECT name, phoneNumber FROM customers WHERE name = 'Ann'")).toEqual([
      ['Ann', '555-1'],
    ]);
    expect(await onBoth('SELECT "phoneNumber" FROM customers WHERE id = 2')).toEqual([['555-2']]);
  });
});
