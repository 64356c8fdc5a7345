/**
 * Cube's switch dimensions and case measures on DuckDB and PostgreSQL, numbers computed by hand from DATA: a
 * switch dimension repeats each row once per value; a case measure takes, per value, the measure it names.
 */
import { compileSql, parseModel, runQuery, searchMeta } from '../../functions/semantic';
import { bothEngines, EVERYONE as everyone } from './engines';

const DATA = [
  'CREATE TABLE sw_orders (id INTEGER, status VARCHAR(8), amount_usd INTEGER, amount_eur INTEGER, amount_gbp INTEGER)',
  `INSERT INTO sw_orders VALUES (1, 'a', 10, 9, 8), (2, 'a', 20, 18, 16), (3, 'b', 30, 27, 24)`,
];

const MODEL = `
cubes:
  - name: orders
    sql_table: sw_orders
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: status, sql: status, type: string }
      - name: currency
        type: switch
        values: [USD, EUR, GBP]
    measures:
      - { name: count, type: count }
      - { name: amount_usd, sql: amount_usd, type: sum }
      - { name: amount_eur, sql: amount_eur, type: sum }
      - { name: amount_gbp, sql: amount_gbp, type: sum }
      - name: amount_eur_of_a
        sql: amount_eur
        type: sum
        filters: [{ sql: "{CUBE}.status = 'a'" }]
      - name: amount_in_currency
        type: number
        multi_stage: true
        case:
          switch: "{CUBE.currency}"
          when:
            - { value: EUR, sql: "{CUBE.amount_eur}" }
            - { value: GBP, sql: "{amount_gbp}" }
          else: { sql: "{CUBE.amount_usd}" }
      - name: eur_of_a_only
        type: number
        multi_stage: true
        case:
          switch: "{currency}"
          when: [{ value: EUR, sql: "{orders.amount_eur_of_a}" }]
      - name: mixed
        type: number
        multi_stage: true
        case:
          switch: "{CUBE.currency}"
          when: [{ value: EUR, sql: "{CUBE.amount_eur}" }]
          else: { sql: "{CUBE.count}" }
      - name: converted
        type: number
        sql: "SUM(CASE WHEN {CUBE.currency} = 'EUR' THEN amount_eur ELSE amount_usd END)"
      - name: converted_rows
        type: sum
        sql: "CASE WHEN {currency} = 'GBP' THEN amount_gbp ELSE amount_usd END"
views:
  - name: sales
    cubes:
      - join_path: orders
        includes: [currency, status, amount_in_currency]
  - name: sales_without_currency
    cubes:
      - join_path: orders
        includes: [status, amount_in_currency]
`;

const engines = bothEngines('switch', DATA);
const parsed = parseModel([{ path: 'orders.yml', content: MODEL }]);
const onBoth = (sql: string) => engines.onBoth(parsed, sql);

test('grouped by the switch dimension: each value its own measure; other measures see every row', async () => {
  const sql = `SELECT currency, MEASURE(amount_in_currency) AS v, MEASURE(count) AS n FROM orders
    GROUP BY 1 ORDER BY 1`;
  expect(await onBoth(sql)).toEqual([
    ['EUR', 54, 3],
    ['GBP', 48, 3],
    ['USD', 60, 3],
  ]);
});

test('filtered to one value, grouped by another dimension', async () => {
  const sql = `SELECT status, MEASURE(amount_in_currency) AS v FROM orders WHERE currency = 'GBP'
    GROUP BY 1 ORDER BY 1`;
  expect(await onBoth(sql)).toEqual([
    ['a', 24],
    ['b', 24],
  ]);
});

test("a branch measure's filters apply; values without a branch and no else are NULL", async () => {
  const sql = 'SELECT currency, MEASURE(eur_of_a_only) AS v FROM orders GROUP BY 1 ORDER BY 1';
  expect(await onBoth(sql)).toEqual([
    ['EUR', 27],
    ['GBP', null],
    ['USD', null],
  ]);
});

test('through a view; SELECT * leaves the switch dimension out (it would repeat every row)', async () => {
  const sql = `SELECT currency, MEASURE(amount_in_currency) AS v FROM sales WHERE status = 'b'
    GROUP BY 1 ORDER BY 1`;
  expect(await onBoth(sql)).toEqual([
    ['EUR', 27],
    ['GBP', 24],
    ['USD', 30],
  ]);
  const all = await runQuery({
    model: parsed,
    user: everyone,
    sql: 'SELECT * FROM orders',
    source: engines.engines().duck,
    maxRows: 100,
    timeoutMs: 20_000,
  });
  expect(all.totalRows).toBe(3);
  expect(all.schema.map((c) => c.name)).not.toContain('currency');
});

test('a case measure without its switch dimension, or over measures of different aggregations, is refused', async () => {
  const refused = (sql: string) => compileSql(parsed, everyone, sql);
  await expect(refused('SELECT MEASURE(amount_in_currency) FROM orders')).rejects.toThrow(
    /amount_in_currency depends on the switch dimension currency: group by it, or filter it/,
  );
  await expect(
    refused('SELECT status, MEASURE(amount_in_currency) FROM sales_without_currency GROUP BY 1'),
  ).rejects.toThrow(/which sales_without_currency does not include/);
  await expect(refused('SELECT currency, MEASURE(mixed) FROM orders GROUP BY 1')).rejects.toThrow(
    /mixed is a case measure over sum and count measures/,
  );
});

test('a calculated or plain measure whose SQL reads the switch dimension needs it in the query too', async () => {
  // Without it every row would be counted once per value: 60 + 54 + 60 (USD, EUR, GBP) for `converted`.
  const refused = (sql: string) => compileSql(parsed, everyone, sql);
  await expect(refused('SELECT MEASURE(converted) FROM orders')).rejects.toThrow(
    /converted reads the switch dimension currency: group by it, or filter it/,
  );
  await expect(refused('SELECT status, MEASURE(converted_rows) FROM orders GROUP BY 1')).rejects.toThrow(
    /converted_rows reads the switch dimension currency/,
  );
  expect(
    await onBoth(`SELECT currency, MEASURE(converted) AS c, MEASURE(converted_rows) AS r FROM orders
      GROUP BY 1 ORDER BY 1`),
  ).toEqual([
    ['EUR', 54, 60],
    ['GBP', 60, 48],
    ['USD', 60, 60],
  ]);
  expect(await onBoth(`SELECT MEASURE(converted) AS c FROM orders WHERE currency = 'EUR'`)).toEqual([[54]]);
});

test('case and switch mistakes are model errors naming them', () => {
  expect(() => parseModel([{ path: 'o.yml', content: MODEL.replace('value: GBP', 'value: JPY') }])).toThrow(
    /value JPY is not a value of currency \(USD, EUR, GBP\)/,
  );
  expect(() =>
    parseModel([{ path: 'o.yml', content: MODEL.replace('switch: "{currency}"', 'switch: "{status}"') }]),
  ).toThrow(/case.switch must name a switch dimension of orders/);
  expect(() =>
    parseModel([{ path: 'o.yml', content: MODEL.replace('sql: "{amount_gbp}"', 'sql: "{amount_gbp} * 2"') }]),
  ).toThrow(/must name one measure of orders/);
});

test('coreMeta shows the switch values and which dimension a case measure needs', () => {
  const orders = searchMeta(parsed, everyone, '').cubes.find((c) => c.name === 'orders');
  const member = (name: string) => orders?.members.find((m) => m.name === `orders.${name}`);
  expect(member('currency')).toMatchObject({ type: 'string', values: ['USD', 'EUR', 'GBP'] });
  expect(member('amount_in_currency')).toMatchObject({ aggType: 'sum', switchDimension: 'currency' });
});
