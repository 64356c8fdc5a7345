/**
 * FILTER_PARAMS push-down on DuckDB and PostgreSQL. The cube's SQL counts the rows it reads (`COUNT(*) OVER ()`),
 * so each test sees exactly which filters reached it; every other figure must equal the same query on a model
 * whose FILTER_PARAMS are `1 = 1` (pushing only removes rows the query removes anyway).
 */

import fc from 'fast-check';
import { compileSql, type DataModel, parseModel, runQuery } from '../../functions/semantic';
import { bothEngines, EVERYONE as everyone } from './engines';

const DATA = [
  'CREATE TABLE fp_sales (id INTEGER, day DATE, region VARCHAR(8), amount INTEGER)',
  `INSERT INTO fp_sales VALUES (1, DATE '2024-01-01', 'north', 10), (2, DATE '2024-01-02', 'north', 20),
    (3, DATE '2024-01-03', 'south', 30), (4, DATE '2024-01-03', 'north', 40), (5, DATE '2024-01-04', 'east', 50),
    (6, DATE '2024-01-05', 'O''Brien', 60)`,
];

const model = (where: string) => `
cubes:
  - name: sales
    sql: >
      SELECT *, COUNT(*) OVER () AS rows_read FROM fp_sales
      WHERE ${where}
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: day, sql: day, type: time }
      - { name: region, sql: region, type: string }
      - { name: amount, sql: amount, type: number }
      - { name: rows_read, sql: rows_read, type: number }
    measures:
      - { name: count, type: count }
      - { name: revenue, sql: amount, type: sum }
views:
  - name: sales_view
    cubes:
      - join_path: sales
        includes: [{ name: region, alias: area }, day, amount, rows_read, revenue]
`;

const PUSHED = model(
  "{FILTER_PARAMS.sales.region.filter('region')} AND {FILTER_PARAMS.sales.day.filter('day')} AND {FILTER_PARAMS.sales.amount.filter('amount')}",
);

const engines = bothEngines('filter-params', DATA);
const pushed = parseModel([{ path: 'sales.yml', content: PUSHED }]);
const plain = parseModel([{ path: 'sales.yml', content: model('1 = 1') }]);
const onBoth = (parsed: DataModel, sql: string) => engines.onBoth(parsed, sql);

/** Rows the cube SQL read for `where`. */
const rowsRead = async (where: string, from = 'sales') =>
  (await onBoth(pushed, `SELECT MAX(rows_read) FROM ${from} ${where}`))[0]?.[0];

test('=, IN, ranges and BETWEEN on the query reach the cube SQL; other figures are unchanged', async () => {
  expect(await rowsRead('')).toBe(6);
  expect(await rowsRead("WHERE region = 'north'")).toBe(3);
  expect(await rowsRead("WHERE day >= '2024-01-02' AND region IN ('north', 'south')")).toBe(3);
  expect(await rowsRead("WHERE day BETWEEN '2024-01-02' AND '2024-01-03' AND 25 < amount")).toBe(2);
  expect(await rowsRead("WHERE (region <> 'east' AND amount <= 20)")).toBe(2);
  // The parser keeps a string as written ('O''Brien'); the pushed value is the string itself.
  expect(await rowsRead("WHERE region = 'O''Brien'")).toBe(1);
  for (const where of ["WHERE region = 'north'", "WHERE day > '2024-01-01' AND amount >= 30", '']) {
    const sql = `SELECT region, MEASURE(revenue), MEASURE(count) FROM sales ${where} GROUP BY 1 ORDER BY 1`;
    expect(await onBoth(pushed, sql)).toEqual(await onBoth(plain, sql));
  }
});

test('through a view, by the alias the view gives the member', async () => {
  expect(await rowsRead("WHERE area = 'south'", 'sales_view')).toBe(1);
});

test('nothing is pushed that could change rows: OR, an object read twice, a filter outside its SELECT', async () => {
  expect(await rowsRead("WHERE region = 'north' OR amount > 40")).toBe(6);
  expect(await rowsRead("WHERE region = lower('NORTH')")).toBe(6);
  const twice = await onBoth(
    pushed,
    `SELECT (SELECT MAX(rows_read) FROM sales WHERE region = 'north'), (SELECT COUNT(*) FROM sales WHERE region = 'south')`,
  );
  expect(twice).toEqual([[6, 1]]);
  const outside = await onBoth(
    pushed,
    "SELECT MAX(r) FROM (SELECT region, rows_read AS r FROM sales) AS s WHERE s.region = 'north'",
  );
  expect(outside).toEqual([[6]]);
});

test('pushed values travel as parameters, never as SQL text inside the cube SQL', async () => {
  const compiled = await compileSql(
    pushed,
    everyone,
    "SELECT COUNT(*) FROM sales WHERE region = 'x'' OR 1=1 --'",
  );
  const secured = compiled.sql.slice(0, compiled.sql.indexOf(' SELECT COUNT(*)'));
  expect(secured).toContain('WHERE (region = $1) AND 1 = 1 AND 1 = 1');
  expect(secured).not.toContain('OR 1=1');
  expect(compiled.params).toContain("x' OR 1=1 --");
  expect(await rowsRead("WHERE region = 'x'' OR 1=1 --'")).toBe(null);
  // A quote in a value is the same value inside and outside (a parameter holding the text as written would not be).
  expect(
    await onBoth(pushed, "SELECT MAX(rows_read), COUNT(*) FROM sales WHERE region <> 'O''Brien'"),
  ).toEqual([[5, 5]]);
});

test('property: any WHERE gives the same figures with and without push-down (DuckDB)', async () => {
  const region = fc.constantFrom("'north'", "'south'", "'east'", "'O''Brien'", "'x'");
  const day = fc.constantFrom("'2024-01-01'", "'2024-01-03'", "'2024-01-05'");
  const amount = fc.constantFrom('0', '20', '35', '60');
  const op = fc.constantFrom('=', '<>', '<', '<=', '>', '>=');
  const atom = fc.oneof(
    fc.tuple(fc.constantFrom('region', 'area'), op, region).map(([c, o, v]) => `${c} ${o} ${v}`),
    fc.tuple(op, day).map(([o, v]) => `day ${o} ${v}`),
    fc.tuple(op, amount).map(([o, v]) => `${v} ${o} amount`),
    fc.array(region, { minLength: 1, maxLength: 3 }).map((vs) => `region IN (${vs.join(', ')})`),
    fc.tuple(day, day).map(([a, b]) => `day BETWEEN ${a} AND ${b}`),
  );
  const condition = fc.letrec<{ c: string }>((tie) => ({
    c: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      atom,
      fc.tuple(tie('c'), tie('c')).map(([a, b]) => `(${a} AND ${b})`),
      fc.tuple(tie('c'), tie('c')).map(([a, b]) => `(${a} OR ${b})`),
      tie('c').map((a) => `NOT (${a})`),
    ),
  })).c;
  const run = async (parsed: DataModel, sql: string) =>
    (
      await runQuery({
        model: parsed,
        user: everyone,
        sql,
        source: engines.engines().duck,
        maxRows: 100,
        timeoutMs: 20_000,
      })
    ).data;
  await fc.assert(
    fc.asyncProperty(fc.array(condition, { minLength: 1, maxLength: 3 }), async (parts) => {
      const where = parts.join(' AND ').replaceAll('area', 'region');
      const sql = `SELECT region, day, MEASURE(count), MEASURE(revenue) FROM sales WHERE ${where} GROUP BY 1, 2 ORDER BY 1, 2`;
      expect(await run(pushed, sql)).toEqual(await run(plain, sql));
      const view = `SELECT area, MEASURE(revenue) FROM sales_view WHERE ${parts.join(' AND ').replaceAll('region', 'area')} GROUP BY 1 ORDER BY 1`;
      expect(await run(pushed, view)).toEqual(await run(plain, view));
    }),
    { numRuns: 150, seed: 20261124 },
  );
});
