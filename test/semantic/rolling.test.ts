/**
 * Cube's `rolling_window` measures (trailing, leading, offset start/end, unbounded, to_date) on DuckDB and
 * PostgreSQL: every figure below was computed by hand from the eight rows of DATA, window by window, with Cube's
 * rule (a bucket ending at E takes the rows in (E - trailing, E + leading]; offset start anchors at its start).
 * What a window function over buckets cannot give exactly is refused with the reason.
 */
import { compileSql, parseModel, runQuery, searchMeta } from '../../functions/semantic';
import { bothEngines, EVERYONE as everyone } from './engines';

const DATA = [
  'CREATE TABLE rw_orders (id INTEGER, created_at TIMESTAMP, amount INTEGER, status VARCHAR(8))',
  `INSERT INTO rw_orders VALUES
    (1, TIMESTAMP '2024-01-10 09:00:00', 10, 'a'), (2, TIMESTAMP '2024-01-20 09:00:00', 20, 'b'),
    (3, TIMESTAMP '2024-02-05 09:00:00', 5, 'a'), (4, TIMESTAMP '2024-04-01 00:00:00', 40, 'a'),
    (5, TIMESTAMP '2024-04-30 23:00:00', 7, 'b'), (6, TIMESTAMP '2024-12-31 12:00:00', 100, 'a'),
    (7, TIMESTAMP '2025-01-15 09:00:00', 1, 'a'), (8, TIMESTAMP '2025-03-31 23:59:59', 3, 'b')`,
];

const MODEL = `
cubes:
  - name: orders
    sql_table: rw_orders
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: created_at, sql: created_at, type: time }
      - { name: status, sql: status, type: string }
    measures:
      - { name: count, type: count }
      - name: count_cumulative
        type: count
        rolling_window: { trailing: unbounded }
      - name: amount_3m
        sql: amount
        type: sum
        rolling_window: { trailing: 3 months }
      - name: amount_next_2m
        sql: amount
        type: sum
        rolling_window: { leading: 2 month }
      - name: amount_previous_month
        sql: amount
        type: sum
        rolling_window: { trailing: 1 month, offset: start }
      - name: amount_ytd
        sql: amount
        type: sum
        rolling_window: { type: to_date, granularity: year }
      - name: avg_3m
        sql: amount
        type: avg
        rolling_window: { trailing: 3 months }
      - name: max_cumulative
        sql: amount
        type: max
        rolling_window: { trailing: unbounded }
      - name: active_3m
        sql: status
        type: count_distinct
        rolling_window: { trailing: 3 months }
      - { name: amount, sql: amount, type: sum }
      - name: amount_prior_month
        multi_stage: true
        sql: "{amount}"
        type: number
        time_shift: [{ interval: 1 month, type: prior }]
      - name: amount_prior_year
        multi_stage: true
        sql: "{CUBE.amount}"
        type: number
        time_shift: [{ time_dimension: created_at, interval: 1 year, type: prior }]
      - name: amount_next_month
        multi_stage: true
        sql: "{amount}"
        type: number
        time_shift: [{ interval: 1 month, type: next }]
      - name: amount_change
        multi_stage: true
        sql: "{amount} - {amount_prior_month}"
        type: number
      - name: share_of_3m
        sql: "1.0 * {amount} / NULLIF({amount_3m}, 0)"
        type: number
      - name: statuses_prior_month
        multi_stage: true
        sql: "{active}"
        type: number
        time_shift: [{ interval: 1 month, type: prior }]
      - { name: active, sql: status, type: count_distinct }
views:
  - name: sales
    cubes:
      - join_path: orders
        includes: [created_at, status, amount_3m, count_cumulative]
`;

const engines = bothEngines('rolling', DATA, 3, ['ROLLING_WINDOW']);
const parsed = parseModel([{ path: 'orders.yml', content: MODEL }]);
/** The query on both engines, which must agree: dates to the day, numbers rounded to 3 places. */
const onBoth = (sql: string) => engines.onBoth(parsed, sql);

const MONTHS = ['2024-01-01', '2024-02-01', '2024-04-01', '2024-12-01', '2025-01-01', '2025-03-01'];
const byMonth = (values: unknown[]) => MONTHS.map((month, i) => [month, values[i]]);
const monthly = (measure: string) =>
  `SELECT DATE_TRUNC('month', created_at) AS month, MEASURE(${measure}) AS v FROM orders GROUP BY 1 ORDER BY 1`;

test('unbounded trailing: a running count, month by month', async () => {
  expect(await onBoth(monthly('count_cumulative'))).toEqual(byMonth([2, 3, 5, 6, 7, 8]));
});

test('trailing 3 months: the bucket and the two before it (gaps included)', async () => {
  expect(await onBoth(monthly('amount_3m'))).toEqual(byMonth([30, 35, 52, 100, 101, 4]));
});

test('leading 2 months (no trailing): the two buckets after, not the bucket itself', async () => {
  expect(await onBoth(monthly('amount_next_2m'))).toEqual(byMonth([5, 47, null, 1, 3, null]));
});

test('offset start with trailing 1 month: the month before the bucket', async () => {
  expect(await onBoth(monthly('amount_previous_month'))).toEqual(byMonth([null, 30, null, null, 100, null]));
});

test('to_date by year: year to date, restarting each January', async () => {
  expect(await onBoth(monthly('amount_ytd'))).toEqual(byMonth([30, 35, 82, 182, 1, 4]));
});

test('avg over a window is its sum over its count; max over all earlier buckets', async () => {
  expect(await onBoth(monthly('avg_3m'))).toEqual(byMonth([15, 11.667, 17.333, 100, 50.5, 2]));
  expect(await onBoth(monthly('max_cumulative'))).toEqual(byMonth([20, 20, 40, 100, 100, 100]));
});

test('other GROUP BY columns partition the window (each status runs on its own)', async () => {
  const sql = `SELECT DATE_TRUNC('month', created_at) AS month, status, MEASURE(count_cumulative) AS n
    FROM orders GROUP BY 1, 2 ORDER BY 2, 1`;
  expect(await onBoth(sql)).toEqual([
    ['2024-01-01', 'a', 1],
    ['2024-02-01', 'a', 2],
    ['2024-04-01', 'a', 3],
    ['2024-12-01', 'a', 4],
    ['2025-01-01', 'a', 5],
    ['2024-01-01', 'b', 1],
    ['2024-04-01', 'b', 2],
    ['2025-03-01', 'b', 3],
  ]);
});

test('day buckets with a 3-month window; a filter on another column applies to the rows first', async () => {
  const sql = `SELECT DATE_TRUNC('day', created_at) AS day, MEASURE(amount_3m) AS v FROM orders
    GROUP BY 1 ORDER BY 1 LIMIT 5`;
  expect(await onBoth(sql)).toEqual([
    ['2024-01-10', 10],
    ['2024-01-20', 30],
    ['2024-02-05', 35],
    ['2024-04-01', 75],
    ['2024-04-30', 52],
  ]);
  const onlyA = `SELECT DATE_TRUNC('month', created_at) AS month, MEASURE(amount_3m) AS v FROM orders
    WHERE status = 'a' GROUP BY 1 ORDER BY 1`;
  expect(await onBoth(onlyA)).toEqual([
    ['2024-01-01', 10],
    ['2024-02-01', 15],
    ['2024-04-01', 45],
    ['2024-12-01', 100],
    ['2025-01-01', 101],
  ]);
});

test('through a view, and filtered in an outer query (the window still looks back)', async () => {
  const sql = `SELECT * FROM (SELECT DATE_TRUNC('month', created_at) AS month, MEASURE(amount_3m) AS v
    FROM sales GROUP BY 1) AS r WHERE r.month >= '2024-04-01' ORDER BY 1`;
  expect(await onBoth(sql)).toEqual([
    ['2024-04-01', 52],
    ['2024-12-01', 100],
    ['2025-01-01', 101],
    ['2025-03-01', 4],
  ]);
});

test('time shift: the base measure one bucket-interval earlier or later (prior, next, a year over months)', async () => {
  expect(await onBoth(monthly('amount_prior_month'))).toEqual(byMonth([null, 30, null, null, 100, null]));
  expect(await onBoth(monthly('amount_prior_year'))).toEqual(byMonth([null, null, null, null, 30, null]));
  expect(await onBoth(monthly('amount_next_month'))).toEqual(byMonth([5, null, null, 1, null, null]));
  // Any aggregation can be shifted: the frame holds exactly one bucket (statuses seen the month before).
  expect(await onBoth(monthly('statuses_prior_month'))).toEqual(byMonth([null, 2, null, null, 1, null]));
});

test('calculated measures over shifted and rolling measures (month-over-month change, share of 3 months)', async () => {
  expect(await onBoth(monthly('amount_change'))).toEqual(byMonth([null, -25, null, null, -99, null]));
  expect(await onBoth(monthly('share_of_3m'))).toEqual(byMonth([1, 0.143, 0.904, 1, 0.01, 0.75]));
});

test('what a window over buckets cannot give exactly is refused with the reason', async () => {
  const refused = (sql: string) => compileSql(parsed, everyone, sql);
  await expect(refused('SELECT MEASURE(amount_3m) FROM orders')).rejects.toThrow(
    /group by one time bucket, e.g. DATE_TRUNC/,
  );
  await expect(
    refused(
      `SELECT DATE_TRUNC('month', created_at), MEASURE(amount_3m) FROM orders WHERE created_at >= '2024-04-01' GROUP BY 1`,
    ),
  ).rejects.toThrow(/reads other buckets than the ones a filter on its time .* filter the buckets outside/);
  await expect(
    refused(
      `SELECT DATE_TRUNC('month', o.created_at), MEASURE(amount_prior_month) FROM orders AS o WHERE created_at < '2025-01-01' GROUP BY 1`,
    ),
  ).rejects.toThrow(/shifted in time, which reads other buckets/);
  await expect(
    refused(`SELECT DATE_TRUNC('week', created_at), MEASURE(amount_3m) FROM orders GROUP BY 1`),
  ).rejects.toThrow(/week buckets do not divide: group by a finer bucket/);
  await expect(
    refused(`SELECT DATE_TRUNC('week', created_at), MEASURE(amount_ytd) FROM orders GROUP BY 1`),
  ).rejects.toThrow(/start of each year, which week buckets do not divide/);
  await expect(
    refused(`SELECT DATE_TRUNC('month', created_at), MEASURE(active_3m) FROM orders GROUP BY 1`),
  ).rejects.toThrow(/rolling window over a count_distinct measure, which queries cannot compute yet/);
  await expect(
    refused(
      `SELECT DATE_TRUNC('month', created_at) AS m, COUNT(*) FROM orders GROUP BY 1 HAVING MEASURE(amount_3m) > 1`,
    ),
  ).rejects.toThrow(/select it \(or order by it\)/);
  await expect(refused('SELECT MEASURE(amount_prior_month) FROM orders')).rejects.toThrow(
    /amount_prior_month is shifted in time: group by one time bucket/,
  );
  await expect(
    refused(`SELECT DATE_TRUNC('week', created_at), MEASURE(amount_prior_month) FROM orders GROUP BY 1`),
  ).rejects.toThrow(/shifted by 1 month, which does not land on a week bucket/);
  expect(() =>
    parseModel([
      { path: 'o.yml', content: MODEL.replace('time_dimension: created_at', 'time_dimension: status') },
    ]),
  ).toThrow(/time_dimension status is not a time dimension of orders/);
  expect(() =>
    parseModel([{ path: 'o.yml', content: MODEL.replace('trailing: 3 months }', 'trailing: soon }') }]),
  ).toThrow(/must be "unbounded" or an interval/);
  expect(() =>
    parseModel([
      { path: 'o.yml', content: MODEL.replace('type: to_date, granularity: year', 'type: to_date') },
    ]),
  ).toThrow(/type: to_date needs a granularity/);
});

test('coreMeta shows a rolling measure its window', () => {
  const orders = searchMeta(parsed, everyone, '').cubes.find((c) => c.name === 'orders');
  expect(orders?.members.find((m) => m.name === 'orders.amount_3m')).toMatchObject({
    aggType: 'sum',
    rollingWindow: { trailing: '3 months' },
  });
});

test('ClickHouse refuses calendar-interval windows by name and runs the rest (unbounded, to-date) on its own', async () => {
  // Runs after the file's other tests: each refused query added its feature.
  expect(engines.clickHouseRefusals()).toContain('ROLLING_WINDOW');
  expect(engines.clickHouseRefusals().every((feature) => feature === 'ROLLING_WINDOW')).toBe(true);
  const { ch } = engines.engines();
  const refused = await runQuery({
    model: parsed,
    user: everyone,
    sql: monthly('amount_3m'),
    source: ch,
    maxRows: 10,
    timeoutMs: 10_000,
  }).catch((error: unknown) => error);
  expect(refused).toMatchObject({
    code: 'SQL_NOT_ALLOWED',
    feature: 'ROLLING_WINDOW',
    dialect: 'clickhouse',
  });
  expect(String((refused as Error).message)).toMatch(/ROLLING_WINDOW is not supported on clickhouse/);
  const unbounded = await runQuery({
    model: parsed,
    user: everyone,
    sql: monthly('count_cumulative'),
    source: ch,
    maxRows: 10,
    timeoutMs: 10_000,
  });
  expect(unbounded.data.map((row) => row[1])).toEqual([2, 3, 5, 6, 7, 8]);
});
