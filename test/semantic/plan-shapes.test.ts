/**
 * The plan stage (sql/plan.ts) in exact SQL, for shapes the row-level suites do not reach: a cube written as its
 * own SQL (its tables qualified for the target so they cannot name another schema's, its CTE names kept; SQL the
 * parser cannot read kept as written), a query projecting no member, and PostgreSQL's folded alias beside a
 * member named with capitals.
 */
import { compileSql, type Dialect, parseModel, type QueryUser } from '../../functions/semantic';

const MODEL = `
cubes:
  - name: big_orders
    sql: "WITH big AS (SELECT * FROM ss_orders WHERE amount > 15) SELECT big.*, c.name AS customer FROM big JOIN main.ss_customers c ON c.id = big.customer_id"
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: customerName, sql: customer, type: string }
    measures:
      - { name: count, type: count }
  - name: odd
    sql: "SELECT id FROM ss_orders QUALIFY WEIRD ((("
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
`;

const model = parseModel([{ path: 'plan.yml', content: MODEL }]);
const anyone: QueryUser = { groups: [], userAttributes: {}, securityContext: {} };
const compiled = async (sql: string, dialect: Dialect) => (await compileSql(model, anyone, sql, dialect)).sql;

const BIG_DUCKDB =
  '(WITH "big" AS (SELECT * FROM "data"."main"."ss_orders" WHERE amount > 15) SELECT big.*, "c".name AS "customer" FROM "big" INNER JOIN "data"."main"."ss_customers" AS "c" ON "c".id = "big".customer_id) AS "big_orders"';
const BIG_POSTGRES =
  '(WITH "big" AS (SELECT * FROM "public"."ss_orders" WHERE amount > 15) SELECT big.*, "c".name AS "customer" FROM "big" INNER JOIN "main"."ss_customers" AS "c" ON "c".id = "big".customer_id) AS "big_orders"';

describe("a cube's own SQL", () => {
  test("its tables are qualified for the target and its CTE's name is kept, on DuckDB", async () => {
    expect(await compiled('SELECT id, customerName FROM big_orders', 'duckdb')).toBe(
      `WITH "__sec_1" AS (SELECT "big_orders"."id" AS "id", "big_orders"."customer" AS "customerName" FROM ${BIG_DUCKDB}) SELECT id AS "id", customerName AS "customerName" FROM "__sec_1" AS "big_orders"`,
    );
  });

  test('on PostgreSQL, where a member named with capitals is projected under its folded name too', async () => {
    expect(await compiled('SELECT id, customerName FROM big_orders', 'postgres')).toBe(
      `WITH "__sec_1" AS (SELECT "big_orders"."id" AS "id", "big_orders"."customer" AS "customerName", "big_orders"."customer" AS "customername" FROM ${BIG_POSTGRES}) SELECT id AS "id", customerName AS "customerName" FROM "__sec_1" AS "big_orders"`,
    );
  });

  test('a query projecting no member reads one constant column per row', async () => {
    expect(await compiled('SELECT COUNT(*) FROM big_orders', 'duckdb')).toBe(
      `WITH "__sec_1" AS (SELECT 1 AS "__row" FROM ${BIG_DUCKDB}) SELECT COUNT(*) AS "count" FROM "__sec_1" AS "big_orders"`,
    );
  });

  test('SQL the parser cannot read is kept as written (the engine reports it)', async () => {
    for (const dialect of ['duckdb', 'postgres'] as const) {
      expect(await compiled('SELECT id FROM odd', dialect)).toBe(
        'WITH "__sec_1" AS (SELECT "odd"."id" AS "id" FROM (SELECT id FROM ss_orders QUALIFY WEIRD ((() AS "odd") SELECT id AS "id" FROM "__sec_1" AS "odd"',
      );
    }
  });
});
