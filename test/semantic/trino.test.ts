/**
 * The Trino/Athena target on paper: golden Trino SQL for every compiler feature, the refusals by name, and the
 * literal escaping Athena needs (it takes parameters as SQL text) proven on the hostile corpus's strings. Every
 * golden string was written out and checked by hand against Trino's documentation (docs/data-model.md, "Engines":
 * no Trino engine runs here; `npm run test:athena` runs the same model on a real Athena workgroup).
 */
import { AppError, SqlNotAllowedError } from '../../functions/errors';
import {
  compileSql,
  type DataModel,
  demoModelFiles,
  parseModel,
  type QueryUser,
} from '../../functions/semantic';
import { DialectUnsupportedError, toLexicalDialect } from '../../functions/semantic/dialect';
import { tokenize } from '../../functions/semantic/dialect-lexical';
import { trinoLiteral, trinoString } from '../../functions/semantic/dialect-trino';
import { GOLDEN_MODEL } from './golden-model';
import { GOLDEN } from './golden-queries';
import { hostileCorpus } from './hostile-corpus';

const model = parseModel([{ path: 'golden.yml', content: GOLDEN_MODEL }]);
const north: QueryUser = { groups: [], userAttributes: { region: 'north' }, securityContext: {} };

describe('golden Trino SQL for every compiler feature', () => {
  test.each(GOLDEN)('%s', async (_name, sql, expected) => {
    const compiled = await compileSql(model, north, sql, 'trino');
    expect(compiled.sql).toBe(expected);
    // Athena takes no parameters beside the SQL: every value is inlined as a literal.
    expect(compiled.params).toEqual([]);
    expect(compiled.sql).not.toMatch(/\$\d/);
  });

  test("the same query on PostgreSQL keeps `$n` parameters and PostgreSQL's spellings", async () => {
    const compiled = await compileSql(model, north, GOLDEN[1]?.[1] ?? '', 'postgres');
    expect(compiled.sql).toContain("INTERVAL '2 MONTHS' PRECEDING");
    expect(compiled.params).toEqual(['north']);
  });
});

/** The refusal a query meets on Trino. */
async function refusal(sql: string): Promise<unknown> {
  try {
    await compileSql(model, north, sql, 'trino');
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('what Trino cannot do exactly is refused by name', () => {
  test.each([
    [
      'a median measure (Trino has only approx_percentile)',
      'SELECT MEASURE(median_amount) FROM orders',
      'PERCENTILE_CONT',
    ],
    [
      'PERCENTILE_CONT by hand',
      'SELECT PERCENTILE_CONT(0.9) WITHIN GROUP (ORDER BY amount) FROM orders',
      'PERCENTILE_CONT',
    ],
    [
      'PERCENTILE_DISC',
      'SELECT PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY amount) FROM orders',
      'PERCENTILE_DISC',
    ],
    ['STRING_AGG', "SELECT string_agg(status, ',') FROM orders", 'STRING_AGG'],
    ['GREATEST (NULLs differ)', 'SELECT greatest(amount, 1) FROM orders', 'GREATEST'],
    ['ILIKE', "SELECT COUNT(*) FROM orders WHERE status ILIKE 'c%'", 'ILIKE'],
    [
      'EXTRACT(DOW) (weekdays numbered differently)',
      'SELECT EXTRACT(DOW FROM created_at) FROM orders',
      'EXTRACT(DOW)',
    ],
    ['EXTRACT(EPOCH)', 'SELECT EXTRACT(EPOCH FROM created_at) FROM orders', 'EXTRACT(EPOCH)'],
    [
      'NUMERIC without a precision (Trino rounds to scale 0)',
      'SELECT CAST(amount AS NUMERIC) FROM orders',
      'CAST AS NUMERIC',
    ],
    [
      'an interval of months and days',
      "SELECT created_at + INTERVAL '1 month 2 days' FROM orders",
      'INTERVAL',
    ],
    ['left()', 'SELECT left(status, 2) FROM orders', 'LEFT'],
  ])('%s', async (_name, sql, feature) => {
    const error = await refusal(sql);
    expect(error).toBeInstanceOf(DialectUnsupportedError);
    expect(error).toMatchObject({ code: 'SQL_NOT_ALLOWED', feature, dialect: 'trino' });
  });

  test('the refusal names Trino and the reason, and the same query compiles for PostgreSQL', async () => {
    const error = await refusal('SELECT MEASURE(median_amount) FROM orders');
    expect((error as Error).message).toMatch(
      /PERCENTILE_CONT is not supported on trino: .*approx_percentile/,
    );
    const pg = await compileSql(model, north, 'SELECT MEASURE(median_amount) FROM orders', 'postgres');
    expect(pg.sql).toContain('PERCENTILE_CONT(0.5)');
  });

  test('the engine wall holds on the Trino target: physical tables, catalogs and schemas are refused', async () => {
    for (const sql of [
      'SELECT * FROM "default"."orders"',
      'SELECT * FROM awsdatacatalog.default.orders',
      'SELECT * FROM information_schema.tables',
      'SELECT * FROM orders_raw',
    ]) {
      const error = await refusal(sql);
      expect(error).toBeInstanceOf(SqlNotAllowedError);
      expect(error).not.toBeInstanceOf(DialectUnsupportedError);
    }
  });
});

describe('interval, literal and ordering spellings', () => {
  const trino = (sql: string, params: unknown[] = []) => toLexicalDialect({ sql, params }, 'trino').sql;

  test('intervals: one unit each, weeks as days, quarters and years-with-months as months', () => {
    expect(
      trino("SELECT x + INTERVAL '2 weeks', x - INTERVAL '1 quarter', x + INTERVAL '1 year 2 months' FROM t"),
    ).toBe("SELECT x + INTERVAL '14' DAY, x - INTERVAL '3' MONTH, x + INTERVAL '14' MONTH FROM t");
    // Already in the standard spelling: untouched.
    expect(trino("SELECT x + INTERVAL '1' DAY FROM t")).toBe("SELECT x + INTERVAL '1' DAY FROM t");
  });

  test('date-shaped strings become typed literals only where compared; other strings stay text', () => {
    expect(
      trino(
        "SELECT '2024-01-01' AS label FROM t WHERE d >= '2024-01-01' AND '2024-02-01 10:00' > d AND d IN ('2024-03-01', '2024-03-02') AND s = 'north'",
      ),
    ).toBe(
      "SELECT '2024-01-01' AS label FROM t WHERE d >= TIMESTAMP '2024-01-01 00:00:00' AND TIMESTAMP '2024-02-01 10:00:00' > d AND d IN (TIMESTAMP '2024-03-01 00:00:00', TIMESTAMP '2024-03-02 00:00:00') AND s = 'north'",
    );
    expect(trino("SELECT 1 FROM t WHERE d < '2024-01-01T10:00:00+0200'")).toBe(
      "SELECT 1 FROM t WHERE d < TIMESTAMP '2024-01-01 10:00:00 +02:00'",
    );
  });

  test('`::` casts of names, calls, groups and literals', () => {
    expect(
      trino("SELECT a.b::TEXT, f(x, y)::INT8, (x + 1)::FLOAT, '2024-01-01'::TIMESTAMP, $1::TEXT FROM t", [
        'v',
      ]),
    ).toBe(
      "SELECT CAST(a.b AS VARCHAR), CAST(f(x, y) AS BIGINT), CAST((x + 1) AS DOUBLE), TIMESTAMP '2024-01-01 00:00:00', CAST('v' AS VARCHAR) FROM t",
    );
  });

  test('a DESC already spelling its NULLS is kept; comments and quoted names are never rewritten', () => {
    expect(
      trino('SELECT "x::int", 1 -- LIMIT 1 OFFSET 2 $1\nFROM t ORDER BY a DESC NULLS LAST, b DESC', [1]),
    ).toBe(
      'SELECT "x::int", 1 -- LIMIT 1 OFFSET 2 $1\nFROM t ORDER BY a DESC NULLS LAST, b DESC NULLS FIRST',
    );
  });
});

describe("names spelled as Trino's reserved words are quoted", () => {
  const trino = (sql: string) => toLexicalDialect({ sql, params: [] }, 'trino').sql;

  test('after or before a dot any reserved word is a name (user is not reserved in Trino)', () => {
    expect(
      trino(
        'SELECT t.order, t.group, t.values, t.user, t.current_date, t.describe, Order.x, order_t.y FROM t',
      ),
    ).toBe(
      'SELECT t."order", t."group", t."values", t.user, t."current_date", t."describe", "order".x, order_t.y FROM t',
    );
  });

  test('words PostgreSQL reads as names unquoted are quoted, in lower case as PostgreSQL folds them', () => {
    expect(
      trino('SELECT skip, Describe, unnest, cube, prepare, a$b FROM t GROUP BY skip ORDER BY SKIP'),
    ).toBe(
      'SELECT "skip", "describe", "unnest", "cube", "prepare", "a$b" FROM t GROUP BY "skip" ORDER BY "skip"',
    );
    expect(trino('WITH RECURSIVE r AS (SELECT recursive, grouping, by, escape FROM t) SELECT * FROM r')).toBe(
      'WITH RECURSIVE r AS (SELECT "recursive", "grouping", "by", "escape" FROM t) SELECT * FROM r',
    );
  });

  test('the same words used as keywords are kept', () => {
    const keywords =
      "SELECT EXTRACT(YEAR FROM d), TRIM(s), CURRENT_DATE, GROUPING(a) FROM t CROSS JOIN (VALUES (1), (2)) AS v(n) WHERE EXISTS (SELECT 1) AND s LIKE 'a!%' ESCAPE '!' GROUP BY CUBE (a, b), ROLLUP (c), GROUPING SETS ((a), (b)) ORDER BY 1";
    expect(trino(keywords)).toBe(keywords);
  });

  test('strings, quoted names and comments are never touched', () => {
    const sql = `SELECT 'order', "Order", t."values" -- t.order skip\nFROM t /* describe */`;
    expect(trino(sql)).toBe(sql);
  });

  test('a model whose table and columns are named order, group, values, user, current_date and describe', async () => {
    const reserved = parseModel([
      {
        path: 'reserved.yml',
        content: `
cubes:
  - name: orders
    sql_table: '"order"'
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: region, sql: "{CUBE}.region", type: string }
      - { name: grp, sql: "{CUBE}.group", type: string }
      - { name: kind, sql: "{CUBE}.values", type: string }
      - { name: who, sql: "{CUBE}.user", type: string }
      - { name: day, sql: "{CUBE}.current_date", type: time }
      - { name: skip, sql: "{CUBE}.describe", type: string }
    measures:
      - { name: total, type: sum, sql: "{CUBE}.order" }
    access_policy:
      - group: "*"
        row_level: { filters: [{ member: region, operator: equals, values: ["{ userAttributes.region }"] }] }
`,
      },
    ]);
    const sql = 'SELECT grp, kind, who, day, skip, MEASURE(total) AS t FROM orders GROUP BY 1, 2, 3, 4, 5';
    const compiled = await compileSql(reserved, north, sql, 'trino');
    expect(compiled.sql).toBe(
      'WITH "__sec_1" AS (SELECT "orders"."group" AS "grp", "orders"."values" AS "kind", "orders".user AS "who", "orders"."current_date" AS "day", "orders"."describe" AS "skip", "orders"."order" AS "total" FROM "default"."order" AS "orders" WHERE (("orders".region = \'north\'))) SELECT grp AS "grp", kind AS "kind", who AS "who", day AS "day", "skip" AS "skip", SUM(total) AS "t" FROM "__sec_1" AS "orders" GROUP BY 1, 2, 3, 4, 5',
    );
    // PostgreSQL reads these names as printed: its SQL is not rewritten.
    const postgres = await compileSql(reserved, north, sql, 'postgres');
    expect(postgres.sql).toContain('"orders".group AS "grp"');
    expect(postgres.sql).toContain('SELECT grp AS "grp"');
  });
});

/** Reads a Trino string literal back as Trino's lexer does (its docs: '' is a quote; U& takes \XXXX, \+XXXXXX, \\). */
function readTrinoString(literal: string): string {
  const unicode = literal.startsWith("U&'");
  const body = literal.slice(unicode ? 3 : 1, -1);
  expect(literal.endsWith("'")).toBe(true);
  expect(body.replace(/''/g, '')).not.toContain("'");
  const text = body.replace(/''/g, "'");
  if (!unicode) return text;
  return text.replace(/\\(\\|\+[0-9A-F]{6}|[0-9A-F]{4})/g, (_w, code: string) =>
    code === '\\' ? '\\' : String.fromCodePoint(Number.parseInt(code.replace('+', ''), 16)),
  );
}

/** Every string literal the hostile corpus holds, and values chosen to break a naive escaper. */
const HOSTILE_STRINGS = [
  ...new Set(
    hostileCorpus.flatMap((entry) =>
      tokenize(entry.sql)
        .filter((t) => t.kind === 'string')
        .map((t) => t.text.slice(1, -1).replace(/''/g, "'")),
    ),
  ),
  "north' OR '1'='1",
  "north'; DROP TABLE orders; --",
  'north\\',
  "north\\' OR 1=1 --",
  '/* north */ --',
  '$1 $2 ?',
  "'",
  "''",
  'north\u0000',
  'line\nbreak\rcarriage\ttab',
  'ｎｏｒｔｈ ＇ 北 😀 \u202e',
  '\u2028\u2029\ufeff\u007f\u009f',
  "U&'\\0027'",
];

describe('parameters are inlined as escaped Trino literals (hostile values stay one value)', () => {
  test('the corpus provides quotes, backslashes, comment starters and Unicode to try', () => {
    expect(HOSTILE_STRINGS.length).toBeGreaterThan(40);
    for (const needle of ["'", '\\', '--', '/*', '\u0000', '😀']) {
      expect(HOSTILE_STRINGS.some((s) => s.includes(needle))).toBe(true);
    }
  });

  test.each(HOSTILE_STRINGS.map((s) => [JSON.stringify(s).slice(0, 60), s]))('%s', async (_label, value) => {
    const user: QueryUser = { groups: [], userAttributes: { region: value }, securityContext: {} };
    const sql = 'SELECT status, MEASURE(count) AS n FROM orders GROUP BY 1 ORDER BY 1';
    const benign = await compileSql(model, north, sql, 'trino');
    const hostile = await compileSql(model, user, sql, 'trino');
    expect(hostile.params).toEqual([]);
    // The SQL is the benign SQL with exactly one literal in place of 'north'.
    const literal = trinoString(value);
    expect(hostile.sql).toBe(benign.sql.replace("'north'", () => literal));
    expect(readTrinoString(literal)).toBe(value);
    // Tokenised as SQL, the hostile SQL has the benign SQL's tokens: the value cannot end the string early.
    const shape = (text: string) => tokenize(text).map((t) => (t.kind === 'string' ? 'string' : t.text));
    expect(shape(hostile.sql.replace(literal, () => "'x'"))).toEqual(
      shape(benign.sql.replace("'north'", "'x'")),
    );
    expect(tokenize(literal)).toHaveLength(literal.startsWith('U&') ? 3 : 1);
  });

  test('other parameter types: numbers (negatives parenthesised), booleans, NULL, dates; no literal for arrays', () => {
    expect([1, -2, 2.5, 1e-7, -1e21, true, false, null, Number.NaN].map(trinoLiteral)).toEqual([
      '1',
      '(-2)',
      '2.5',
      '1e-7',
      '(-1e+21)',
      'TRUE',
      'FALSE',
      'NULL',
      'nan()',
    ]);
    expect(trinoLiteral(new Date('2025-01-31T10:00:00.000Z'))).toBe(
      "TIMESTAMP '2025-01-31 10:00:00.000 UTC'",
    );
    expect(trinoLiteral(12345678901234567890n)).toBe('12345678901234567890');
    // `x - $1` with -1 must not print `x --1` (a comment).
    expect(toLexicalDialect({ sql: 'SELECT x-$1 FROM t', params: [-1] }, 'trino').sql).toBe(
      'SELECT x-(-1) FROM t',
    );
    expect(() => toLexicalDialect({ sql: 'SELECT $1', params: [['a']] }, 'trino')).toThrow(
      DialectUnsupportedError,
    );
    expect(() => toLexicalDialect({ sql: 'SELECT $1', params: ['\ud800'] }, 'trino')).toThrow(
      DialectUnsupportedError,
    );
  });
});

describe('the hostile corpus on the Trino target', () => {
  let demo: DataModel;
  beforeAll(async () => {
    demo = parseModel(await demoModelFiles('main'));
  });

  test('every refused entry is refused; every contained one compiles with no parameter left, or is refused', async () => {
    let compiled = 0;
    for (const entry of hostileCorpus) {
      let error: unknown;
      let sql = '';
      try {
        sql = (await compileSql(demo, north, entry.sql, 'trino')).sql;
      } catch (caught) {
        error = caught;
      }
      if (entry.expect === 'refused' && !entry.resourceLimit) {
        expect({ entry: entry.name, refused: error instanceof AppError }).toEqual({
          entry: entry.name,
          refused: true,
        });
      } else if (error) {
        expect({ entry: entry.name, error: error instanceof AppError }).toEqual({
          entry: entry.name,
          error: true,
        });
      } else {
        compiled++;
        expect(sql).not.toMatch(/\$\d/);
      }
    }
    expect(compiled).toBeGreaterThan(20);
  });
});
