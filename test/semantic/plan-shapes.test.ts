/**
 * The plan stage (sql/plan.ts) in exact SQL, for shapes the row-level suites do not reach: a cube written as its
 * own SQL (its tables qualified for the target so they cannot name another schema's, its CTE names kept; SQL the
 * parser cannot read kept as written), a query projecting no member, and PostgreSQL's folded alias beside a
 * member named with capitals.
 */
import { SqlNotAllowedError } from '../../functions/errors';
import { compileSql, type Dialect, parseModel, type QueryUser } from '../../functions/semantic';
import { planSubquery } from '../../functions/semantic/sql/plan';
import { sqlTarget } from '../../functions/semantic/target';

const MODEL = `
cubes:
  - name: big_orders
    sql: "WITH big AS (SELECT * FROM ss_orders WHERE amount > 15) SELECT big.*, c.name AS customer FROM big JOIN main.ss_customers c ON c.id = big.customer_id"
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: customerName, sql: customer, type: string }
    measures:
      - { name: count, type: count }
  - name: pushed
    sql: "SELECT * FROM ss_orders WHERE {FILTER_PARAMS.pushed.status.filter('status')}"
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: status, sql: status, type: string }
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

  test("the query's filter on a FILTER_PARAMS member reaches the cube's SQL", async () => {
    const { sql, params } = await compileSql(
      model,
      anyone,
      "SELECT id FROM pushed WHERE status = 'paid'",
      'duckdb',
    );
    expect(sql).toBe(
      'WITH "__sec_1" AS (SELECT "pushed"."id" AS "id", "pushed"."status" AS "status" FROM (SELECT * FROM "data"."main"."ss_orders" WHERE (status = $1)) AS "pushed") SELECT id AS "id" FROM "__sec_1" AS "pushed" WHERE status = \'paid\'',
    );
    expect(params).toEqual(['paid']);
  });

  test('SQL the parser cannot read is kept as written (the engine reports it)', async () => {
    for (const dialect of ['duckdb', 'postgres'] as const) {
      expect(await compiled('SELECT id FROM odd', dialect)).toBe(
        'WITH "__sec_1" AS (SELECT "odd"."id" AS "id" FROM (SELECT id FROM ss_orders QUALIFY WEIRD ((() AS "odd") SELECT id AS "id" FROM "__sec_1" AS "odd"',
      );
    }
  });
});

/** Joins, fan-out, measure rows, calculated measures' hidden columns and switches, in exact SQL (DuckDB rows for
 * the same shapes are in model-measures.test.ts and switch.test.ts). */
const JOINED = `
cubes:
  - name: orders
    sql_table: p_orders
    joins:
      - { name: items, relationship: one_to_many, sql: "{CUBE}.id = {items.order_id}" }
      - { name: customers, relationship: many_to_one, sql: "{CUBE}.customer_id = {customers.id}" }
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: status, sql: status, type: string }
      - { name: Status2, sql: status, type: string }
      - { name: currency, type: switch, values: [EUR, USD] }
    measures:
      - { name: count, type: count }
      - { name: revenue, type: sum, sql: amount }
      - { name: paid_revenue, type: sum, sql: amount, filters: [{ sql: "{CUBE}.status = 'paid'" }] }
      - { name: top, type: max, sql: amount }
      - { name: per_item, type: number, sql: "{revenue} / NULLIF({items.count}, 0)" }
      - { name: eur_top, type: number, sql: "MAX(CASE WHEN {CUBE.currency} = 'EUR' THEN {CUBE}.amount END)" }
      - { name: avg_per_order, type: number, sql: "{revenue} / NULLIF({count}, 0)" }
      - { name: spread, type: number, sql: "MAX({CUBE}.amount) - MIN({CUBE}.amount)" }
      - name: in_currency
        type: number
        multi_stage: true
        case:
          switch: "{CUBE.currency}"
          when: [{ value: EUR, sql: "{CUBE.revenue}" }]
          else: { sql: "{CUBE.revenue}" }
  - name: items
    sql_table: p_items
    joins:
      - { name: parts, relationship: one_to_many, sql: "{CUBE}.id = {parts.item_id}" }
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: order_id, sql: order_id, type: number }
      - { name: sku, sql: sku, type: string }
    measures:
      - { name: count, type: count }
      - { name: qty, type: sum, sql: qty }
      - { name: per_order, type: number, sql: "{qty} / NULLIF({orders.count}, 0)" }
  - name: parts
    sql_table: p_parts
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: item_id, sql: item_id, type: number }
      - { name: maker, sql: maker, type: string }
  - name: customers
    sql_table: p_customers
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: name, sql: name, type: string }
      - { name: Name2, sql: name, type: string }
      - { name: name2, sql: "upper(name)", type: string }
      - { name: currency, type: switch, values: [EUR, USD] }
views:
  - name: lines
    cubes:
      - { join_path: orders, includes: [status, Status2, currency, count, revenue, paid_revenue, top, per_item, avg_per_order, spread, in_currency, eur_top] }
      - { join_path: orders.items, prefix: true, includes: [sku, count, qty] }
      - { join_path: orders.items.parts, prefix: true, includes: [maker] }
      - { join_path: orders.customers, prefix: true, includes: [name, currency] }
  - name: bare
    cubes:
      - { join_path: orders, includes: [status, in_currency] }
  - name: masked
    cubes:
      - { join_path: orders, includes: [status, count] }
    access_policy:
      - group: "*"
        member_level: { includes: [status] }
`;
const joined = parseModel([{ path: 'joined.yml', content: JOINED }]);
const onJoined = async (sql: string, dialect: Dialect = 'duckdb') =>
  (await compileSql(joined, anyone, sql, dialect)).sql;
const T = (name: string) => `"data"."main"."p_${name}"`;
const ITEMS = `LEFT JOIN ${T('items')} AS "items" ON "orders".id = "items"."order_id"`;

describe("what a view's subquery joins and projects", () => {
  test('only the cubes the query reads, with the path from the root', async () => {
    expect(await onJoined('SELECT status FROM lines')).toBe(
      `WITH "__sec_1" AS (SELECT "orders"."status" AS "status" FROM ${T('orders')} AS "orders") SELECT status AS "status" FROM "__sec_1" AS "lines"`,
    );
    expect(await onJoined('SELECT customers_name FROM lines')).toBe(
      `WITH "__sec_1" AS (SELECT "customers"."name" AS "customers_name" FROM ${T('orders')} AS "orders" LEFT JOIN ${T('customers')} AS "customers" ON "orders".customer_id = "customers"."id") SELECT customers_name AS "customers_name" FROM "__sec_1" AS "lines"`,
    );
    // parts hangs off items: both are joined, and a count of orders counts each order once per maker.
    expect(await onJoined('SELECT parts_maker, count FROM lines GROUP BY 1')).toBe(
      `WITH "__sec_1" AS (SELECT CASE WHEN row_number() OVER (PARTITION BY "orders"."id", "parts"."maker") = 1 THEN "orders"."id" END AS "count", "parts"."maker" AS "parts_maker" FROM ${T('orders')} AS "orders" ${ITEMS} LEFT JOIN ${T('parts')} AS "parts" ON "items".id = "parts"."item_id") SELECT parts_maker AS "parts_maker", COUNT(count) AS "count" FROM "__sec_1" AS "lines" GROUP BY 1`,
    );
  });

  test("a measure's row value carries its filters; with no join repeating rows, no fan-out guard", async () => {
    expect(await onJoined('SELECT status, paid_revenue, count, top FROM lines GROUP BY 1')).toBe(
      `WITH "__sec_1" AS (SELECT "orders"."status" AS "status", "orders"."id" AS "count", CASE WHEN ("orders".status = 'paid') THEN "orders"."amount" END AS "paid_revenue", "orders"."amount" AS "top" FROM ${T('orders')} AS "orders") SELECT status AS "status", SUM(paid_revenue) AS "paid_revenue", COUNT(count) AS "count", MAX(top) AS "top" FROM "__sec_1" AS "lines" GROUP BY 1`,
    );
  });

  test('a sum over a cube whose rows a one_to_many join repeats counts each row once per key and dimensions', async () => {
    expect(await onJoined('SELECT status, items_qty, revenue FROM lines GROUP BY 1')).toBe(
      `WITH "__sec_1" AS (SELECT "orders"."status" AS "status", CASE WHEN row_number() OVER (PARTITION BY "orders"."id", "orders"."status") = 1 THEN "orders"."amount" END AS "revenue", "items"."qty" AS "items_qty" FROM ${T('orders')} AS "orders" ${ITEMS}) SELECT status AS "status", SUM(items_qty) AS "items_qty", SUM(revenue) AS "revenue" FROM "__sec_1" AS "lines" GROUP BY 1`,
    );
    // A filter on the joined cube's dimension partitions by it too.
    expect(await onJoined("SELECT revenue FROM lines WHERE items_sku = 'A'")).toBe(
      `WITH "__sec_1" AS (SELECT CASE WHEN row_number() OVER (PARTITION BY "orders"."id", "items"."sku") = 1 THEN "orders"."amount" END AS "revenue", "items"."sku" AS "items_sku" FROM ${T('orders')} AS "orders" ${ITEMS}) SELECT SUM(revenue) AS "revenue" FROM "__sec_1" AS "lines" WHERE items_sku = 'A'`,
    );
  });

  test('calculated measures: hidden columns, each once, each counted once per row of its cube', async () => {
    const once = (value: string) =>
      `CASE WHEN row_number() OVER (PARTITION BY "orders"."id", "orders"."status") = 1 THEN ${value} END`;
    expect(await onJoined('SELECT status, per_item, avg_per_order, spread FROM lines GROUP BY 1')).toBe(
      `WITH "__sec_1" AS (SELECT "orders"."status" AS "status", ${once('"orders"."amount"')} AS "__m_orders_revenue", "items"."id" AS "__m_items_count", ${once('"orders"."id"')} AS "__m_orders_count", ${once('"orders".amount')} AS "__r_orders_spread_0", ${once('"orders".amount')} AS "__r_orders_spread_1" FROM ${T('orders')} AS "orders" ${ITEMS}) SELECT status AS "status", (SUM("__m_orders_revenue") / NULLIF(COUNT("__m_items_count"), 0)) AS "per_item", (SUM("__m_orders_revenue") / NULLIF(COUNT("__m_orders_count"), 0)) AS "avg_per_order", (MAX("__r_orders_spread_0") - MIN("__r_orders_spread_1")) AS "spread" FROM "__sec_1" AS "lines" GROUP BY 1`,
    );
    // Over a cube queried directly: the cube the measure reads through its join is joined.
    expect(await onJoined('SELECT per_order FROM items')).toBe(
      `WITH "__sec_1" AS (SELECT "items"."qty" AS "__m_items_qty", CASE WHEN row_number() OVER (PARTITION BY "orders"."id") = 1 THEN "orders"."id" END AS "__m_orders_count" FROM ${T('items')} AS "items" LEFT JOIN ${T('orders')} AS "orders" ON "orders".id = "items"."order_id") SELECT (SUM("__m_items_qty") / NULLIF(COUNT("__m_orders_count"), 0)) AS "per_order" FROM "__sec_1" AS "items"`,
    );
  });

  test('SELECT * projects every dimension but switch dimensions, and no measure', async () => {
    expect(await onJoined('SELECT * FROM lines')).toBe(
      `WITH "__sec_1" AS (SELECT "orders"."status" AS "status", "orders"."status" AS "Status2", "items"."sku" AS "items_sku", "parts"."maker" AS "parts_maker", "customers"."name" AS "customers_name" FROM ${T('orders')} AS "orders" ${ITEMS} LEFT JOIN ${T('parts')} AS "parts" ON "items".id = "parts"."item_id" LEFT JOIN ${T('customers')} AS "customers" ON "orders".customer_id = "customers"."id") SELECT * FROM "__sec_1" AS "lines"`,
    );
  });

  test('a case measure reads its switch dimension, grouped or filtered; refused by name without it', async () => {
    const switched = `SELECT "__switch_orders_currency"."value" AS "currency", CASE "__switch_orders_currency"."value" WHEN 'EUR' THEN "orders"."amount" ELSE "orders"."amount" END AS "in_currency" FROM ${T('orders')} AS "orders" CROSS JOIN (VALUES ('EUR'), ('USD')) AS "__switch_orders_currency"("value")`;
    expect(await onJoined('SELECT currency, in_currency FROM lines GROUP BY 1')).toBe(
      `WITH "__sec_1" AS (${switched}) SELECT currency AS "currency", SUM(in_currency) AS "in_currency" FROM "__sec_1" AS "lines" GROUP BY 1`,
    );
    expect(await onJoined("SELECT in_currency FROM lines WHERE currency = 'EUR'")).toBe(
      `WITH "__sec_1" AS (${switched}) SELECT SUM(in_currency) AS "in_currency" FROM "__sec_1" AS "lines" WHERE currency = 'EUR'`,
    );
    await expect(onJoined('SELECT in_currency FROM lines')).rejects.toThrow(
      /^in_currency depends on the switch dimension currency: group by it, or filter it to one value \(WHERE currency = '...'\)$/,
    );
    await expect(onJoined('SELECT in_currency FROM bare')).rejects.toThrow(
      /^in_currency depends on the switch dimension currency, which bare does not include$/,
    );
  });

  test("a case measure is not satisfied by another cube's switch dimension of the same name", async () => {
    await expect(onJoined('SELECT customers_currency, in_currency FROM lines GROUP BY 1')).rejects.toThrow(
      /^in_currency depends on the switch dimension currency: group by it, or filter it to one value \(WHERE currency = '...'\)$/,
    );
  });

  test("a calculated measure over a switch is not satisfied by another cube's switch dimension of the same name", async () => {
    await expect(onJoined('SELECT customers_currency, eur_top FROM lines GROUP BY 1')).rejects.toThrow(
      /^eur_top reads the switch dimension currency: group by it, or filter it to one value/,
    );
  });

  test("a calculated measure's row column over a switch dimension joins the switch's values", async () => {
    // Read without the switch dimension, every row would be counted once per value (a SUM would add them all).
    await expect(onJoined('SELECT eur_top FROM orders')).rejects.toThrow(
      /^eur_top reads the switch dimension currency: group by it, or filter it to one value/,
    );
    expect(await onJoined("SELECT eur_top FROM orders WHERE currency = 'EUR'")).toBe(
      `WITH "__sec_1" AS (SELECT "__switch_orders_currency"."value" AS "currency", CASE WHEN "__switch_orders_currency"."value" = 'EUR' THEN "orders".amount END AS "__r_orders_eur_top_0" FROM ${T('orders')} AS "orders" CROSS JOIN (VALUES ('EUR'), ('USD')) AS "__switch_orders_currency"("value")) SELECT MAX("__r_orders_eur_top_0") AS "eur_top" FROM "__sec_1" AS "orders" WHERE currency = 'EUR'`,
    );
  });

  test('a view policy with no row_level part adds no join and no condition', async () => {
    expect(await onJoined('SELECT status FROM masked')).toBe(
      `WITH "__sec_1" AS (SELECT "orders"."status" AS "status" FROM ${T('orders')} AS "orders") SELECT status AS "status" FROM "__sec_1" AS "masked"`,
    );
  });

  test('SELECT * beside a calculated measure is refused by name', async () => {
    await expect(onJoined('SELECT per_item, * FROM lines')).rejects.toThrow(
      /^SELECT \* cannot be combined with the calculated measure per_item in one query: name the columns$/,
    );
  });

  test('PostgreSQL: a member named with capitals is projected under its folded name too', async () => {
    expect(await onJoined('SELECT Status2, status FROM lines', 'postgres')).toBe(
      'WITH "__sec_1" AS (SELECT "orders"."status" AS "status", "orders"."status" AS "Status2", "orders"."status" AS "status2" FROM "public"."p_orders" AS "orders") SELECT Status2 AS "Status2", status AS "status" FROM "__sec_1" AS "lines"',
    );
    // A member already named by the folded name keeps its own column: no second column of that name.
    expect(await onJoined('SELECT Name2, name2 FROM customers', 'postgres')).toBe(
      'WITH "__sec_1" AS (SELECT "customers"."name" AS "Name2", upper(name) AS "name2" FROM "public"."p_customers" AS "customers") SELECT Name2 AS "Name2", name2 AS "name2" FROM "__sec_1" AS "customers"',
    );
  });
});

/** No query reaches these (the model is checked at load, measures are refused when their aggregate is written): a
 * plan over a cube the model lacks is an internal error, never a subquery planned by guesswork
 * (docs/security-testing.md). */
describe('plans no query makes, called directly', () => {
  const object = joined.objects.get('lines');
  if (!object) throw new Error('no view lines');
  const member = (name: string) => {
    const found = object.members.find((m) => m.name === name);
    if (!found) throw new Error(`no member ${name}`);
    return found;
  };
  const plan = (o: typeof object, members: typeof object.members) => () =>
    planSubquery(joined, o, members, sqlTarget('duckdb'));

  test('its root, a joined cube, a member of a cube whose rows a join repeats', () => {
    expect(plan({ ...object, root: 'nowhere' }, [member('status')])).toThrow(
      'planning: nowhere is not a cube of the model',
    );
    const edges = object.edges.map((e) => (e.child === 'items' ? { ...e, child: 'gone' } : e));
    expect(plan({ ...object, edges }, [{ ...member('status'), cube: 'gone' }])).toThrow(
      'planning: gone is not a cube of the model',
    );
  });

  test('a member marked unsupported (sql/measures.ts refuses it first, when its aggregate is written)', () => {
    expect(plan(object, [{ ...member('status'), unsupported: 'status cannot be computed' }])).toThrow(
      new SqlNotAllowedError('status cannot be computed'),
    );
  });
});
