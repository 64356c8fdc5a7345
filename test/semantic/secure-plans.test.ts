/**
 * The secure stage (sql/secure.ts) at its edges, exact SQL: model SQL shaped like a sub_query marker is kept as
 * written, a sub_query over a measure that reads a switch dimension is refused, and a plan the planner cannot make
 * (no model object, a cube or member the model lacks, a sub_query with no join or an aggregate it cannot write) is
 * an internal error, never a subquery secured by guesswork. The last are called directly with such plans: no query
 * reaches them (docs/security-testing.md).
 */
import { SqlNotAllowedError } from '../../functions/errors';
import { compileSql, type DataModel, parseModel, type QueryUser } from '../../functions/semantic';
import { ParamAllocator } from '../../functions/semantic/params';
import { securedSql, subQuerySql } from '../../functions/semantic/sql/secure';
import type { SubqueryPlan } from '../../functions/semantic/sql/types';
import { sqlTarget } from '../../functions/semantic/target';

const MODEL = `
cubes:
  - name: customers
    sql_table: sp_customers
    joins:
      - { name: orders, relationship: one_to_many, sql: "{CUBE}.id = {orders.customer_id}" }
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: region, sql: region, type: string }
      # A column whose name looks like the planner's marker of a sub_query dimension.
      - { name: code, sql: "__subquery__ab", type: string }
      - { name: orders_n, sql: "{orders.count}", type: number, sub_query: true }
      - { name: orders_eur, sql: "{orders.eur_total}", type: number, sub_query: true }
  - name: orders
    sql_table: sp_orders
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: currency, type: switch, values: [USD, EUR] }
      - { name: status, sql: status, type: string }
    measures:
      - { name: count, type: count }
      - { name: eur_total, sql: "CASE WHEN {currency} = 'EUR' THEN amount END", type: sum }
      - { name: ratio, sql: "{count} * 1.0", type: number }
    access_policy:
      - group: orders_readers
        row_level:
          filters:
            - { member: status, operator: equals, values: [paid] }
      - group: all_orders
        row_level:
          allow_all: true
  - name: lonely
    sql_table: sp_lonely
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
    measures:
      - { name: count, type: count }
views:
  - name: people
    cubes:
      - join_path: customers
        includes: [id, region]
    access_policy:
      - group: "*"
        row_level:
          filters:
            - { member: region, operator: equals, values: [north] }
  # Its policy reads a sub_query dimension it also projects.
  - name: counted
    cubes:
      - join_path: customers
        includes: [id, orders_n]
    access_policy:
      - group: "*"
        row_level:
          filters:
            - { member: orders_n, operator: gt, values: ["1"] }
`;

const model: DataModel = parseModel([{ path: 'secure-plans.yml', content: MODEL }]);
const user: QueryUser = { groups: ['all_orders'], userAttributes: {}, securityContext: {} };
const duckdb = sqlTarget('duckdb');

/** A plan of `object` reading `aliases`, projecting one constant. */
const planOf = (object: string, aliases: string[]): SubqueryPlan => ({
  name: '__sec_1',
  object: model.objects.get(object),
  members: [],
  from: { root: `"t" AS "${aliases[0]}"`, joins: [], aliases },
  columns: ['1 AS "one"'],
  subQueries: new Map(),
  switches: new Set(),
});

const cube = (name: string) => {
  const found = model.cubes.get(name);
  if (!found) throw new Error(`no cube ${name}`);
  return found;
};

const subQuery = (own: string, cubes: DataModel['cubes'], plan: { cube: string; measure: string }) =>
  subQuerySql({
    cubes,
    own: cube(own),
    plan,
    user,
    params: new ParamAllocator(),
    dialect: 'duckdb',
    table: (c) => `"${c.name}"`,
  });

describe('model SQL', () => {
  test('a column named like a sub_query marker is kept as written, beside a real sub_query', async () => {
    const compiled = await compileSql(model, user, 'SELECT code, orders_n FROM customers', 'duckdb');
    expect(compiled.sql).toContain('"customers"."__subquery__ab" AS "code"');
    expect(compiled.sql).toContain(
      '(SELECT COUNT("__sq_orders"."id") FROM "data"."main"."sp_orders" AS "__sq_orders" WHERE ("customers".id = "__sq_orders"."customer_id")) AS "orders_n"',
    );
  });

  test("a sub_query read by the projection and by a view's policy is written once, its parameters allocated once", async () => {
    const paid: QueryUser = { ...user, groups: ['orders_readers'] };
    const compiled = await compileSql(model, paid, 'SELECT id, orders_n FROM counted', 'duckdb');
    const subquery =
      '(SELECT COUNT("__sq_orders"."id") FROM "data"."main"."sp_orders" AS "__sq_orders" WHERE ("customers".id = "__sq_orders"."customer_id") AND (("__sq_orders"."status" = $1)))';
    expect(compiled.sql).toContain(`${subquery} AS "orders_n"`);
    expect(compiled.sql).toContain(`WHERE ((${subquery} > $2))`);
    expect(compiled.params).toEqual(['paid', '1']);
  });

  test('a sub_query over a measure that reads a switch dimension is refused', async () => {
    const compiling = compileSql(model, user, 'SELECT id, orders_eur FROM customers', 'duckdb');
    await expect(compiling).rejects.toThrow(SqlNotAllowedError);
    await expect(compiling).rejects.toThrow(
      'orders.eur_total reads a switch dimension, which a sub_query dimension cannot read',
    );
  });

  test('the plans below, as the planner makes them, are secured', () => {
    expect(securedSql(model, planOf('customers', ['customers']), user, new ParamAllocator(), duckdb)).toBe(
      'SELECT 1 AS "one" FROM "t" AS "customers"',
    );
    expect(securedSql(model, planOf('people', ['customers']), user, new ParamAllocator(), duckdb)).toBe(
      'SELECT 1 AS "one" FROM "t" AS "customers" WHERE (("customers"."region" = $1))',
    );
    expect(subQuery('customers', model.cubes, { cube: 'orders', measure: 'count' })).toBe(
      '(SELECT COUNT("__sq_orders"."id") FROM "orders" AS "__sq_orders" WHERE ("customers".id = "__sq_orders"."customer_id"))',
    );
  });
});

describe('a plan the planner cannot make is an internal error', () => {
  const secure = (plan: SubqueryPlan) => () => securedSql(model, plan, user, new ParamAllocator(), duckdb);

  test('a plan of no model object, or reading no relation', () => {
    expect(secure({ ...planOf('customers', ['customers']), object: undefined })).toThrow(
      'securing: __sec_1 is the plan of no model object',
    );
    const { from: _from, ...noFrom } = planOf('customers', ['customers']);
    expect(secure(noFrom)).toThrow('securing: __sec_1 is the plan of no model object');
  });

  test('an alias naming no cube', () => {
    expect(secure(planOf('customers', ['customers', 'nowhere']))).toThrow(
      'securing: nowhere is not a cube of the model',
    );
  });

  test("a view's policy reading a member the view lacks", () => {
    const people = model.objects.get('people');
    if (!people) throw new Error('no view people');
    const plan = { ...planOf('people', ['customers']), object: { ...people, members: [] } };
    expect(secure(plan)).toThrow("securing: people's policy reads region, which it does not have");
  });

  test('a sub_query over a cube the model lacks, one its cube does not join, or a measure it lacks', () => {
    const withoutOrders = new Map([...model.cubes].filter(([name]) => name !== 'orders'));
    expect(() => subQuery('customers', withoutOrders, { cube: 'orders', measure: 'count' })).toThrow(
      'securing: orders is not a cube of the model',
    );
    expect(() => subQuery('customers', model.cubes, { cube: 'lonely', measure: 'count' })).toThrow(
      'securing: customers has no join with lonely',
    );
    expect(() => subQuery('customers', model.cubes, { cube: 'orders', measure: 'nope' })).toThrow(
      'securing: nope is not a measure of orders',
    );
  });

  test('a sub_query over a measure it cannot aggregate', () => {
    expect(() => subQuery('customers', model.cubes, { cube: 'orders', measure: 'ratio' })).toThrow(
      'securing: a sub_query cannot aggregate ratio, a number measure',
    );
  });
});
