/**
 * The secure stage (sql/secure.ts) on DuckDB, beyond the root cube's filters: a sub_query dimension's scalar
 * subquery carries its own cube's row-level policy (a user matching none of that cube's policies sees no row of
 * it, not every row), each aggregate type is written as itself, a subquery read twice allocates its parameters
 * once, and several joined cubes each bring their own policy. Exact rows, computed by hand from DATA.
 */
import {
  closeDrivers,
  compileSql,
  type DataModel,
  parseModel,
  type QueryUser,
  runQuery,
} from '../../functions/semantic';
import { duckDbFile } from '../support/duckdb-file';

const DATA = [
  'CREATE TABLE ss_customers (id INTEGER, name VARCHAR, region VARCHAR, team_id INTEGER)',
  `INSERT INTO ss_customers VALUES (1, 'Ann', 'north', 1), (2, 'Bob', 'south', 2), (3, 'Cy', 'north', 2)`,
  'CREATE TABLE ss_orders (id INTEGER, customer_id INTEGER, region VARCHAR, sku VARCHAR, amount INTEGER)',
  // Ann: north 10 (a), north 20 (a), south 60 (b). Bob: south 40 (c). Cy: none.
  `INSERT INTO ss_orders VALUES (1, 1, 'north', 'a', 10), (2, 1, 'north', 'a', 20), (3, 1, 'south', 'b', 60),
    (4, 2, 'south', 'c', 40)`,
  'CREATE TABLE ss_teams (id INTEGER, name VARCHAR, region VARCHAR)',
  `INSERT INTO ss_teams VALUES (1, 'red', 'north'), (2, 'blue', 'south')`,
];

// The join to orders is declared on customers (the sub_query's own cube); orders declares its join back to
// customers too, so the subquery's correlation is read from either side.
const MODEL = `
cubes:
  - name: customers
    sql_table: ss_customers
    joins:
      - name: orders
        relationship: one_to_many
        sql: "{CUBE}.id = {orders.customer_id}"
      - name: teams
        relationship: many_to_one
        sql: "{CUBE}.team_id = {teams.id}"
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: name, sql: name, type: string }
      - { name: region, sql: region, type: string }
      - { name: orders_n, sql: "{orders.count}", type: number, sub_query: true }
      - { name: orders_total, sql: "{orders.total}", type: number, sub_query: true }
      - { name: orders_avg, sql: "{orders.mean}", type: number, sub_query: true }
      - { name: orders_min, sql: "{orders.smallest}", type: number, sub_query: true }
      - { name: orders_max, sql: "{orders.largest}", type: number, sub_query: true }
      - { name: orders_skus, sql: "{orders.skus}", type: number, sub_query: true }
      - { name: orders_skus_approx, sql: "{orders.skus_approx}", type: number, sub_query: true }
      - { name: orders_median, sql: "{orders.middle}", type: number, sub_query: true }
    measures:
      - { name: count, type: count }
    access_policy:
      - group: all_customers
        row_level:
          allow_all: true
      - group: north_customers
        row_level:
          filters:
            - { member: region, operator: equals, values: [north] }
  - name: orders
    sql_table: ss_orders
    joins:
      - name: customers
        relationship: many_to_one
        sql: "{CUBE}.customer_id = {customers.id}"
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: region, sql: region, type: string }
      - { name: sku, sql: sku, type: string }
    measures:
      - { name: count, type: count }
      - { name: total, sql: amount, type: sum }
      - { name: mean, sql: amount, type: avg }
      - { name: smallest, sql: amount, type: min }
      - { name: largest, sql: amount, type: max }
      - { name: skus, sql: sku, type: count_distinct }
      - { name: skus_approx, sql: sku, type: count_distinct_approx }
      - { name: middle, sql: amount, type: median }
    access_policy:
      - group: all_orders
        row_level:
          allow_all: true
      - group: north_orders
        row_level:
          filters:
            - { member: region, operator: equals, values: [north] }
      # Matches, shows the members, and grants no row (docs/data-model.md).
      - group: no_orders
        row_level:
          allow_all: false
  - name: teams
    sql_table: ss_teams
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: name, sql: name, type: string }
      - { name: region, sql: region, type: string }
      # The join is declared on customers only: the subquery's correlation is read from the other side.
      - { name: members_n, sql: "{customers.count}", type: number, sub_query: true }
    access_policy:
      - group: all_teams
        row_level:
          allow_all: true
      - group: north_teams
        row_level:
          filters:
            - { member: region, operator: equals, values: [north] }
views:
  - name: people
    cubes:
      - join_path: customers
        includes: [name, orders_n, orders_total]
      - join_path: customers.orders
        prefix: true
        includes: [sku]
      - join_path: customers.teams
        prefix: true
        includes: [name]
`;

const as = (...groups: string[]): QueryUser => ({ groups, userAttributes: {}, securityContext: {} });
const ALL = as('all_customers', 'all_teams', 'all_orders');

let file: Awaited<ReturnType<typeof duckDbFile>> | undefined;
let database: string;
const model: DataModel = parseModel([{ path: 'secure.yml', content: MODEL }]);

beforeAll(async () => {
  file = await duckDbFile('secure', DATA);
  ({ database } = file);
});

afterAll(async () => {
  await closeDrivers();
  file?.remove();
});

async function rows(user: QueryUser, sql: string): Promise<unknown[][]> {
  const result = await runQuery({ model, user, sql, source: { kind: 'duckdb', database }, maxRows: 100 });
  return result.data.map((row) =>
    row.map((v) =>
      typeof v === 'bigint' ? Number(v) : typeof v === 'number' ? Math.round(v * 100) / 100 : v,
    ),
  );
}

describe("a sub_query dimension's subquery", () => {
  test('writes each aggregate type as itself, per customer', async () => {
    const sql = `SELECT name, orders_n, orders_total, orders_avg, orders_min, orders_max, orders_skus,
      orders_skus_approx, orders_median FROM customers ORDER BY name`;
    expect(await rows(ALL, sql)).toEqual([
      ['Ann', 3, 90, 30, 10, 60, 2, 2, 20],
      ['Bob', 1, 40, 40, 40, 40, 1, 1, 40],
      ['Cy', 0, null, null, null, null, 0, 0, null],
    ]);
  });

  test('a median is PERCENTILE_CONT on PostgreSQL and median() on DuckDB', async () => {
    const sql = 'SELECT name, orders_median FROM customers';
    const pg = await compileSql(model, ALL, sql, 'postgres');
    expect(pg.sql).toContain(
      '(SELECT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY "__sq_orders"."amount") FROM "public"."ss_orders" AS "__sq_orders" WHERE',
    );
    const duck = await compileSql(model, ALL, sql, 'duckdb');
    expect(duck.sql).toContain(
      '(SELECT median(CAST("__sq_orders"."amount" AS DOUBLE)) FROM "data"."main"."ss_orders"',
    );
  });

  test("applies the other cube's row-level policy inside the subquery", async () => {
    const sql = 'SELECT name, orders_n, orders_total, orders_max, orders_skus FROM customers ORDER BY name';
    // Only north orders count: Ann's two, Bob's none.
    expect(await rows(as('all_customers', 'north_orders'), sql)).toEqual([
      ['Ann', 2, 30, 20, 1],
      ['Bob', 0, null, null, 0],
      ['Cy', 0, null, null, 0],
    ]);
  });

  test('a user the other cube grants no row counts none of its rows', async () => {
    const user = as('all_customers', 'no_orders');
    expect(await rows(user, 'SELECT name, orders_n, orders_total FROM customers ORDER BY name')).toEqual([
      ['Ann', 0, null],
      ['Bob', 0, null],
      ['Cy', 0, null],
    ]);
    const compiled = await compileSql(model, user, 'SELECT name, orders_n FROM customers', 'duckdb');
    expect(compiled.sql).toContain('WHERE ("customers".id = "__sq_orders"."customer_id") AND FALSE)');
  });

  test("a user matching none of the other cube's policies cannot read it", async () => {
    await expect(rows(as('all_customers'), 'SELECT name, orders_n FROM customers')).rejects.toThrow(
      /Unknown column orders_n/,
    );
  });

  test('is written once when read twice, its policy parameters allocated once', async () => {
    const user = as('all_customers', 'north_orders');
    const sql = 'SELECT name, orders_n FROM customers WHERE orders_n > 0 ORDER BY name';
    expect(await rows(user, sql)).toEqual([['Ann', 2]]);
    const compiled = await compileSql(model, user, sql, 'duckdb');
    expect(compiled.params).toEqual(['north']);
    expect(compiled.sql).not.toContain('__subquery__');
    expect(compiled.sql).toContain(
      '(SELECT COUNT("__sq_orders"."id") FROM "data"."main"."ss_orders" AS "__sq_orders" WHERE ("customers".id = "__sq_orders"."customer_id") AND (("__sq_orders"."region" = $1))) AS "orders_n"',
    );
  });

  test("the outer cube's policy and the subquery's both apply, the projected subquery's parameters first", async () => {
    const user = as('north_customers', 'north_orders');
    expect(await rows(user, 'SELECT name, orders_total FROM customers ORDER BY name')).toEqual([
      ['Ann', 30],
      ['Cy', null],
    ]);
    const compiled = await compileSql(model, user, 'SELECT name, orders_total FROM customers', 'duckdb');
    expect(compiled.params).toEqual(['north', 'north']);
    expect(compiled.sql).toContain('("__sq_orders"."region" = $1)');
    expect(compiled.sql).toContain('WHERE (("customers"."region" = $2))');
  });

  test('through a view, beside joined cubes', async () => {
    const user = as('all_customers', 'all_teams', 'north_orders');
    expect(await rows(user, 'SELECT name, orders_n FROM people ORDER BY name')).toEqual([
      ['Ann', 2],
      ['Bob', 0],
      ['Cy', 0],
    ]);
  });
});

describe('a sub_query over a cube that declares the join', () => {
  test("counts that cube's rows under its policy", async () => {
    const sql = 'SELECT name, members_n FROM teams ORDER BY name';
    expect(await rows(ALL, sql)).toEqual([
      ['blue', 2],
      ['red', 1],
    ]);
    expect(await rows(as('all_teams', 'north_customers'), sql)).toEqual([
      ['blue', 1],
      ['red', 1],
    ]);
  });
});

describe('several joined cubes', () => {
  test('each brings its own policy, the joins separated', async () => {
    const user = as('all_customers', 'all_orders', 'north_teams');
    const sql = 'SELECT name, orders_sku, teams_name FROM people ORDER BY name, orders_sku';
    // Teams: only red (north) is visible, and a row whose joined team is hidden is not shown (Bob and Cy: blue).
    expect(await rows(user, sql)).toEqual([
      ['Ann', 'a', 'red'],
      ['Ann', 'a', 'red'],
      ['Ann', 'b', 'red'],
    ]);
    const compiled = await compileSql(model, user, sql, 'duckdb');
    expect(compiled.sql).toContain(
      'FROM "data"."main"."ss_customers" AS "customers" LEFT JOIN "data"."main"."ss_orders" AS "orders" ON "customers".id = "orders"."customer_id" LEFT JOIN "data"."main"."ss_teams" AS "teams"',
    );
    expect(compiled.sql).toContain('WHERE (("teams"."region" = $1))');
  });
});
