import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import nodeSqlParser from 'node-sql-parser';
import pg from 'pg';
import { SqlNotAllowedError } from '../../functions/errors';
import {
  closeDrivers,
  type DataModel,
  type DataSource,
  DuckDbDriver,
  demoModelFiles,
  PARSE_LIMITS,
  PostgresDriver,
  parseModel,
  type QueryResult,
  type QueryUser,
  runQuery,
  sampleDataSql,
} from '../../functions/semantic';
import { writeDuckDb } from '../support/duckdb-file';
import { PLUS_MODEL } from './leak-plus';

const { Parser } = nodeSqlParser;

import { startPostgres, type TestPostgres } from './postgres';

/**
 * A leak oracle (metamorphic): for any query the compiler accepts, a north-only user's result on the full data
 * equals the same user's result on a copy where the raw tables hold only north rows. Whatever the trick (a CTE
 * shadowing a table, a name out of scope, a raw table in a subquery), reading a row the policies hide shows as
 * a difference. Queries are generated with fast-check and run on DuckDB and on PostgreSQL.
 */
const ORDERS = 600;
const FILTER = [
  "DELETE FROM orders WHERE region <> 'north'",
  "DELETE FROM customers WHERE region <> 'north'",
];
const north: QueryUser = { groups: [], userAttributes: { region: 'north' }, securityContext: {} };

let model: DataModel;
let dir: string;
let postgres: TestPostgres;
const engines: Record<'duckdb' | 'postgres', { full: DataSource; filtered: DataSource }> = {
  duckdb: { full: { kind: 'duckdb', database: '' }, filtered: { kind: 'duckdb', database: '' } },
  postgres: { full: { kind: 'duckdb', database: '' }, filtered: { kind: 'duckdb', database: '' } },
};

const duckFile = (path: string, filter: boolean): Promise<string> =>
  writeDuckDb(path, [...sampleDataSql(ORDERS), ...(filter ? FILTER : [])]);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'leak-oracle-'));
  const [server, full, filtered, files] = await Promise.all([
    startPostgres(ORDERS),
    duckFile(join(dir, 'full.duckdb'), false),
    duckFile(join(dir, 'filtered.duckdb'), true),
    demoModelFiles('main'),
  ]);
  postgres = server;
  // The demo model, and beside it the newer kinds of members (leak-plus.ts) under the same policies.
  model = parseModel([...files, { path: 'plus.yml', content: PLUS_MODEL }]);
  engines.duckdb = {
    full: { kind: 'duckdb', database: full },
    filtered: { kind: 'duckdb', database: filtered },
  };
  // The filtered copy on PostgreSQL is a second database; the full one also holds a table the model never names.
  const admin = new pg.Client({ connectionString: server.connectionString });
  await admin.connect();
  await admin.query('CREATE TABLE payroll (name text, salary int)');
  await admin.query("INSERT INTO payroll VALUES ('ceo', 1000000)");
  await admin.query('CREATE DATABASE filtered');
  await admin.end();
  const filteredUrl = server.connectionString.replace(/\/postgres$/, '/filtered');
  const client = new pg.Client({ connectionString: filteredUrl });
  await client.connect();
  for (const statement of [...sampleDataSql(ORDERS), ...FILTER]) await client.query(statement);
  await client.end();
  engines.postgres = {
    full: { kind: 'postgres', connectionString: server.connectionString },
    filtered: { kind: 'postgres', connectionString: filteredUrl },
  };
}, 120_000);

afterAll(async () => {
  await closeDrivers();
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const run = (sql: string, source: DataSource, maxRows = 100_000) =>
  runQuery({ model, user: north, sql, source, maxRows, timeoutMs: 10_000 });

/** Rows as sorted text, numbers to 6 significant digits (engines and row orders differ in the last bits). */
const canonical = (result: QueryResult) =>
  result.data
    .map((row) => JSON.stringify(row.map((v) => (typeof v === 'number' ? Number(v.toPrecision(6)) : v))))
    .sort();

type Outcome = { kind: 'refused'; message: string } | { kind: 'rows'; rows: string[] };

async function outcome(sql: string, source: DataSource): Promise<Outcome> {
  try {
    return { kind: 'rows', rows: canonical(await run(sql, source)) };
  } catch (error) {
    if (error instanceof SqlNotAllowedError) return { kind: 'refused', message: error.message };
    throw error;
  }
}

// Names an attacker reaches for: physical tables and views in every case and quoting, and CTE names that take
// the names of physical tables the model does not name (payroll), of catalogs, or of nothing at all. Mostly the
// generator names what is in scope (a refused query proves little); now and then it names something that is not.
const physical = fc.constantFrom(
  'orders',
  'Orders',
  'ORDERS',
  '"orders"',
  '"Orders"',
  'customers',
  '"customers"',
);
const view = fc.constantFrom('orders_view', 'ORDERS_VIEW', '"orders_view"', 'Orders_View');
const ours = fc.constantFrom('x', 'X', '"x"', 'y', 'payroll', 'PAYROLL', 'Payroll', 'stats');
const catalog = fc.constantFrom('pg_settings', 'duckdb_tables', 'range', 'information_schema');
const cteName = fc.oneof(
  { weight: 1, arbitrary: physical },
  { weight: 1, arbitrary: catalog },
  { weight: 12, arbitrary: ours },
);
const alias = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom('', ' o', ' x', ' t', ' AS payroll', ' "T"') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(' AS orders', ' Orders', ' "ORDERS"', ' customers', ' pg_settings'),
  },
);

/** A relation name: the view, a CTE in scope, or (rarely) anything else, in any case and quoting. */
const relation = (scope: readonly string[]) =>
  fc.oneof(
    { weight: 8, arbitrary: view },
    { weight: scope.length > 0 ? 6 : 0, arbitrary: fc.constantFrom(...(scope.length ? scope : ['x'])) },
    {
      weight: scope.length > 0 ? 1 : 0,
      arbitrary: fc.constantFrom(...(scope.length ? scope : ['x'])).map((n) => n.toUpperCase()),
    },
    { weight: 1, arbitrary: physical },
    { weight: 1, arbitrary: ours },
  );

const where = (scope: readonly string[]) =>
  relation(scope).chain((inner) =>
    fc.constantFrom(
      '',
      '',
      ' WHERE amount > 500',
      ` WHERE region IN (SELECT region FROM ${inner})`,
      ` WHERE EXISTS (SELECT 1 FROM ${inner} z WHERE z.region <> 'north')`,
      ` WHERE amount > (SELECT min(amount) FROM ${inner})`,
    ),
  );

/** A SELECT producing (region, amount, status) rows, nesting subqueries and WITH lists up to `depth`. */
const rowsQuery = (depth: number, scope: readonly string[] = []): fc.Arbitrary<string> => {
  const leaf = fc
    .tuple(relation(scope), alias, where(scope))
    .map(([from, as, w]) => `SELECT region, amount, status FROM ${from}${as}${w}`);
  if (depth <= 0) return leaf;
  const smaller = rowsQuery(depth - 1, scope);
  const withList = fc
    .tuple(cteName, cteName)
    .chain(([n1, n2]) =>
      fc
        .tuple(
          rowsQuery(depth - 1, scope),
          rowsQuery(depth - 1, [...scope, n1]),
          rowsQuery(depth - 1, [...scope, n1, n2]),
        )
        .map(([q1, q2, q3]) => `WITH ${n1} AS (${q1}), ${n2} AS (${q2}) ${q3}`),
    );
  return fc.oneof(
    { weight: 2, arbitrary: leaf },
    fc.tuple(smaller, alias).map(([q, as]) => `SELECT region, amount, status FROM (${q})${as || ' d'}`),
    withList,
    fc.tuple(smaller, smaller).map(([a, b]) => `${a} UNION ALL ${b}`),
    // A CTE defined inside a subquery, and a sibling that names it out of its scope.
    fc
      .tuple(cteName, smaller, relation(scope))
      .map(
        ([n, q, from]) =>
          `SELECT a.region, a.amount, a.status FROM (WITH ${n} AS (${q}) SELECT * FROM ${n}) a CROSS JOIN (SELECT count(*) AS c FROM ${from}) b`,
      ),
  );
};

/**
 * Queries over the newer kinds of members (a measure over measures, a filtered measure, a segment, a sub_query
 * dimension reading another cube's measure), grouped or as rows, now and then behind a CTE of an attacker's name.
 */
const plusQuery = fc
  .tuple(
    fc.constantFrom('region', 'status', 'c2_segment'),
    fc.constantFrom('MEASURE(avg_calc)', 'MEASURE(completed_total)', 'MEASURE(total)', 'MEASURE(count)'),
    fc.constantFrom(
      '',
      ' WHERE big',
      ' WHERE NOT big',
      ' WHERE c2_order_total > 1000',
      " WHERE status = 'completed'",
    ),
    cteName,
    fc.constantFrom('grouped', 'grouped', 'rows', 'wrapped'),
  )
  .map(([dimension, measure, filter, name, shape]) => {
    const grouped = `SELECT ${dimension}, ${measure} AS v FROM plus_view${filter} GROUP BY 1`;
    if (shape === 'rows') return `SELECT ${dimension}, amount, c2_order_total FROM plus_view${filter}`;
    return shape === 'wrapped' ? `WITH ${name} AS (${grouped}) SELECT * FROM ${name}` : grouped;
  });

const query = fc.oneof(
  { weight: 2, arbitrary: plusQuery },
  rowsQuery(2),
  rowsQuery(2).map((q) => `SELECT region, count(*) AS n, sum(amount) AS s FROM (${q}) g GROUP BY region`),
  rowsQuery(1).map((q) => `WITH base AS (${q}) SELECT status, count(*) AS n FROM base GROUP BY status`),
);

describe.each(['duckdb', 'postgres'] as const)('leak oracle on %s', (engine) => {
  test('generated queries: full data and north-only data agree for a north user', async () => {
    let accepted = 0;
    let total = 0;
    await fc.assert(
      fc.asyncProperty(query, async (sql) => {
        total += 1;
        const full = await outcome(sql, engines[engine].full);
        const filtered = await outcome(sql, engines[engine].filtered);
        if (full.kind === 'rows') accepted += 1;
        // Refusal depends on the query and the model only, never on the data.
        expect(full.kind).toBe(filtered.kind);
        if (full.kind === 'rows' && filtered.kind === 'rows') expect(full.rows).toEqual(filtered.rows);
      }),
      { numRuns: 150 },
    );
    // The property says something only if the compiler accepts a fair share of what is generated.
    expect(accepted / total).toBeGreaterThan(0.2);
  }, 120_000);

  const regressions: [string, string][] = [
    [
      'CTE named like the physical table it reads',
      'WITH Orders AS (SELECT * FROM Orders) SELECT region, count(*) FROM Orders GROUP BY 1',
    ],
    [
      'CTE of another case over a view',
      'WITH ORDERS AS (SELECT * FROM orders_view) SELECT region, count(*) FROM orders GROUP BY 1',
    ],
    [
      'a CTE in a subquery does not cover names outside it',
      'SELECT y FROM (WITH X AS (SELECT 1 AS y) SELECT y FROM X) a CROSS JOIN orders x',
    ],
    ['a CTE never sees itself', 'WITH x AS (SELECT * FROM x) SELECT region FROM x'],
    ['raw customers table', 'SELECT * FROM Customers'],
    ['DuckDB catalog view', 'SELECT * FROM Duckdb_tables'],
    ['DuckDB databases (file paths)', 'SELECT * FROM Duckdb_databases'],
    ['PostgreSQL settings', 'SELECT * FROM Pg_settings'],
    ['PostgreSQL roles', 'SELECT * FROM pg_roles'],
    ['PostgreSQL activity', 'SELECT * FROM pg_stat_activity'],
    ['unmodelled table', 'SELECT * FROM payroll'],
    ['unmodelled table behind a CTE name', 'WITH payroll AS (SELECT * FROM payroll) SELECT * FROM payroll'],
  ];
  test.each(regressions)('regression: %s is refused', async (_name, sql) => {
    const result = await outcome(sql, engines[engine].full);
    expect(result.kind).toBe('refused');
  });

  test('a CTE over the view that takes a physical table name in another case is contained', async () => {
    const result = await run(
      'WITH "Orders" AS (SELECT * FROM orders_view) SELECT region, count(*) AS n FROM ORDERS GROUP BY 1',
      engines[engine].full,
    ).catch((error: unknown) => error);
    // Either refused (the name is a model cube's) or only north rows: never the raw table.
    if (result instanceof SqlNotAllowedError) return;
    expect((result as QueryResult).data.map((row) => row[0])).toEqual(['north']);
  });

  test('pad lengths are bounded: a literal over the cap is refused, a computed one is capped', async () => {
    await expect(
      run("SELECT length(lpad('a', 2147483647, 'x')) AS n FROM orders_view LIMIT 1", engines[engine].full),
    ).rejects.toThrow(/lpad lengths may not exceed 1000/);
    // Uncapped, the pads would be gigabytes each: the run's 10 s limit or memory would fail it.
    const result = await run(
      "SELECT max(length(lpad('a', CAST(amount AS INTEGER) * 1000000, 'x'))) AS n FROM orders_view",
      engines[engine].full,
    );
    expect(result.data).toEqual([[1000]]);
  });

  test('the row cap stops reading: a cross join with a cap of 1 row returns 1 row and counts the rest', async () => {
    const result = await run(
      'SELECT a.region FROM orders_view a CROSS JOIN orders_view b',
      engines[engine].full,
      1,
    );
    expect(result.data).toHaveLength(1);
    const [[count]] = (await run('SELECT count(*) FROM orders_view', engines[engine].full)).data as [
      [number],
    ];
    expect(result.totalRows).toBe(count * count);
  });
});

describe('the engine is a second wall', () => {
  test('DuckDB: a physical table, unqualified or in its file catalog, is not reachable by name', async () => {
    const driver = await DuckDbDriver.open(
      engines.duckdb.full.kind === 'duckdb' ? engines.duckdb.full.database : '',
    );
    try {
      const options = { maxRows: 10, timeoutMs: 5_000 };
      await expect(
        driver.execute({ sql: 'SELECT count(*) FROM orders', params: [] }, options),
      ).rejects.toThrow(/does not exist/);
      // The error never names the generated catalog.
      await expect(
        driver.execute({ sql: 'SELECT count(*) FROM orders', params: [] }, options),
      ).rejects.not.toThrow(/data_[0-9a-f]{16}/);
      await expect(
        driver.execute({ sql: "SELECT * FROM read_csv('/etc/passwd')", params: [] }, options),
      ).rejects.toThrow();
      const secured = await driver.execute(
        { sql: `SELECT count(*) AS n FROM ${driver.target.table('orders')}`, params: [] },
        options,
      );
      expect(secured.data).toEqual([[ORDERS]]);
    } finally {
      await driver.close();
    }
  });

  test('PostgreSQL: empty search path, read-only transaction, statement timeout', async () => {
    const connectionString =
      engines.postgres.full.kind === 'postgres' ? engines.postgres.full.connectionString : '';
    const driver = new PostgresDriver(connectionString);
    try {
      const options = { maxRows: 10, timeoutMs: 5_000 };
      await expect(
        driver.execute({ sql: 'SELECT count(*) FROM orders', params: [] }, options),
      ).rejects.toThrow(/does not exist/);
      await expect(
        driver.execute({ sql: 'SELECT count(*) FROM payroll', params: [] }, options),
      ).rejects.toThrow(/does not exist/);
      await expect(
        driver.execute(
          { sql: 'SELECT 1 FROM (SELECT pg_sleep(5)) s', params: [] },
          { maxRows: 10, timeoutMs: 200 },
        ),
      ).rejects.toMatchObject({ code: 'QUERY_TIMEOUT' });
      const result = await driver.execute(
        { sql: `SELECT count(*) AS n FROM ${driver.target.table('orders')}`, params: [] },
        options,
      );
      expect(result.data).toEqual([[ORDERS]]);
    } finally {
      await driver.close();
    }
  });
});

describe('parsing never blocks the process', () => {
  /** The longest gap between ticks of a 5 ms timer while `work` runs. */
  async function longestStall(work: () => Promise<unknown>): Promise<number> {
    let last = performance.now();
    let longest = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    try {
      await work().catch(() => undefined);
    } finally {
      clearInterval(timer);
    }
    return longest;
  }

  test.each([
    ['16 open parentheses (41 bytes)', 'SELECT ((((((((((((((((1 FROM orders_view'],
    ['CASE WHEN ( x14', `SELECT ${'CASE WHEN ('.repeat(14)}1 FROM orders_view`],
    ['balanced but 40 deep', `SELECT ${'('.repeat(40)}1${')'.repeat(40)} FROM orders_view`],
  ])('%s is refused at once', async (_name, sql) => {
    // By the linear precheck, never handed to the parser (whose deadline would refuse it as too complex, seconds
    // later): its messages say which (a time bound measured the machine as much as the check).
    const refusal = run(sql, engines.duckdb.full);
    await expect(refusal).rejects.toThrow(SqlNotAllowedError);
    await expect(refusal).rejects.toThrow(/unbalanced parenthesis|nested too deeply/);
  });

  test('a parse that overruns its deadline is killed and refused while the event loop keeps running', async () => {
    const deadline = PARSE_LIMITS.deadlineMs;
    PARSE_LIMITS.deadlineMs = 1;
    try {
      const wide = `SELECT ${Array.from({ length: 600 }, (_, i) => `CASE WHEN (amount > ${i}) THEN ${i} END AS c${i}`).join(', ')} FROM orders_view`;
      const stall = await longestStall(() =>
        expect(run(wide, engines.duckdb.full)).rejects.toThrow(/too complex to parse/),
      );
      // A parse on the event loop would stall it for the whole parse; measured here, at the machine's current
      // load, so the bound scales with it (a fixed 100 ms measured the load; a quiet parse takes about 500 ms).
      const onLoop = performance.now();
      new Parser().astify(wide, { database: 'postgresql' });
      expect(stall).toBeLessThan((performance.now() - onLoop) / 2);
    } finally {
      PARSE_LIMITS.deadlineMs = deadline;
    }
    // The next queries get a fresh parser, concurrently, and none of them is failed by the stopped one.
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => run(`SELECT count(*) + ${n} AS n FROM orders_view`, engines.duckdb.full)),
    );
    expect(results.map((r) => r.data)).toHaveLength(5);
    for (const result of results) expect(result.data).toHaveLength(1);
  });
});
