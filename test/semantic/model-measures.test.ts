import { DuckDBInstance } from '@duckdb/node-api';
import pg from 'pg';
import {
  closeDrivers,
  compileSql,
  type DataModel,
  type ModelFile,
  parseModel,
  type QueryResult,
  type QueryUser,
  runQuery,
  searchMeta,
} from '../../functions/semantic';
import { duckDbOnly, seedEngines, sourcesOf, type TestEngines } from './engines';

/**
 * Measures, dimensions and segments as Cube defines them, on small hand-made data, on DuckDB and PostgreSQL.
 * Customers: Ann (north), Bob (south), Cy (north, no orders). Orders: 10 Ann paid 100 on 2025-01-15 (items A x2
 * @20, B x1 @30, B x1 @50), 11 Ann paid 50 on 2025-02-03 (item A x1 @50), 12 Bob open 30 on 2025-02-20 (no items).
 */
const DATA = [
  'CREATE TABLE mx_customers (id INTEGER, name VARCHAR(20), region VARCHAR(20))',
  "INSERT INTO mx_customers VALUES (1, 'Ann', 'north'), (2, 'Bob', 'south'), (3, 'Cy', 'north')",
  'CREATE TABLE mx_orders (id INTEGER, customer_id INTEGER, status VARCHAR(20), amount DECIMAL(10, 2), created_at TIMESTAMP)',
  "INSERT INTO mx_orders VALUES (10, 1, 'paid', 100, TIMESTAMP '2025-01-15 10:00:00'), (11, 1, 'paid', 50, TIMESTAMP '2025-02-03 09:00:00'), (12, 2, 'open', 30, TIMESTAMP '2025-02-20 18:30:00')",
  'CREATE TABLE mx_items (id INTEGER, order_id INTEGER, sku VARCHAR(10), qty INTEGER, price DECIMAL(10, 2))',
  "INSERT INTO mx_items VALUES (100, 10, 'A', 2, 20), (101, 10, 'B', 1, 30), (102, 10, 'B', 1, 50), (103, 11, 'A', 1, 50)",
];

const CUBES = `
cubes:
  - name: orders
    sql_table: mx_orders
    public: false
    joins:
      - name: customers
        relationship: many_to_one
        sql: "{CUBE.customer_id} = {customers.id}"
      - name: items
        relationship: one_to_many
        sql: "{CUBE}.id = {items.order_id}"
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
        public: false
      - name: customer_id
        sql: customer_id
        type: number
        shown: false
      - name: status
        sql: status
        type: string
        title: Order status
        description: paid or open
        format: imageUrl
        meta: { owner: sales }
      - name: amount
        sql: amount
        type: number
        format: currency
      - name: created_at
        sql: created_at
        type: time
      - name: size
        type: string
        case:
          when:
            - sql: "{CUBE}.amount >= 100"
              label: large
            - sql: "{amount} >= 50"
              label: medium
          else:
            label: small
      - name: currency
        type: switch
        values: [EUR, USD]
    segments:
      - name: paid_orders
        sql: "{CUBE}.status = 'paid'"
      - name: big_orders
        sql: "{amount} > 40"
        title: Big orders
    measures:
      - name: count
        type: count
        drill_members: [id, status]
      - name: revenue
        type: sum
        sql: amount
        format: currency
        meta: { unit: EUR }
      - name: paid_revenue
        type: sum
        sql: "{CUBE}.amount"
        filters:
          - sql: "{CUBE}.status = 'paid'"
      - name: paid_count
        type: count
        filters:
          - sql: "{status} = 'paid'"
          - sql: "{CUBE}.amount > 0"
      - name: average_order
        type: number
        sql: "{revenue} / NULLIF({count}, 0)"
      - name: paid_share
        type: number
        sql: "1.0 * {CUBE.paid_count} / {orders.count}"
        format: percent
      - name: paid_average
        type: number
        sql: "{paid_revenue} / NULLIF({paid_count}, 0)"
      - name: average_gap
        type: number
        sql: "{average_order} - {paid_average}"
      - name: revenue_per_customer
        type: number
        sql: "{revenue} / {customers.count}"
      - name: rows_counted
        type: number
        sql: "COUNT(*)"
      - name: big_amount_total
        type: number
        sql: "SUM(CASE WHEN {amount} > 40 THEN {CUBE}.amount ELSE 0 END)"
      - name: last_order
        type: time
        sql: "MAX({CUBE}.created_at)"
      - name: all_paid
        type: boolean
        sql: "BOOL_AND({status} = 'paid')"
      - name: status_range
        type: string
        sql: "MIN({CUBE}.status) || '-' || MAX({CUBE}.status)"
      - name: buyers
        type: count_distinct_approx
        sql: customer_id
      - name: revenue_running
        type: sum
        sql: amount
        rolling_window:
          trailing: 7 day
      - name: revenue_last_year
        type: number
        sql: "{revenue}"
        multi_stage: true
        time_shift:
          - interval: 1 year
            type: prior
      - name: revenue_in_currency
        type: number
        multi_stage: true
        case:
          switch: "{CUBE.currency}"
          when:
            - value: EUR
              sql: "{CUBE.revenue}"
          else:
            sql: "{CUBE.revenue}"
      - name: internal_total
        type: sum
        sql: amount
        public: false
    access_policy:
      - group: all_rows
        row_level:
          allow_all: true
      - group: paid_rows
        row_level:
          filters:
            - member: status
              operator: equals
              values: [paid]
  - name: items
    sql_table: mx_items
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
      - name: value_per_order
        type: number
        sql: "{value} / NULLIF({orders.count}, 0)"
  - name: customers
    sql_table: mx_customers
    public: false
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: name
        sql: name
        type: string
      - name: order_count
        sql: "{orders.count}"
        type: number
        sub_query: true
      - name: lifetime_value
        sql: "{orders.paid_revenue}"
        type: number
        sub_query: true
    measures:
      - name: count
        type: count
`;

const VIEWS = `
views:
  - name: order_lines
    cubes:
      - join_path: orders
        includes: "*"
      - join_path: orders.items
        prefix: true
        includes: [sku, count, quantity, value, value_per_order]
      - join_path: orders.customers
        prefix: true
        includes: [name, count]
  - name: customer_facts
    cubes:
      - join_path: customers
        includes: [name, order_count, lifetime_value, count]
  - name: order_facts
    cubes:
      - join_path: orders
        includes: [status, size, paid_orders, count, revenue, average_order, paid_share, rows_counted]
`;

const files: ModelFile[] = [
  { path: 'model/cubes/shop.yml', content: CUBES },
  { path: 'model/views/shop.yml', content: VIEWS },
];
const user: QueryUser = { groups: ['all_rows'], userAttributes: {}, securityContext: {} };
const paidOnly: QueryUser = { groups: ['paid_rows'], userAttributes: {}, securityContext: {} };

let engines: TestEngines;
let duckPath: string;
let model: DataModel;

beforeAll(async () => {
  engines = await seedEngines('measures', DATA);
  duckPath = engines.duckPath;
  model = parseModel(files);
}, 120_000);

afterAll(async () => {
  await closeDrivers();
  await engines?.stop();
});

/** Numbers to the cent, timestamps to the second, booleans as they are. */
const normalise = (data: unknown[][]) =>
  data.map((row) =>
    row.map((v) =>
      typeof v === 'number'
        ? Math.round(v * 100) / 100
        : typeof v === 'bigint'
          ? Number(v)
          : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)
            ? Math.round(Number(v) * 100) / 100
            : typeof v === 'string'
              ? v.replace(' ', 'T').slice(0, 19)
              : v instanceof Date
                ? v.toISOString().slice(0, 19)
                : v,
    ),
  );
const rows = (result: QueryResult) => normalise(result.data);

/** The query's rows on DuckDB, checked identical on PostgreSQL and ClickHouse. */
async function onBoth(sql: string, as: QueryUser = user): Promise<unknown[][]> {
  const [a, ...others] = await Promise.all(
    sourcesOf(engines).map((source) =>
      runQuery({ model, user: as, sql, source, maxRows: 100, timeoutMs: 20_000 }),
    ),
  );
  if (!a) throw new Error('no result');
  for (const other of others) expect(rows(other)).toEqual(rows(a));
  return rows(a);
}

/** Hand-written SQL over the raw tables, on both engines (checked equal), for comparison. */
async function handBoth(sql: string): Promise<unknown[][]> {
  const instance = await DuckDBInstance.create(duckPath, { access_mode: 'READ_ONLY' });
  let a: unknown[][];
  try {
    const connection = await instance.connect();
    const reader = await connection.runAndReadAll(sql);
    a = normalise(reader.getRowsJS() as unknown[][]);
    connection.closeSync();
  } finally {
    instance.closeSync();
  }
  if (duckDbOnly) return a;
  const client = new pg.Client({ connectionString: engines.connectionString });
  await client.connect();
  try {
    const result = await client.query({ text: sql, rowMode: 'array' });
    const b = normalise(result.rows as unknown[][]);
    expect(b).toEqual(a);
  } finally {
    await client.end();
  }
  return a;
}

async function refusedOnBoth(sql: string, message: RegExp): Promise<void> {
  for (const source of sourcesOf(engines).slice(0, 2)) {
    await expect(
      runQuery({ model, user, sql, source, maxRows: 100, timeoutMs: 20_000 }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringMatching(message) });
  }
}

describe('calculated measures (type number over other measures)', () => {
  test('totals, nested and over another cube, match hand-computed numbers', async () => {
    expect(
      await onBoth(
        'SELECT MEASURE(count) AS n, MEASURE(revenue) AS r, MEASURE(average_order) AS a, MEASURE(paid_share) AS s, MEASURE(paid_average) AS pa, MEASURE(average_gap) AS g, MEASURE(revenue_per_customer) AS rc FROM order_lines',
      ),
    ).toEqual([[3, 180, 60, 0.67, 75, -15, 90]]);
  });

  test('grouped; a bare measure column is the measure too', async () => {
    expect(
      await onBoth(
        'SELECT status, average_order, MEASURE(paid_share) AS s, MEASURE(revenue_per_customer) AS rc FROM order_lines GROUP BY 1 ORDER BY 1',
      ),
    ).toEqual([
      ['open', 30, 0, 30],
      ['paid', 75, 1, 150],
    ]);
  });

  test('qualified, in HAVING, in a CTE, and windowed', async () => {
    expect(
      await onBoth(
        'SELECT o.status, MEASURE(o.average_order) AS a FROM order_lines AS o GROUP BY 1 HAVING MEASURE(o.average_order) > 40',
      ),
    ).toEqual([['paid', 75]]);
    expect(
      await onBoth(
        'WITH m AS (SELECT size, MEASURE(average_order) AS a, MEASURE(paid_share) AS s FROM order_facts GROUP BY 1) SELECT size, a, s FROM m ORDER BY a DESC',
      ),
    ).toEqual([
      ['large', 100, 1],
      ['medium', 50, 1],
      ['small', 30, 0],
    ]);
    expect(
      await onBoth(
        'SELECT status, SUM(MEASURE(revenue)) OVER (ORDER BY status) AS running, SUM(average_order) OVER (ORDER BY status) AS a FROM order_lines GROUP BY 1 ORDER BY 1',
      ),
    ).toEqual([
      ['open', 30, 30],
      ['paid', 180, 105],
    ]);
  });

  test('aggregate functions over columns: COUNT(*), SUM(CASE ...), time, boolean and string measures', async () => {
    expect(
      await onBoth(
        'SELECT MEASURE(rows_counted) AS n, MEASURE(big_amount_total) AS b, MEASURE(last_order) AS l, MEASURE(all_paid) AS p, MEASURE(status_range) AS s, MEASURE(buyers) AS u FROM order_lines',
      ),
    ).toEqual([[3, 150, '2025-02-20T18:30:00', false, 'open-paid', 2]]);
    expect(
      await onBoth(
        'SELECT customers_name, MEASURE(all_paid) AS p, MEASURE(last_order) AS l FROM order_lines GROUP BY 1 ORDER BY 1',
      ),
    ).toEqual([
      ['Ann', true, '2025-02-03T09:00:00'],
      ['Bob', false, '2025-02-20T18:30:00'],
    ]);
  });

  test('a measure reading another cube a view does not join is refused at load', () => {
    const bad = VIEWS.replace(
      'includes: [status, size, paid_orders, count, revenue, average_order, paid_share, rows_counted]',
      'includes: [status, revenue_per_customer]',
    );
    expect(() => parseModel([files[0] as ModelFile, { path: 'model/views/shop.yml', content: bad }])).toThrow(
      /revenue_per_customer reads customers, which the view does not join/,
    );
  });

  test('bad calculated measures are load errors with their path', () => {
    const broken = (sql: string) =>
      parseModel([
        {
          path: 'bad.yml',
          content: `cubes:\n  - name: t\n    sql_table: t\n    dimensions:\n      - name: x\n        sql: x\n        type: number\n    measures:\n      - name: n\n        type: count\n      - name: m\n        type: number\n        sql: "${sql}"\n      - name: m2\n        type: number\n        sql: "{m} + 1"\n`,
        },
      ]);
    expect(() => broken('{x} + {n}')).toThrow(/measures\[1\]\.sql: column .* is outside an aggregate/);
    expect(() => broken('{m2} * 2')).toThrow(/circular reference/);
    expect(() => broken('{nothing} + 1')).toThrow(/measures\[1\]\.sql/);
    expect(() => broken('(SELECT 1) + {n}')).toThrow(/subqueries are not supported/);
  });
});

describe('measure filters', () => {
  test('filtered sum and count take only the rows their filters hold for', async () => {
    expect(
      await onBoth(
        'SELECT status, MEASURE(paid_revenue) AS r, MEASURE(paid_count) AS n, MEASURE(revenue) AS t FROM order_lines GROUP BY 1 ORDER BY 1',
      ),
    ).toEqual([
      ['open', null, 0, 30],
      ['paid', 150, 2, 150],
    ]);
    expect(
      await onBoth(
        'SELECT MEASURE(paid_revenue) AS r, MEASURE(paid_count) AS n FROM order_lines WHERE amount < 100',
      ),
    ).toEqual([[50, 1]]);
  });
});

describe('fan-out: every measure against hand-written SQL', () => {
  const MEASURES =
    'MEASURE(count), MEASURE(revenue), MEASURE(paid_revenue), MEASURE(paid_count), MEASURE(average_order), MEASURE(paid_share), MEASURE(rows_counted), MEASURE(big_amount_total), MEASURE(revenue_per_customer), MEASURE(buyers), MEASURE(items_count), MEASURE(items_value), MEASURE(items_value_per_order)';
  const HAND_ORDERS = `SELECT o.id, o.customer_id, o.status, o.amount FROM mx_orders o`;
  test('totals with the items joined', async () => {
    const hand = await handBoth(`
      SELECT COUNT(*), SUM(amount), SUM(CASE WHEN status = 'paid' THEN amount END),
        COUNT(CASE WHEN status = 'paid' AND amount > 0 THEN 1 END), SUM(amount) / NULLIF(COUNT(*), 0),
        1.0 * COUNT(CASE WHEN status = 'paid' AND amount > 0 THEN 1 END) / COUNT(*), COUNT(*),
        SUM(CASE WHEN amount > 40 THEN amount ELSE 0 END),
        SUM(amount) / (SELECT COUNT(DISTINCT customer_id) FROM mx_orders),
        COUNT(DISTINCT customer_id),
        (SELECT COUNT(*) FROM mx_items), (SELECT SUM(qty * price) FROM mx_items),
        (SELECT SUM(qty * price) FROM mx_items) / COUNT(*)
      FROM (${HAND_ORDERS}) o`);
    expect(hand).toEqual([[3, 180, 150, 2, 60, 0.67, 3, 150, 90, 2, 4, 170, 56.67]]);
    expect(await onBoth(`SELECT ${MEASURES} FROM order_lines`)).toEqual(hand);
  });

  test('grouped by an item dimension: each order once per sku it holds (Cube)', async () => {
    const hand = await handBoth(`
      WITH pairs AS (SELECT DISTINCT o.id, o.customer_id, o.status, o.amount, i.sku
                     FROM mx_orders o LEFT JOIN mx_items i ON i.order_id = o.id),
      per_sku AS (SELECT i.sku, COUNT(*) AS n, SUM(i.qty * i.price) AS v
                  FROM mx_orders o LEFT JOIN mx_items i ON i.order_id = o.id WHERE i.id IS NOT NULL GROUP BY i.sku)
      SELECT p.sku, COUNT(*), SUM(p.amount), SUM(CASE WHEN p.status = 'paid' THEN p.amount END),
        COUNT(CASE WHEN p.status = 'paid' AND p.amount > 0 THEN 1 END), SUM(p.amount) / NULLIF(COUNT(*), 0),
        1.0 * COUNT(CASE WHEN p.status = 'paid' AND p.amount > 0 THEN 1 END) / COUNT(*), COUNT(*),
        SUM(CASE WHEN p.amount > 40 THEN p.amount ELSE 0 END),
        SUM(p.amount) / COUNT(DISTINCT p.customer_id), COUNT(DISTINCT p.customer_id),
        COALESCE(MAX(s.n), 0), MAX(s.v), MAX(s.v) / COUNT(*)
      FROM pairs p LEFT JOIN per_sku s ON s.sku = p.sku
      GROUP BY p.sku ORDER BY p.sku NULLS LAST`);
    expect(hand).toEqual([
      ['A', 2, 150, 150, 2, 75, 1, 2, 150, 150, 1, 2, 90, 45],
      ['B', 1, 100, 100, 1, 100, 1, 1, 100, 100, 1, 2, 80, 80],
      [null, 1, 30, null, 0, 30, 0, 1, 0, 30, 1, 0, null, null],
    ]);
    expect(await onBoth(`SELECT items_sku, ${MEASURES} FROM order_lines GROUP BY 1 ORDER BY 1`)).toEqual(
      hand,
    );
  });
});

describe('case dimensions and segments', () => {
  test('a case dimension labels rows by the first condition that holds', async () => {
    expect(
      await onBoth(
        'SELECT size, MEASURE(count) AS n, MEASURE(revenue) AS r FROM order_facts GROUP BY 1 ORDER BY 1',
      ),
    ).toEqual([
      ['large', 1, 100],
      ['medium', 1, 50],
      ['small', 1, 30],
    ]);
  });

  test('a segment is a boolean column to filter on', async () => {
    expect(
      await onBoth('SELECT MEASURE(count) AS n, MEASURE(revenue) AS r FROM order_facts WHERE paid_orders'),
    ).toEqual([[2, 150]]);
    expect(
      await onBoth(
        'SELECT MEASURE(count) AS n FROM order_lines WHERE paid_orders IS TRUE AND big_orders = true',
      ),
    ).toEqual([[2]]);
    expect(
      await onBoth(
        'SELECT MEASURE(count) AS n, MEASURE(items_count) AS i FROM order_lines WHERE NOT paid_orders OR big_orders',
      ),
    ).toEqual([[3, 4]]);
  });
});

describe('sub_query dimensions', () => {
  test("another cube's measure per row, by the join, with that measure's filters", async () => {
    expect(await onBoth('SELECT name, order_count, lifetime_value FROM customer_facts ORDER BY 1')).toEqual([
      ['Ann', 2, 150],
      ['Bob', 1, null],
      ['Cy', 0, null],
    ]);
    expect(
      await onBoth(
        'SELECT order_count, MEASURE(count) AS customers FROM customer_facts GROUP BY 1 ORDER BY 1',
      ),
    ).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
    ]);
  });

  test("the other cube's row-level policy applies inside the subquery", async () => {
    expect(await onBoth('SELECT name, order_count FROM customer_facts ORDER BY 1', paidOnly)).toEqual([
      ['Ann', 2],
      ['Bob', 0],
      ['Cy', 0],
    ]);
    expect(
      await onBoth('SELECT MEASURE(count) AS n, MEASURE(revenue) AS r FROM order_lines', paidOnly),
    ).toEqual([[2, 150]]);
  });

  test('a sub_query dimension must name a measure of a joined cube', () => {
    const bad = CUBES.replace('sql: "{orders.paid_revenue}"', 'sql: "{orders.average_order}"');
    expect(() => parseModel([{ path: 'model/cubes/shop.yml', content: bad }, files[1] as ModelFile])).toThrow(
      /customers\.dimensions\[3\]\.sql|dimensions\[3\]\.sql: a sub_query dimension reads/,
    );
  });
});

describe('rolling, shifted and case measures are refused without the dimension they need', () => {
  test('a clear 400 naming the member and the feature', async () => {
    await refusedOnBoth(
      'SELECT MEASURE(revenue_running) FROM order_lines',
      /revenue_running has a rolling window: group by one time bucket/,
    );
    await refusedOnBoth(
      'SELECT status, revenue_last_year FROM order_lines GROUP BY 1',
      /revenue_last_year is shifted in time: group by one time bucket/,
    );
    await refusedOnBoth(
      'SELECT MEASURE(revenue_in_currency) FROM order_lines',
      /revenue_in_currency depends on the switch dimension currency/,
    );
    // SELECT * leaves the switch dimension out instead of failing.
    for (const source of sourcesOf(engines).slice(0, 2)) {
      const all = await runQuery({
        model,
        user,
        sql: 'SELECT * FROM order_lines',
        source,
        maxRows: 100,
        timeoutMs: 20_000,
      });
      expect(all.totalRows).toBe(5); // order 10 x 3 items, 11 x 1, 12 without items
      expect(all.schema.map((c) => c.name)).toEqual(
        expect.arrayContaining(['status', 'size', 'paid_orders']),
      );
      expect(all.schema.map((c) => c.name)).not.toContain('currency');
    }
  });
});

describe('public, shown, title, description, format and meta', () => {
  test('non-public members are not queryable', async () => {
    await refusedOnBoth('SELECT MEASURE(internal_total) FROM order_lines', /internal_total/);
    await refusedOnBoth('SELECT id FROM order_lines', /\bid\b/);
    await refusedOnBoth('SELECT customer_id FROM order_lines', /customer_id/);
  });

  test('coreMeta shows title, description, format and meta; hides non-public members', () => {
    const meta = searchMeta(model, user, '');
    const lines = meta.cubes.find((c) => c.name === 'order_lines');
    const names = lines?.members.map((m) => m.name) ?? [];
    expect(names).not.toContain('order_lines.internal_total');
    expect(names).not.toContain('order_lines.id');
    expect(names).not.toContain('order_lines.customer_id');
    const status = lines?.members.find((m) => m.name === 'order_lines.status');
    expect(status).toMatchObject({
      title: 'Order status',
      description: 'paid or open',
      format: 'imageUrl',
      meta: { owner: 'sales' },
    });
    expect(lines?.members.find((m) => m.name === 'order_lines.revenue')).toMatchObject({
      format: 'currency',
      meta: { unit: 'EUR' },
      memberType: 'measure',
    });
    expect(lines?.members.find((m) => m.name === 'order_lines.paid_orders')).toMatchObject({
      memberType: 'dimension',
      type: 'boolean',
      segment: true,
    });
    expect(lines?.members.find((m) => m.name === 'order_lines.last_order')).toMatchObject({ type: 'time' });
  });

  test('calculated measures are computed over hidden columns that SELECT * cannot show', async () => {
    const compiled = await compileSql(model, user, 'SELECT MEASURE(average_order) AS a FROM order_facts');
    expect(compiled.sql).toContain('__m_orders_revenue');
    await expect(compileSql(model, user, 'SELECT __m_orders_revenue FROM order_facts')).rejects.toMatchObject(
      {
        status: 400,
      },
    );
    await expect(
      compileSql(
        model,
        user,
        'SELECT * FROM order_facts WHERE (SELECT MEASURE(average_order) FROM order_facts) > 0',
      ),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('SELECT * cannot be combined') });
  });
});
