/**
 * Name resolution (sql/resolve.ts) on its own, refusals by message: which names a CTE or an alias may not take
 * (they would mean two things on an engine), which names it may, and the checks on WITH and FROM. The scope walk
 * itself is in stages.test.ts; the whole chain in compiler.test.ts and the leak oracle.
 */
import { SqlNotAllowedError } from '../../functions/errors';
import { isNode, type Node, walk } from '../../functions/semantic/ast';
import { parseSql } from '../../functions/semantic/sql/parse';
import { rangeOf, resolveNames } from '../../functions/semantic/sql/resolve';

const objects = new Map([
  ['orders_view', 'orders_view'],
  ['customers_view', 'customers_view'],
]);
const modelNames = new Set(['orders_view', 'customers_view', 'orders']);

const parse = async (sql: string): Promise<Node> => {
  const ast = await parseSql(sql);
  const root = Array.isArray(ast) ? ast[0] : ast;
  if (!isNode(root)) throw new Error('no statement');
  return root;
};
const resolve = async (sql: string) => {
  const root = await parse(sql);
  return { root, resolution: resolveNames(root, objects, modelNames) };
};
const refused = async (sql: string, message: RegExp | string) => {
  const outcome = resolve(sql);
  await expect(outcome).rejects.toThrow(SqlNotAllowedError);
  await expect(outcome).rejects.toThrow(message);
};

/** The relations each engine resolves by name on its own (sql/resolve.ts lists them; written out here on purpose). */
const TABLE_FUNCTIONS = [
  ...['range', 'generate_series', 'unnest', 'glob', 'query', 'query_table', 'sql_auto_complete', 'summary'],
  ...['repeat', 'repeat_row', 'which_secret', 'test_all_types', 'pragma_database_list', 'columns', 'tables'],
  ...['schemata', 'views', 'sequences', 'routines', 'settings'],
];
const CATALOGS = [
  'pg_class',
  'duckdb_tables',
  'sqlite_master',
  'information_schema',
  'read_text',
  'parquet_metadata',
  'json_each',
  'iceberg_scan',
  'delta_scan',
];

describe('names a CTE or an alias may not take', () => {
  test.each([...TABLE_FUNCTIONS, ...CATALOGS])('%s, as a CTE name or an alias', async (name) => {
    const clash = new RegExp(
      `^(CTE name|Alias) "?${name}"? is also the name of a table; choose another$`,
      'i',
    );
    await refused(`WITH "${name}" AS (SELECT 1 FROM orders_view) SELECT 1 FROM "${name}"`, clash);
    await refused(`SELECT 1 FROM orders_view AS "${name}"`, clash);
  });

  test('any case of a model object, hidden or not, or a physical table', async () => {
    await refused(
      'WITH Orders AS (SELECT 1 FROM orders_view) SELECT 1 FROM Orders',
      'CTE name Orders is also',
    );
    await refused(
      'SELECT 1 FROM orders_view AS CUSTOMERS_VIEW',
      'Alias CUSTOMERS_VIEW is also the name of a table',
    );
  });

  test('the reserved prefix, as a CTE name, an alias or a table, by message', async () => {
    await refused('WITH __a AS (SELECT 1 FROM orders_view) SELECT 1 FROM __a', /^CTE name __a is reserved$/);
    await refused('SELECT 1 FROM orders_view AS __o', /^Alias __o is reserved$/);
    await refused('SELECT 1 FROM __sec_1', /^Table __sec_1 is reserved$/);
  });
});

describe('names a CTE or an alias may take', () => {
  // The catalog prefixes only count at the start, and information_schema only as the whole name.
  test.each(['my_pg_notes', 'spread_rows', 'information_schema_notes', 'ranges', 'tables2', 'o'])(
    '%s',
    async (name) => {
      await expect(
        resolve(`WITH ${name} AS (SELECT 1 FROM orders_view) SELECT 1 FROM ${name}`),
      ).resolves.toBeDefined();
      await expect(resolve(`SELECT 1 FROM orders_view AS ${name}`)).resolves.toBeDefined();
    },
  );

  test("a table's own name as its alias, in another case", async () => {
    const { root } = await resolve('SELECT 1 FROM orders_view AS Orders_View');
    expect(JSON.stringify(root)).toContain('"table":"__sec_1","as":"orders_view"');
  });
});

describe('WITH and FROM shapes, refused by message', () => {
  const ctes = (n: number) =>
    Array.from({ length: n }, (_, i) => `c${i} AS (SELECT 1 FROM orders_view)`).join(', ');

  test.each([
    [
      'a CTE without a name',
      'WITH "" AS (SELECT 1 FROM orders_view) SELECT 1 FROM orders_view',
      /^A CTE needs a name$/,
    ],
    [
      'a recursive CTE',
      'WITH RECURSIVE r AS (SELECT 1 FROM orders_view) SELECT 1 FROM r',
      /^Recursive CTEs are not allowed$/,
    ],
    [
      'a CTE defined twice, in any case',
      'WITH a AS (SELECT 1 FROM orders_view), A AS (SELECT 2 FROM orders_view) SELECT 1 FROM a',
      /^CTE A is defined twice$/,
    ],
    [
      'a schema-qualified table',
      'SELECT 1 FROM main.orders',
      /^Schema-qualified tables \(main\.orders\) are not allowed$/,
    ],
    [
      'a table function',
      "SELECT 1 FROM read_csv('x')",
      /^FROM may only read the data model's views and cubes, CTEs and subqueries \(no table functions or VALUES\)$/,
    ],
    ['VALUES', 'SELECT 1 FROM (VALUES (1)) t(x)', /^FROM may only read the data model's views and cubes/],
    [
      'a WITH in the middle of a set operation',
      'SELECT 1 FROM orders_view UNION ALL WITH a AS (SELECT 1 FROM orders_view) SELECT 1 FROM a',
      /^WITH may only begin a statement or a parenthesised subquery$/,
    ],
    [
      'an unknown table, with the names it may read and a near one',
      'SELECT 1 FROM order_view',
      /^Unknown table order_view: query the data model's cubes and views \(orders_view, customers_view\); did you mean orders_view\?$/,
    ],
    [
      'an unknown table with no near name',
      'SELECT 1 FROM zzz',
      /^Unknown table zzz: query the data model's cubes and views \(orders_view, customers_view\)$/,
    ],
    [
      'a table in a join condition’s subquery',
      'SELECT 1 FROM orders_view o JOIN customers_view c ON c.region IN (SELECT region FROM zzz)',
      /^Unknown table zzz/,
    ],
  ])('%s', async (_name, sql, message) => {
    await refused(sql, message);
  });

  test('100 CTEs run; the 101st is refused, counted over every scope of the query', async () => {
    await expect(resolve(`WITH ${ctes(100)} SELECT 1 FROM c0`)).resolves.toBeDefined();
    const message = /^A query may define at most 100 CTEs$/;
    await refused(`WITH ${ctes(101)} SELECT 1 FROM c0`, message);
    await refused(`WITH ${ctes(60)} SELECT 1 FROM (WITH ${ctes(41)} SELECT 1 FROM c0) s`, message);
  });
});

describe('scopes: what each SELECT reads, and where each reference sits', () => {
  /** The nodes of one type, in document order. */
  const nodes = (root: Node, type: string): Node[] => {
    const found: Node[] = [];
    walk(root, (node) => {
      if (node.type === type) found.push(node);
    });
    return found;
  };

  test("each SELECT's range variables, model objects and derived items; parents; generated names once per object", async () => {
    const { root, resolution } = await resolve(
      'WITH w AS (SELECT region FROM Customers_View) SELECT O.region FROM orders_view O, w, (SELECT 1 AS one FROM customers_view) AS S JOIN orders_view o2 ON o2.region = O.region',
    );
    expect([...resolution.secured]).toEqual([
      ['customers_view', '__sec_1'],
      ['orders_view', '__sec_2'],
    ]);
    // A CTE's body is resolved before the statement it belongs to.
    const [cte, outer, derived] = resolution.scopes;
    expect(resolution.scopes).toHaveLength(3);
    expect(outer?.select).toBe(root);
    expect(outer?.parent).toBeUndefined();
    expect([...(outer?.aliases ?? [])]).toEqual([
      ['o', 'orders_view'],
      ['w', undefined],
      ['s', undefined],
      ['o2', 'orders_view'],
    ]);
    expect([...(outer?.objects ?? [])]).toEqual(['orders_view']);
    expect(outer?.derived).toBe(true);
    // The CTE's body has no enclosing scope; the derived table's sits in the outer SELECT.
    expect(
      [cte, derived].map((s) => [
        s?.parent === outer,
        [...(s?.aliases ?? [])],
        [...(s?.objects ?? [])],
        s?.derived,
      ]),
    ).toEqual([
      [false, [['customers_view', 'customers_view']], ['customers_view'], false],
      [true, [['customers_view', 'customers_view']], ['customers_view'], false],
    ]);
    expect(JSON.stringify(root.from)).toContain('"table":"__sec_2","as":"o"');
    expect(JSON.stringify(root.from)).toContain('"as":"s"');
  });

  test('an empty alias is no alias: the range variable is the table name', async () => {
    const root = await parse('SELECT 1 FROM orders_view');
    const from = root.from;
    if (!Array.isArray(from) || !isNode(from[0])) throw new Error('no FROM item');
    from[0].as = '';
    const { scopes } = resolveNames(root, objects, modelNames);
    expect([...(scopes[0]?.aliases ?? [])]).toEqual([['orders_view', 'orders_view']]);
    expect(from[0].as).toBe('orders_view');
  });

  test('a subquery in FROM without an alias declares no range variable', async () => {
    const { resolution } = await resolve('SELECT 1 FROM (SELECT 1 FROM orders_view)');
    expect(resolution.scopes.map((s) => [...s.aliases])).toEqual([[], [['orders_view', 'orders_view']]]);
    expect(resolution.scopes[0]?.derived).toBe(true);
  });

  test('a SELECT without FROM resolves, on its own and as a subquery', async () => {
    const { resolution } = await resolve('SELECT 1 AS one, (SELECT 2) AS two');
    expect(resolution.scopes).toHaveLength(2);
    expect(resolution.secured.size).toBe(0);
  });

  test('a SELECT reading only model objects is not derived', async () => {
    const { resolution } = await resolve('SELECT 1 FROM orders_view');
    expect(resolution.scopes.map((s) => s.derived)).toEqual([false]);
  });

  test('column references and function calls map to the SELECT they sit in; qualifiers are folded', async () => {
    const { root, resolution } = await resolve(
      'SELECT upper(O.region), count(*) FROM orders_view o WHERE O.region IN (SELECT C.region FROM customers_view c) AND o.x = 1',
    );
    const [outer, sub] = resolution.scopes;
    const refs = nodes(root, 'column_ref');
    expect(
      refs.map((r) => [r.table, resolution.scopeOf.get(r) === outer, resolution.scopeOf.get(r) === sub]),
    ).toEqual([
      ['o', true, false],
      ['o', true, false],
      ['c', false, true],
      ['o', true, false],
    ]);
    for (const type of ['function', 'aggr_func']) {
      const [call] = nodes(root, type);
      expect(call && resolution.scopeOf.get(call)).toBe(outer);
    }
  });

  test('a CTE of an enclosing statement resolves from a subquery that has its own WITH', async () => {
    const { root } = await resolve(
      'WITH x AS (SELECT 1 FROM orders_view) SELECT * FROM (WITH y AS (SELECT 1 FROM x) SELECT 1 FROM x, y) s',
    );
    const tables: string[] = [];
    walk(root, (node) => {
      if (typeof node.table === 'string' && 'as' in node && !('column' in node)) tables.push(node.table);
    });
    expect(tables.sort()).toEqual(['__cte_1', '__cte_1', '__cte_2', '__sec_1']);
  });

  test('rangeOf: a qualifier names the nearest scope declaring it (correlation), or nothing', async () => {
    const { resolution } = await resolve(
      'SELECT 1 FROM orders_view o WHERE EXISTS (SELECT 1 FROM customers_view c, (SELECT 1 FROM orders_view) d WHERE c.region = o.region)',
    );
    const sub = resolution.scopes[1];
    if (!sub) throw new Error('no subquery scope');
    expect(rangeOf(sub, 'C')).toEqual({ found: true, object: 'customers_view' });
    expect(rangeOf(sub, 'o')).toEqual({ found: true, object: 'orders_view' });
    expect(rangeOf(sub, 'd')).toEqual({ found: true, object: undefined });
    expect(rangeOf(sub, 'z')).toEqual({ found: false, object: undefined });
  });
});

describe('a statement shape the parser does not produce today is refused, not skipped', () => {
  // resolveNames takes any AST: a parser upgrade that changed these shapes must not let a relation through unread.
  const shaped = async (change: (root: Node) => void) => {
    const root = await parse('WITH w AS (SELECT 1 FROM orders_view) SELECT 1 FROM w');
    change(root);
    return () => resolveNames(root, objects, modelNames);
  };

  test.each([
    ['WITH not a list', (root: Node) => Object.assign(root, { with: {} }), 'Unsupported WITH clause'],
    [
      'WITH absent rather than null',
      (root: Node) => Object.assign(root, { with: undefined }),
      'Unsupported WITH clause',
    ],
    ['a CTE not a node', (root: Node) => Object.assign(root, { with: ['w'] }), 'Unsupported WITH clause'],
    [
      "a CTE's body not a node",
      (root: Node) =>
        Object.assign(root, { with: [{ name: { type: 'default', value: 'w' }, stmt: 'SELECT 1' }] }),
      'Unsupported WITH clause',
    ],
    [
      "a CTE's body absent",
      (root: Node) => Object.assign(root, { with: [{ name: { type: 'default', value: 'w' }, stmt: null }] }),
      'Unsupported WITH clause',
    ],
    [
      'an alias not a string',
      (root: Node) => Object.assign(root, { with: null, from: [{ table: 'orders_view', as: 7 }] }),
      'Unsupported FROM clause',
    ],
    [
      'an alias absent rather than null',
      (root: Node) => Object.assign(root, { with: null, from: [{ table: 'orders_view' }] }),
      'Unsupported FROM clause',
    ],
    [
      'FROM absent rather than null',
      (root: Node) => Object.assign(root, { with: null, from: undefined }),
      'Unsupported FROM clause',
    ],
    [
      'FROM not a list',
      (root: Node) => Object.assign(root, { with: null, from: {} }),
      'Unsupported FROM clause',
    ],
    [
      'a FROM item not a node',
      (root: Node) => Object.assign(root, { with: null, from: ['orders_view'] }),
      'Unsupported FROM clause',
    ],
  ])('%s', async (_name, change, message) => {
    const run = await shaped(change);
    expect(run).toThrow(SqlNotAllowedError);
    expect(run).toThrow(new RegExp(`^${message}$`));
  });

  const onlyModel =
    "FROM may only read the data model's views and cubes, CTEs and subqueries (no table functions or VALUES)";
  test.each([
    ['neither a table nor a subquery', { as: null }],
    ['a table name beside an expression', { table: 'orders_view', as: null, expr: { type: 'function' } }],
    [
      'a parenthesised statement that is not a SELECT',
      { as: 'v', expr: { ast: { type: 'values', values: [] } } },
    ],
  ])('a FROM item %s is refused as no model object', async (_name, item) => {
    const run = await shaped((root) => Object.assign(root, { with: null, from: [item] }));
    expect(run).toThrow(SqlNotAllowedError);
    expect(run).toThrow(onlyModel);
  });
});
