import { SqlNotAllowedError } from '../../functions/errors';
import { fold, isNode, type Node, walk } from '../../functions/semantic/ast';
import { checkColumns, checkConstructs } from '../../functions/semantic/sql/check';
import { PARSE_LIMITS, parsePrintedSql, parseSql, precheck } from '../../functions/semantic/sql/parse';
import { resolveNames } from '../../functions/semantic/sql/resolve';
import { qualifiedTable } from '../../functions/semantic/target';

/** Each compiler stage on its own (the whole chain is tested through compileSql and the leak oracle). */

const parse = async (sql: string): Promise<Node> => {
  const ast = await parseSql(sql);
  const root = Array.isArray(ast) ? ast[0] : ast;
  if (!isNode(root)) throw new Error('no statement');
  return root;
};

/** Every relation name left in the rewritten AST (FROM items and CTE names). */
function relations(root: Node): { from: string[]; ctes: string[] } {
  const from: string[] = [];
  const ctes: string[] = [];
  walk(root, (node) => {
    if (typeof node.table === 'string' && 'as' in node && !('column' in node)) from.push(node.table);
    if (Array.isArray(node.with)) {
      for (const cte of node.with) if (isNode(cte) && isNode(cte.name)) ctes.push(String(cte.name.value));
    }
  });
  return { from, ctes };
}

describe('parse: a linear precheck bounds what reaches the parser', () => {
  test.each([
    ['unbalanced parentheses', 'SELECT ((1 FROM v', /unbalanced/],
    ['a closing parenthesis first', 'SELECT 1) FROM (v', /unbalanced/],
    ['too deep', `SELECT ${'('.repeat(25)}1${')'.repeat(25)} FROM v`, /nested too deeply/],
    ['an unterminated quote', "SELECT 'a FROM v", /unterminated quote/],
    ['an unterminated comment', 'SELECT 1 FROM v /* x', /unterminated comment/],
    ['a dollar quote', 'SELECT $$x$$ FROM v', /Dollar quotes/],
    ['a parameter', 'SELECT $1 FROM v', /Dollar quotes and parameters/],
    ['a backslash', "SELECT 'a\\' FROM v", /Backslashes/],
    ['a control character', 'SELECT 1\u0007 FROM v', /control characters/],
    ['too long', `SELECT 1 FROM v WHERE x = '${'a'.repeat(PARSE_LIMITS.maxLength)}'`, /longer than/],
    ['too many tokens', `SELECT ${Array.from({ length: 6_001 }, () => '1').join(',')} FROM v`, /tokens/],
  ])('refuses %s', (_name, sql, message) => {
    expect(() => precheck(sql)).toThrow(SqlNotAllowedError);
    expect(() => precheck(sql)).toThrow(message);
  });

  test.each([
    ['parentheses inside strings and identifiers', `SELECT '((' AS "a((" FROM v WHERE x = ')'`],
    ['doubled quotes', `SELECT 'it''s' AS "a""b" FROM v`],
    ['parentheses inside comments', 'SELECT 1 FROM v -- (((\n/* ((( */'],
    ['a dollar sign inside a string', "SELECT '$1' FROM v"],
  ])('accepts %s', (_name, sql) => {
    expect(() => precheck(sql)).not.toThrow();
  });
});

describe("parse: the compiler's printed SQL has its own, longer deadline", () => {
  // A wide query: about half a second to parse on a quiet machine, far over 1 ms.
  const wide = `SELECT ${Array.from({ length: 300 }, (_, i) => `CASE WHEN (amount > ${i}) THEN ${i} END AS c${i}`).join(', ')} FROM v`;
  const limits = { ...PARSE_LIMITS };
  afterEach(() => Object.assign(PARSE_LIMITS, limits));

  test("a user's parse that overruns deadlineMs does not bound the printed SQL's", async () => {
    PARSE_LIMITS.deadlineMs = 1;
    await expect(parseSql(wide)).rejects.toThrow(/too complex to parse within 1 ms/);
    await expect(parsePrintedSql(wide)).resolves.toBeTruthy();
  });

  test('printed SQL that overruns printedDeadlineMs is refused, and the next parse gets a fresh parser', async () => {
    PARSE_LIMITS.printedDeadlineMs = 1;
    await expect(parsePrintedSql(wide)).rejects.toThrow(/too complex to parse within 1 ms/);
    await expect(parseSql('SELECT 1 AS n FROM v')).resolves.toBeTruthy();
  });
});

describe('resolve: lexical scopes, engine-like name comparison, generated names', () => {
  const objects = new Map([['orders_view', 'orders_view']]);
  const modelNames = new Set(['orders_view', 'orders', 'customers']);
  const resolve = async (sql: string) => {
    const root = await parse(sql);
    return { root, resolution: resolveNames(root, objects, modelNames) };
  };

  test('model objects become secured names, CTEs generated names, in any case and quoting', async () => {
    const { root, resolution } = await resolve(
      'WITH a AS (SELECT region FROM ORDERS_VIEW), b AS (SELECT region FROM "A") SELECT * FROM B JOIN orders_view o ON true',
    );
    expect([...resolution.secured]).toEqual([['orders_view', '__sec_1']]);
    const { from, ctes } = relations(root);
    expect(ctes).toEqual(['__cte_1', '__cte_2']);
    expect(from.sort()).toEqual(['__cte_1', '__cte_2', '__sec_1', '__sec_1']);
  });

  test('a CTE does not see itself, and a later sibling is not visible to an earlier one', async () => {
    await expect(resolve('WITH x AS (SELECT * FROM x) SELECT * FROM x')).rejects.toThrow(/Unknown table x/);
    await expect(
      resolve('WITH a AS (SELECT * FROM b), b AS (SELECT * FROM orders_view) SELECT * FROM a'),
    ).rejects.toThrow(/Unknown table b/);
  });

  test('a CTE defined in a subquery is not visible outside it', async () => {
    await expect(
      resolve('SELECT * FROM (WITH x AS (SELECT * FROM orders_view) SELECT * FROM x) s CROSS JOIN x'),
    ).rejects.toThrow(/Unknown table x/);
  });

  test('an inner CTE shadows an outer one of the same name, as in the engines', async () => {
    const { root } = await resolve(
      'WITH x AS (SELECT region FROM orders_view) SELECT * FROM (WITH X AS (SELECT status FROM orders_view) SELECT * FROM x) s',
    );
    // The outer x is __cte_1; the inner X (__cte_2) is what the inner FROM reads.
    const inner = JSON.stringify(root).indexOf('"table":"__cte_2"');
    expect(inner).toBeGreaterThan(0);
  });

  test.each([
    ['a model object', 'WITH orders_view AS (SELECT 1) SELECT * FROM orders_view'],
    ['a physical table', 'WITH Orders AS (SELECT * FROM orders_view) SELECT * FROM Orders'],
    ['a catalog', 'WITH pg_settings AS (SELECT * FROM orders_view) SELECT * FROM pg_settings'],
    ['a table function', 'WITH range AS (SELECT * FROM orders_view) SELECT * FROM range'],
    ['a reserved name', 'WITH __sec_1 AS (SELECT * FROM orders_view) SELECT * FROM __sec_1'],
    ['an alias named like a physical table', 'SELECT o.region FROM orders_view AS Customers'],
    ['a schema-qualified table', 'SELECT * FROM main.orders'],
    ['a table function in FROM', "SELECT * FROM read_csv('x')"],
    [
      'a WITH in the middle of a set operation',
      'SELECT 1 FROM orders_view UNION ALL WITH a AS (SELECT 1) SELECT 1 FROM a',
    ],
  ])('refuses %s', async (_name, sql) => {
    await expect(resolve(sql)).rejects.toThrow(SqlNotAllowedError);
  });

  describe('joins are bounded: engines plan them with memory outside their limits', () => {
    const views = (n: number, prefix = 't') =>
      Array.from({ length: n }, (_, i) => `orders_view ${prefix}${i}`).join(', ');
    const refused = /at most 16 tables, views or subqueries at once/;

    test('16 relations in one FROM run; 17 are refused, JOIN or comma alike', async () => {
      await expect(resolve(`SELECT count(*) FROM ${views(16)}`)).resolves.toBeDefined();
      await expect(resolve(`SELECT count(*) FROM ${views(17)}`)).rejects.toThrow(refused);
      const joins = Array.from({ length: 16 }, (_, i) => `JOIN orders_view j${i} ON true`).join(' ');
      await expect(resolve(`SELECT count(*) FROM orders_view o ${joins}`)).rejects.toThrow(refused);
    });

    test('a subquery or a CTE in FROM counts what it joins itself', async () => {
      const nested = `SELECT count(*) FROM (SELECT 1 FROM ${views(9, 'a')}) x, (SELECT 1 FROM ${views(8, 'b')}) y`;
      await expect(resolve(nested)).rejects.toThrow(/this one joins 17/);
      const cte = `WITH w AS (SELECT 1 FROM ${views(5)}) SELECT count(*) FROM w a, w b, w c, w d`;
      await expect(resolve(cte)).rejects.toThrow(/this one joins 20/);
      await expect(
        resolve(`WITH w AS (SELECT 1 FROM ${views(4)}) SELECT count(*) FROM w a, w b, w c, w d`),
      ).resolves.toBeDefined();
    });

    test('set operations count branch by branch (the widest branch, when read as a subquery)', async () => {
      const branches = Array.from({ length: 30 }, () => `SELECT 1 FROM ${views(10)}`).join(' UNION ALL ');
      await expect(resolve(branches)).resolves.toBeDefined();
      await expect(resolve(`SELECT count(*) FROM (${branches}) u, ${views(6, 'z')}`)).resolves.toBeDefined();
      await expect(resolve(`SELECT count(*) FROM (${branches}) u, ${views(7, 'z')}`)).rejects.toThrow(
        /this one joins 17/,
      );
    });

    test('a set operation read as a relation counts its widest branch, first or last', async () => {
      const narrowWide = `SELECT 1 FROM ${views(1, 'n')} UNION ALL SELECT 1 FROM ${views(10, 'w')}`;
      const wideNarrow = `SELECT 1 FROM ${views(10, 'w')} UNION ALL SELECT 1 FROM ${views(1, 'n')}`;
      for (const union of [narrowWide, wideNarrow]) {
        await expect(resolve(`SELECT count(*) FROM (${union}) u, ${views(7, 'z')}`)).rejects.toThrow(
          /this one joins 17/,
        );
        await expect(
          resolve(`WITH c AS (${union}) SELECT count(*) FROM c, ${views(7, 'z')}`),
        ).rejects.toThrow(/this one joins 17/);
        await expect(resolve(`SELECT count(*) FROM (${union}) u, ${views(6, 'z')}`)).resolves.toBeDefined();
      }
    });
  });

  test('aliases and qualifiers are folded together, so o.x and O.x name the same range variable', async () => {
    const { root } = await resolve('SELECT O.region FROM orders_view o');
    const refs: string[] = [];
    walk(root, (node) => {
      if (node.type === 'column_ref' && typeof node.table === 'string') refs.push(node.table);
    });
    expect(refs).toEqual(['o']);
    expect(fold('ORDERS')).toBe('orders');
  });
});

describe('check: allow-lists and value bounds', () => {
  const check = async (sql: string) => {
    const root = await parse(sql);
    const resolution = resolveNames(root, new Map([['v', 'v']]), new Set(['v']));
    return { root, resolution, constructs: checkConstructs(root) };
  };

  test.each([
    ['an unknown function', 'SELECT pg_read_file(status) FROM v', /Function pg_read_file/],
    ['a cast to an object type', "SELECT 'v'::regclass FROM v", /Casts to REGCLASS/],
    ['a literal pad length over the cap', "SELECT lpad(status, 5000, 'x') FROM v", /may not exceed 1000/],
    ['a replace that could grow a value', "SELECT replace(status, 'a', 'aaaa') FROM v", /may not grow/],
    ['a computed replacement', 'SELECT replace(status, status, status) FROM v', /literal strings/],
    ['an internal column', 'SELECT __total FROM v', /does not exist/],
  ])('refuses %s', async (_name, sql, message) => {
    await expect(check(sql)).rejects.toThrow(message);
  });

  test('a computed pad length is clamped with least(), keeping the call', async () => {
    const { root } = await check("SELECT lpad(status, amount * 1000, 'x') FROM v");
    expect(JSON.stringify(root)).toContain('"value":"least"');
    expect(JSON.stringify(root)).toContain('"value":1000');
  });

  test('a non-growing replace and casts to ordinary types pass', async () => {
    await expect(
      check("SELECT replace(status, '-', ' '), CAST(amount AS INTEGER), amount::TEXT FROM v"),
    ).resolves.toBeDefined();
  });

  test('columns: visible members only, and a qualifier must name a table of the query', async () => {
    const member = (name: string) => ({
      name,
      kind: 'dimension' as const,
      type: 'string' as const,
      title: name,
      synonyms: [],
      cube: 'c',
      cubeMember: name,
    });
    const visible = new Map([['v', [member('status'), member('Region')]]]);
    const columns = async (sql: string) => {
      const { root, resolution } = await check(sql);
      checkColumns(root, resolution, visible);
    };
    await expect(columns('SELECT status, region FROM v')).resolves.toBeUndefined();
    await expect(columns('SELECT secret FROM v')).rejects.toThrow(/Unknown column secret/);
    await expect(columns('SELECT x.status FROM v')).rejects.toThrow(/x is not a table of this query/);
    await expect(columns('SELECT s FROM (SELECT status AS s FROM v) d')).resolves.toBeUndefined();
  });
});

describe('secure: physical names are always fully qualified', () => {
  test.each([
    ['orders', { catalog: 'data_1' }, '"data_1"."main"."orders"'],
    ['sales.orders', { catalog: 'data_1' }, '"data_1"."sales"."orders"'],
    ['orders', { schema: 'public' }, '"public"."orders"'],
    ['analytics.orders', { schema: 'public' }, '"analytics"."orders"'],
  ])('%s at %j is %s', (name, at, expected) => {
    expect(qualifiedTable(name, at)).toBe(expected);
  });
});
