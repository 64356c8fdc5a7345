import { SqlNotAllowedError } from '../../functions/errors';
import {
  compileSql,
  type ModelFile,
  ModelValidationError,
  parseModel,
  type QueryUser,
} from '../../functions/semantic';

/** A small inline model: the compiler's exact SQL and parameters are asserted. */
const cubes = `
cubes:
  - name: sales
    sql_table: shop.sales
    public: false
    joins:
      - name: stores
        relationship: many_to_one
        sql: "{CUBE}.store_id = {stores}.id"
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: country
        sql: country
        type: string
      - name: price
        sql: price
        type: number
      - name: sold_at
        sql: sold_at
        type: time
    measures:
      - name: count
        type: count
      - name: revenue
        type: sum
        sql: price
    access_policy:
      - group: admins
      - group: "*"
        row_level:
          filters:
            - member: country
              operator: equals
              values: ["{ userAttributes.countries }"]
            - member: price
              operator: lt
              values: ["{ securityContext.max_price }"]
              if_missing: allow
        member_level:
          excludes: [price]
  - name: stores
    sql_table: shop.stores
    public: false
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: city
        sql: city
        type: string
`;
const views = `
views:
  - name: sales_view
    cubes:
      - join_path: sales
        includes: "*"
      - join_path: sales.stores
        prefix: true
        includes: [city]
    access_policy:
      - group: "*"
        row_level:
          filters:
            - member: stores_city
              operator: notEquals
              values: ["Atlantis"]
`;
const files: ModelFile[] = [
  { path: 'cubes.yml', content: cubes },
  { path: 'views.yml', content: views },
];
const model = parseModel(files);
const user = (
  userAttributes: QueryUser['userAttributes'],
  groups: string[] = [],
  securityContext = {},
): QueryUser => ({
  groups,
  userAttributes,
  securityContext,
});

describe('compileSql: exact SQL and parameters', () => {
  test('a measure by a dimension: secured CTE with only the named members, filters as parameters', async () => {
    const compiled = await compileSql(
      model,
      user({ countries: ['fr', 'de'] }),
      'SELECT country, MEASURE(revenue) FROM sales_view GROUP BY 1',
      'duckdb',
    );
    expect(compiled.sql).toBe(
      'WITH "__sec_1" AS (SELECT "sales"."country" AS "country", "sales"."price" AS "revenue" ' +
        'FROM "data"."shop"."sales" AS "sales" LEFT JOIN "data"."shop"."stores" AS "stores" ' +
        'ON "sales".store_id = "stores".id ' +
        'WHERE (("sales"."country" IN ($1, $2))) AND (("stores"."city" NOT IN ($3)))) ' +
        'SELECT country AS "country", SUM(revenue) AS "revenue" FROM "__sec_1" AS "sales_view" GROUP BY 1',
    );
    expect(compiled.params).toEqual(['fr', 'de', 'Atlantis']);
  });

  test('a security-context value narrows further; an admin has no cube filter but keeps the view filter', async () => {
    const narrowed = await compileSql(
      model,
      user({ countries: 'fr' }, [], { max_price: 100 }),
      'SELECT MEASURE(count) FROM sales_view',
      'postgres',
    );
    expect(narrowed.sql).toContain(
      'WHERE (("sales"."country" = $1 AND "sales"."price" < $2)) AND (("stores"."city" NOT IN ($3)))',
    );
    expect(narrowed.params).toEqual(['fr', 100, 'Atlantis']);
    const admin = await compileSql(
      model,
      user({}, ['admins']),
      'SELECT MEASURE(count) FROM sales_view',
      'postgres',
    );
    expect(admin.sql).toContain('WHERE (("stores"."city" NOT IN ($1)))');
    expect(admin.params).toEqual(['Atlantis']);
  });

  test('a missing attribute denies every row (FALSE), never all rows', async () => {
    const compiled = await compileSql(model, user({}), 'SELECT country FROM sales_view', 'duckdb');
    expect(compiled.sql).toContain('WHERE FALSE');
    expect(compiled.params).toEqual(['Atlantis']);
  });

  test('values never reach the SQL text: a hostile attribute value travels as a parameter', async () => {
    const evil = "fr') OR 1=1 --";
    const compiled = await compileSql(
      model,
      user({ countries: evil }),
      'SELECT country FROM sales_view',
      'duckdb',
    );
    expect(compiled.sql).not.toContain('OR 1=1');
    expect(compiled.params).toContain(evil);
  });

  test('outer SQL cannot widen the filter: OR 1=1 stays outside the secured subquery', async () => {
    const compiled = await compileSql(
      model,
      user({ countries: 'fr' }),
      "SELECT country FROM sales_view WHERE country = 'de' OR 1 = 1",
      'duckdb',
    );
    const [secured, outer] = compiled.sql.split(') SELECT ');
    expect(secured).toContain('"sales"."country" = $1');
    expect(outer).toContain('OR 1 = 1');
  });

  test('member-level excludes make a member not exist for that user', async () => {
    await expect(
      compileSql(model, user({ countries: 'fr' }), 'SELECT price FROM sales_view', 'duckdb'),
    ).rejects.toThrow(/Unknown column price/);
    await expect(
      compileSql(model, user({ countries: 'fr' }), 'SELECT s.price FROM sales_view s', 'duckdb'),
    ).rejects.toThrow(/sales_view has no member price/);
    const compiled = await compileSql(model, user({ countries: 'fr' }), 'SELECT * FROM sales_view', 'duckdb');
    expect(compiled.sql).not.toContain('"price"');
    expect(
      (await compileSql(model, user({}, ['admins']), 'SELECT * FROM sales_view', 'duckdb')).sql,
    ).toContain('"sales"."price" AS "price"');
  });

  test('public: false cubes cannot be queried; unknown tables suggest close names', async () => {
    await expect(compileSql(model, user({}, ['admins']), 'SELECT * FROM sales', 'duckdb')).rejects.toThrow(
      /Unknown table sales.*did you mean sales_view/,
    );
  });

  test('unknown columns suggest close members', async () => {
    await expect(
      compileSql(model, user({}, ['admins']), 'SELECT contry FROM sales_view', 'duckdb'),
    ).rejects.toThrow(/Unknown column contry; did you mean country/);
    await expect(
      compileSql(model, user({}, ['admins']), 'SELECT v.stores_cty FROM sales_view AS v', 'duckdb'),
    ).rejects.toThrow(/sales_view has no member stores_cty; did you mean stores_city/);
  });

  test('output names, CTE columns and correlated references still resolve', async () => {
    const admin = user({}, ['admins']);
    const compile = async (sql: string) => (await compileSql(model, admin, sql, 'duckdb')).sql;
    // An output name in GROUP BY / ORDER BY is the output column; a measure name there is its aggregate.
    const byAlias = await compile(
      'SELECT country AS c, MEASURE(count) FROM sales_view GROUP BY c ORDER BY c, count',
    );
    expect(byAlias).toContain('SELECT country AS "c", COUNT(count) AS "count"');
    expect(byAlias).toContain('GROUP BY c ORDER BY c ASC, COUNT(count) ASC');
    // A CTE's columns are the names it gave them, read through the CTE's alias.
    const viaCte = await compile(
      'WITH t AS (SELECT country, MEASURE(revenue) AS r FROM sales_view GROUP BY 1) SELECT country, r FROM t',
    );
    expect(viaCte).toContain('SUM(revenue) AS "r"');
    expect(viaCte).toMatch(/SELECT country AS "country", r AS "r" FROM "__cte_1" AS "t"$/);
    // A correlated reference names the outer relation, both over the secured source.
    const correlated = await compile(
      'SELECT a.country FROM sales_view a WHERE EXISTS (SELECT 1 FROM sales_view b WHERE b.id = a.id)',
    );
    expect(correlated).toContain('FROM "__sec_1" AS "a" WHERE EXISTS(');
    expect(correlated).toContain('FROM "__sec_1" AS "b" WHERE "b".id = "a".id)');
  });

  test('unknown measures suggest close ones', async () => {
    await expect(
      compileSql(model, user({}, ['admins']), 'SELECT MEASURE(revenu) FROM sales_view', 'duckdb'),
    ).rejects.toThrow(/Unknown measure revenu; did you mean revenue/);
  });

  test('refusals are SqlNotAllowedError (400 SQL_NOT_ALLOWED)', async () => {
    for (const sql of ['DELETE FROM sales_view', 'SELECT 1; SELECT 2', "SELECT * FROM read_csv('x')"]) {
      try {
        await compileSql(model, user({}, ['admins']), sql, 'duckdb');
        throw new Error(`not refused: ${sql}`);
      } catch (error) {
        expect(error).toBeInstanceOf(SqlNotAllowedError);
        expect(error).toMatchObject({ status: 400, code: 'SQL_NOT_ALLOWED' });
      }
    }
  });

  test('a literal with doubled quotes keeps its meaning; backslashes are refused', async () => {
    const compiled = await compileSql(
      model,
      user({}, ['admins']),
      "SELECT 'it''s' AS t FROM sales_view",
      'duckdb',
    );
    expect(compiled.sql).toContain("'it''s' AS \"t\"");
    await expect(
      compileSql(model, user({}, ['admins']), "SELECT 'a\\' AS t FROM sales_view", 'duckdb'),
    ).rejects.toThrow(SqlNotAllowedError);
  });
});

describe('parseModel: every error, with file and path', () => {
  test('all problems of all files are reported together', async () => {
    const broken: ModelFile[] = [
      {
        path: 'a.yml',
        content: `
cubes:
  - name: things
    sql_table: things
    dimensions:
      - name: kind
        sql: kind
        type: strng
    measures:
      - name: total
        type: summ
`,
      },
      {
        path: 'b.yml',
        content: `
views:
  - name: things_view
    cubes:
      - join_path: things.nowhere
    access_policy:
      - group: "*"
        row_level:
          filters:
            - member: missing
              operator: equals
              values: ["x"]
`,
      },
      { path: 'c.yml', content: 'cubes: [unclosed' },
    ];
    let caught: unknown;
    try {
      parseModel(broken);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ModelValidationError);
    const error = caught as ModelValidationError;
    expect(error).toMatchObject({ status: 400, code: 'MODEL_INVALID' });
    const where = error.issues.map((i) => `${i.file} ${i.path}`);
    expect(where).toEqual(
      expect.arrayContaining([
        'a.yml cubes[0].dimensions[0].type',
        'a.yml cubes[0].measures[0].type',
        'b.yml views[0].cubes[0].join_path',
        'b.yml views[0].access_policy[0].row_level.filters[0].member',
      ]),
    );
    expect(error.issues.some((i) => i.file === 'c.yml')).toBe(true);
    expect(error.message).toContain('a.yml');
    expect(error.message).toContain('b.yml');
  });

  test('the same files parse to the same cached model', async () => {
    expect(parseModel([...files].reverse())).toBe(model);
  });
});

describe('measures only exist aggregated', () => {
  const admin = user({}, ['admins']);
  test('a bare measure column is the measure; its own aggregate is too', async () => {
    const bare = await compileSql(
      model,
      admin,
      'SELECT country, revenue FROM sales_view GROUP BY 1',
      'duckdb',
    );
    expect(bare.sql).toContain('SELECT country AS "country", SUM(revenue) AS "revenue" FROM');
    const same = await compileSql(model, admin, 'SELECT SUM(revenue) AS r FROM sales_view', 'duckdb');
    expect(same.sql).toContain('SELECT SUM(revenue) AS "r" FROM');
  });

  test('another aggregate over a measure is refused with a hint', async () => {
    await expect(compileSql(model, admin, 'SELECT AVG(revenue) FROM sales_view', 'duckdb')).rejects.toThrow(
      'revenue is a sum measure: write MEASURE(revenue), or aggregate a dimension',
    );
  });
});
