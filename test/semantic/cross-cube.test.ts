/**
 * Member SQL naming another cube's member (cross-cube.ts), on DuckDB and PostgreSQL. The model is written for
 * this test after Cube's "Context variables" page (docs-mintlify, reference/data-model/context-variables: a
 * `users.name` of `COALESCE({CUBE.name}, {contacts.name})` over a one_to_one join) and the shapes issue 28
 * measured in public projects: `{branches.name}` in a dimension of `visits`, `{branches}` and `{branches.name}`
 * in a measure's `filters`, `{products.product_name}` in an `order_items` dimension, `{orders.count}` in a
 * calculated measure of `customers`. The referenced cube's row-level policy must apply whenever it is joined.
 */
import { compileSql, type DataModel, parseModel, type QueryUser } from '../../functions/semantic';
import { bothEngines, EVERYONE } from './engines';

const MODEL = `
cubes:
  - name: branches
    sql_table: xc_branches
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: name, sql: name, type: string }
      - { name: tenant, sql: tenant, type: string }
    access_policy:
      - group: admins
        row_level:
          allow_all: true
      - group: guests
        member_level:
          excludes: [name]
        row_level:
          allow_all: true
      - group: tenants
        row_level:
          filters:
            - { member: tenant, operator: equals, values: ["{ userAttributes.tenant }"] }
  - name: visits
    sql_table: xc_visits
    joins:
      - name: branches
        relationship: many_to_one
        sql: "{CUBE}.branch_id = {branches.id}"
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: branch_name, sql: "{branches.name}", type: string }
      - { name: label, sql: "{branch_name} || ' #' || CAST({CUBE}.id AS VARCHAR)", type: string }
    measures:
      - { name: count, type: count }
      - { name: total, type: sum, sql: amount }
      - name: globex_visits
        type: count
        filters:
          - sql: "{branches.name} = 'Globex HQ'"
      - name: acme_amount
        type: sum
        sql: amount
        filters:
          - sql: "{branches}.tenant = 'acme'"
  # A cube whose own row-level policy filters on a member over another cube: that cube is joined for the policy.
  - name: branch_visits
    sql_table: xc_visits
    joins:
      - name: branches
        relationship: many_to_one
        sql: "{CUBE}.branch_id = {branches.id}"
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: branch_name, sql: "{branches.name}", type: string }
    measures:
      - { name: count, type: count }
    access_policy:
      - group: "*"
        row_level:
          filters:
            - { member: branch_name, operator: equals, values: ["{ userAttributes.branch }"] }
  - name: contacts
    sql_table: xc_contacts
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: name, sql: name, type: string }
  - name: users
    sql_table: xc_users
    joins:
      - name: contacts
        relationship: one_to_one
        sql: "{CUBE}.contact_id = {contacts.id}"
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: name, sql: "COALESCE({CUBE.name}, {contacts.name})", type: string }
  - name: customers
    sql_table: xc_customers
    joins:
      - name: orders
        relationship: one_to_many
        sql: "{CUBE}.id = {orders.customer_id}"
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
    measures:
      - { name: count, type: count }
      - { name: orders_per_customer, type: number, sql: "1.0 * {orders.count} / NULLIF({count}, 0)" }
  - name: orders
    sql_table: xc_orders
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
    measures:
      - { name: count, type: count }
views:
  - name: visits_view
    cubes:
      - join_path: visits
        includes: [id, branch_name, count, total]
`;

const DATA = [
  'CREATE TABLE xc_branches (id INTEGER, name VARCHAR, tenant VARCHAR)',
  "INSERT INTO xc_branches VALUES (1, 'Acme North', 'acme'), (2, 'Acme South', 'acme'), (3, 'Globex HQ', 'globex')",
  'CREATE TABLE xc_visits (id INTEGER, branch_id INTEGER, amount INTEGER)',
  'INSERT INTO xc_visits VALUES (1, 1, 10), (2, 1, 20), (3, 2, 40), (4, 3, 80), (5, 3, 160)',
  'CREATE TABLE xc_contacts (id INTEGER, name VARCHAR)',
  "INSERT INTO xc_contacts VALUES (1, 'Ann Contact'), (2, 'Bob Contact')",
  'CREATE TABLE xc_users (id INTEGER, name VARCHAR, contact_id INTEGER)',
  "INSERT INTO xc_users VALUES (1, 'Ann', 1), (2, NULL, 2)",
  'CREATE TABLE xc_customers (id INTEGER)',
  'INSERT INTO xc_customers VALUES (1), (2), (3)',
  'CREATE TABLE xc_orders (id INTEGER, customer_id INTEGER)',
  'INSERT INTO xc_orders VALUES (1, 1), (2, 1), (3, 1), (4, 2)',
];

const acme: QueryUser = { groups: ['tenants'], userAttributes: { tenant: 'acme' }, securityContext: {} };
const admin: QueryUser = { groups: ['admins'], userAttributes: {}, securityContext: {} };
const guest: QueryUser = { groups: ['guests'], userAttributes: {}, securityContext: {} };

const { onBoth } = bothEngines('cross-cube', DATA);
const model: DataModel = parseModel([{ path: 'model.yml', content: MODEL }]);

describe('member SQL naming another cube joins it, as Cube does', () => {
  test('a dimension over a joined cube, directly and through a view that does not list the cube', async () => {
    const sql =
      'SELECT branch_name, MEASURE(count) AS n, MEASURE(total) AS t FROM visits GROUP BY 1 ORDER BY 1';
    const all = [
      ['Acme North', 2, 30],
      ['Acme South', 1, 40],
      ['Globex HQ', 2, 240],
    ];
    expect(await onBoth(model, sql, admin)).toEqual(all);
    expect(await onBoth(model, sql.replace('FROM visits', 'FROM visits_view'), admin)).toEqual(all);
    // A member over a member over another cube.
    expect(await onBoth(model, 'SELECT label FROM visits WHERE id = 4', admin)).toEqual([['Globex HQ #4']]);
  });

  test("Cube's context-variables example: COALESCE over a one_to_one join", async () => {
    expect(await onBoth(model, 'SELECT id, name FROM users ORDER BY id')).toEqual([
      [1, 'Ann'],
      [2, 'Bob Contact'],
    ]);
  });

  test('measure filters naming another cube, and a calculated measure over its measure', async () => {
    expect(
      await onBoth(model, 'SELECT MEASURE(globex_visits) AS g, MEASURE(acme_amount) AS a FROM visits', admin),
    ).toEqual([[2, 70]]);
    // 4 orders over 3 customers: the join repeats customers, whose count still counts each once.
    expect(
      await onBoth(model, 'SELECT MEASURE(orders_per_customer) AS o, MEASURE(count) AS c FROM customers'),
    ).toEqual([[1.3333, 3]]);
  });

  test('the other cube is joined only when a query reads a member over it', async () => {
    const plain = await compileSql(model, acme, 'SELECT MEASURE(count) FROM visits', 'duckdb');
    expect(plain.sql).not.toContain('branches');
    const named = await compileSql(model, acme, 'SELECT branch_name FROM visits', 'duckdb');
    expect(named.sql).toContain('LEFT JOIN');
    expect(named.sql).toContain('"branches"."tenant" = $1');
    expect(named.params).toEqual(['acme']);
  });
});

describe("the referenced cube's policy still applies (leak test)", () => {
  test("a policy filtering on a member over another cube joins that cube (and applies that cube's policy)", async () => {
    const north: QueryUser = {
      groups: ['admins'],
      userAttributes: { branch: 'Acme North' },
      securityContext: {},
    };
    expect(await onBoth(model, 'SELECT MEASURE(count) AS n FROM branch_visits', north)).toEqual([[2]]);
    // A tenant user sees no branch of another tenant, even if the attribute names one.
    const nosy: QueryUser = {
      groups: ['tenants'],
      userAttributes: { tenant: 'acme', branch: 'Globex HQ' },
      securityContext: {},
    };
    expect(await onBoth(model, 'SELECT MEASURE(count) AS n FROM branch_visits', nosy)).toEqual([[0]]);
  });

  test('a dimension over a cube whose policy hides rows never shows them', async () => {
    const rows = await onBoth(
      model,
      'SELECT branch_name, MEASURE(count) AS n FROM visits GROUP BY 1 ORDER BY 1',
      acme,
    );
    expect(rows).toEqual([
      ['Acme North', 2],
      ['Acme South', 1],
    ]);
    expect(JSON.stringify(rows)).not.toContain('Globex');
    expect(await onBoth(model, 'SELECT branch_name FROM visits_view WHERE id = 4', acme)).toEqual([]);
  });

  test('a measure filtered on the hidden rows counts none of them', async () => {
    // Without the branches policy, globex_visits would reveal that Globex HQ has 2 visits.
    expect(await onBoth(model, 'SELECT MEASURE(globex_visits) AS g FROM visits', acme)).toEqual([[0]]);
    // A user no branches policy matches sees no branch: the measure counts nothing, the dimension is hidden.
    expect(await onBoth(model, 'SELECT MEASURE(globex_visits) AS g FROM visits', EVERYONE)).toEqual([[0]]);
    await expect(compileSql(model, EVERYONE, 'SELECT branch_name FROM visits', 'duckdb')).rejects.toThrow(
      /branch_name/,
    );
  });

  test('a member over a member the user may not see is hidden too', async () => {
    await expect(compileSql(model, guest, 'SELECT branch_name FROM visits', 'duckdb')).rejects.toThrow(
      /branch_name/,
    );
    expect(await onBoth(model, 'SELECT MEASURE(count) AS n FROM visits', guest)).toEqual([[5]]);
  });
});

describe('load', () => {
  test('a sub_query over a measure that reads a further cube is refused by name', () => {
    const nested = MODEL.replace(
      '      - { name: id, sql: id, type: number, primary_key: true }\n    measures:\n      - { name: count, type: count }\n      - { name: orders_per_customer',
      '      - { name: id, sql: id, type: number, primary_key: true }\n      - { name: visits_total, sql: "{visits.globex_visits}", type: number, sub_query: true }\n    measures:\n      - { name: count, type: count }\n      - { name: orders_per_customer',
    ).replace(
      '      - name: branches\n        relationship: many_to_one\n        sql: "{CUBE}.branch_id = {branches.id}"\n    dimensions:\n      - { name: id, sql: id, type: number, primary_key: true }\n      - { name: branch_name, sql: "{branches.name}", type: string }\n      - { name: label',
      '      - name: branches\n        relationship: many_to_one\n        sql: "{CUBE}.branch_id = {branches.id}"\n      - name: customers\n        relationship: many_to_one\n        sql: "{CUBE}.id = {customers.id}"\n    dimensions:\n      - { name: id, sql: id, type: number, primary_key: true }\n      - { name: branch_name, sql: "{branches.name}", type: string }\n      - { name: label',
    );
    expect(() => parseModel([{ path: 'model.yml', content: nested }])).toThrow(
      /sub_query visits_total reads visits.globex_visits, whose SQL or row-level policy reads branches/,
    );
  });

  test("a cube reading across a one_to_many join needs a primary key for its measures (Cube's fan-out rule)", () => {
    const keyless = MODEL.replace(
      '      - { name: id, sql: id, type: number, primary_key: true }\n    measures:\n      - { name: count, type: count }\n      - { name: orders_per_customer',
      '      - { name: id, sql: id, type: number }\n    measures:\n      - { name: count, type: count }\n      - { name: orders_per_customer',
    );
    expect(keyless).not.toEqual(MODEL);
    expect(() => parseModel([{ path: 'model.yml', content: keyless }])).toThrow(
      /customers needs a primary_key dimension: members of customers read across a one_to_many join/,
    );
  });

  test('a member naming a cube no join reaches is an issue at its path', () => {
    expect(() =>
      parseModel([
        {
          path: 'model.yml',
          content: MODEL.replace(
            '      - { name: id, sql: id, type: number, primary_key: true }\n    measures:\n      - { name: count, type: count }\n      - { name: orders_per_customer',
            '      - { name: id, sql: id, type: number, primary_key: true }\n      - { name: branch, sql: "{branches.name}", type: string }\n    measures:\n      - { name: count, type: count }\n      - { name: orders_per_customer',
          ),
        },
      ]),
    ).toThrow(
      /cubes\[5\]\.dimensions\[1\]\.sql: branch reads cube branches, which no join connects to customers/,
    );
  });
});
