/**
 * Cube's multi-stage measures with group_by (fixed dimension, percent of total) and reduce_by (ranking), on
 * DuckDB and PostgreSQL, every figure computed by hand from DATA.
 */
import { compileSql, parseModel } from '../../functions/semantic';
import { bothEngines, EVERYONE as everyone } from './engines';

const DATA = [
  'CREATE TABLE ms_sales (id INTEGER, product VARCHAR(4), country VARCHAR(12), revenue INTEGER)',
  `INSERT INTO ms_sales VALUES (1, 'A', 'USA', 1000), (2, 'B', 'USA', 2000), (3, 'A', 'Austria', 3000),
    (4, 'B', 'Austria', 4000), (5, 'A', 'NL', 5000), (6, 'B', 'NL', 6000), (7, 'A', 'USA', 1500)`,
];

const MODEL = `
cubes:
  - name: sales
    sql_table: ms_sales
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: product, sql: product, type: string }
      - { name: country, sql: country, type: string }
    measures:
      - { name: revenue, sql: revenue, type: sum }
      - { name: top_sale, sql: revenue, type: max }
      - name: country_revenue
        multi_stage: true
        sql: "{revenue}"
        type: sum
        group_by: [country]
      - name: country_share
        multi_stage: true
        sql: "1.0 * {revenue} / NULLIF({country_revenue}, 0)"
        type: number
      - name: country_top_sale
        multi_stage: true
        sql: "{top_sale}"
        type: max
        group_by: [country]
      - name: product_rank
        multi_stage: true
        type: rank
        order_by: [{ sql: "{revenue}", dir: asc }]
        reduce_by: [product]
      - name: all_products_revenue
        multi_stage: true
        sql: "{revenue}"
        type: sum
        reduce_by: [product]
      - name: avg_customer_revenue
        multi_stage: true
        sql: "{revenue}"
        type: avg
        add_group_by: [product]
`;

const engines = bothEngines('multi-stage', DATA);
const parsed = parseModel([{ path: 'sales.yml', content: MODEL }]);
const onBoth = (sql: string) => engines.onBoth(parsed, sql);

test('group_by: the revenue of the row\u2019s country whatever else is grouped, and its share', async () => {
  const sql = `SELECT country, product, MEASURE(revenue), MEASURE(country_revenue), MEASURE(country_share)
    FROM sales GROUP BY 1, 2 ORDER BY 1, 2`;
  expect(await onBoth(sql)).toEqual([
    ['Austria', 'A', 3000, 7000, 0.4286],
    ['Austria', 'B', 4000, 7000, 0.5714],
    ['NL', 'A', 5000, 11000, 0.4545],
    ['NL', 'B', 6000, 11000, 0.5455],
    ['USA', 'A', 2500, 4500, 0.5556],
    ['USA', 'B', 2000, 4500, 0.4444],
  ]);
  // Not grouped by country: the total over every country; max of max by country likewise.
  expect(
    await onBoth(
      'SELECT product, MEASURE(country_revenue), MEASURE(country_top_sale) FROM sales GROUP BY 1 ORDER BY 1',
    ),
  ).toEqual([
    ['A', 22500, 6000],
    ['B', 22500, 6000],
  ]);
  expect(await onBoth('SELECT country, MEASURE(country_top_sale) FROM sales GROUP BY 1 ORDER BY 1')).toEqual([
    ['Austria', 4000],
    ['NL', 6000],
    ['USA', 2000],
  ]);
});

test('reduce_by: a rank of products within each country, and a sum over the reduced dimension', async () => {
  const sql = `SELECT country, product, MEASURE(product_rank) AS r, MEASURE(all_products_revenue) AS t
    FROM sales GROUP BY 1, 2 ORDER BY 1, 3`;
  expect(await onBoth(sql)).toEqual([
    ['Austria', 'A', 1, 7000],
    ['Austria', 'B', 2, 7000],
    ['NL', 'A', 1, 11000],
    ['NL', 'B', 2, 11000],
    ['USA', 'B', 1, 4500],
    ['USA', 'A', 2, 4500],
  ]);
  // The query's WHERE applies to every stage: only product A is left to rank and to add up.
  expect(
    await onBoth(
      "SELECT country, product, MEASURE(product_rank), MEASURE(country_revenue) FROM sales WHERE product = 'A' GROUP BY 1, 2 ORDER BY 1",
    ),
  ).toEqual([
    ['Austria', 'A', 1, 3000],
    ['NL', 'A', 1, 5000],
    ['USA', 'A', 1, 2500],
  ]);
});

test('what the groups of the query cannot give is refused with the reason', async () => {
  const refused = (sql: string) => compileSql(parsed, everyone, sql);
  await expect(
    refused('SELECT country, MEASURE(revenue) FROM sales GROUP BY 1 HAVING MEASURE(country_revenue) > 1'),
  ).rejects.toThrow(/computed over the query's groups/);
  await expect(
    refused('SELECT product, MEASURE(avg_customer_revenue) FROM sales GROUP BY 1'),
  ).rejects.toThrow(/avg_customer_revenue uses add_group_by, which queries cannot compute yet/);
  expect(() =>
    parseModel([{ path: 's.yml', content: MODEL.replace('group_by: [country]', 'group_by: [region]') }]),
  ).toThrow(/group_by names region, which is not a dimension of sales/);
});
