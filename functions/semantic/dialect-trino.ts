/**
 * Trino (Amazon Athena engine version 3) as a lexical dialect: the rules, checked against Trino's documentation
 * (docs/data-model.md, "Engines", says which ones no engine here has run), and its literal spelling, since
 * Athena takes parameters as SQL literal text.
 */
import type { LexicalRules } from './dialect-lexical';

// Characters a literal spells as U& escapes: control characters and line separators are legal inside a Trino
// string, but an escape keeps the SQL text printable and unambiguous in logs and on the wire.
const unsafe = (code: number): boolean =>
  code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029 || code === 0xfeff;
const hasUnsafe = (value: string): boolean => {
  for (let i = 0; i < value.length; i++) if (unsafe(value.charCodeAt(i))) return true;
  return false;
};
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A Trino string literal that reads back as exactly `value` (quotes doubled; control characters as U& escapes). */
export function trinoString(value: string): string {
  if (LONE_SURROGATE.test(value)) throw new RangeError('A text value holds a lone UTF-16 surrogate');
  if (!hasUnsafe(value)) return `'${value.replace(/'/g, "''")}'`;
  let out = '';
  for (const ch of value) {
    if (ch === "'") out += "''";
    else if (ch === '\\') out += '\\\\';
    else if (unsafe(ch.codePointAt(0) ?? 0))
      out += `\\${(ch.codePointAt(0) ?? 0).toString(16).padStart(4, '0').toUpperCase()}`;
    else out += ch;
  }
  return `U&'${out}'`;
}

/** A parameter value as Trino literal text; a negative number is parenthesised (`x - -1` must not become `--`). */
export function trinoLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'bigint') return value < 0n ? `(${value})` : `${value}`;
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'nan()';
    if (!Number.isFinite(value)) return value > 0 ? 'infinity()' : '(-infinity())';
    // A decimal literal (1.5) is exact like PostgreSQL's numeric parameter; an exponent makes a DOUBLE.
    const text = Number.isInteger(value) && Math.abs(value) < 1e21 ? value.toFixed(0) : String(value);
    return value < 0 ? `(${text})` : text;
  }
  if (value instanceof Date)
    return `TIMESTAMP '${value.toISOString().replace('T', ' ').replace('Z', '')} UTC'`;
  if (typeof value === 'string') return trinoString(value);
  throw new RangeError(`A parameter of type ${Array.isArray(value) ? 'array' : typeof value} has no literal`);
}

/**
 * Trino's reserved words (its documentation, "Keywords and identifiers"; AUTO is reserved in current Trino, not
 * in Athena's: quoting it there is harmless): a name spelled as one must be quoted.
 */
export const TRINO_RESERVED: ReadonlySet<string> = new Set(
  (
    'ALTER AND AS AUTO BETWEEN BY CASE CAST CONSTRAINT CREATE CROSS CUBE CURRENT_CATALOG CURRENT_DATE ' +
    'CURRENT_PATH CURRENT_ROLE CURRENT_SCHEMA CURRENT_TIME CURRENT_TIMESTAMP CURRENT_USER DEALLOCATE DELETE ' +
    'DESCRIBE DISTINCT DROP ELSE END ESCAPE EXCEPT EXECUTE EXISTS EXTRACT FALSE FOR FROM FULL GROUP GROUPING ' +
    'HAVING IN INNER INSERT INTERSECT INTO IS JOIN JSON_ARRAY JSON_EXISTS JSON_OBJECT JSON_QUERY JSON_TABLE ' +
    'JSON_VALUE LEFT LIKE LISTAGG LOCALTIME LOCALTIMESTAMP NATURAL NORMALIZE NOT NULL ON OR ORDER OUTER PREPARE ' +
    'RECURSIVE RIGHT ROLLUP SELECT SKIP TABLE THEN TRIM TRUE UESCAPE UNION UNNEST USING VALUES WHEN WHERE WITH'
  ).split(' '),
);

const NO_EXACT_PERCENTILE =
  'Trino has only approx_percentile (approximate); an exact median or percentile cannot run there';

/** What Trino spells differently from the PostgreSQL the compiler prints. */
export const TRINO_RULES: LexicalRules = {
  castKeyword: true,
  types: {
    'DOUBLE PRECISION': 'DOUBLE',
    FLOAT: 'DOUBLE',
    FLOAT8: 'DOUBLE',
    FLOAT4: 'REAL',
    INT2: 'SMALLINT',
    INT4: 'INTEGER',
    INT8: 'BIGINT',
    TEXT: 'VARCHAR',
    STRING: 'VARCHAR',
    'CHARACTER VARYING': 'VARCHAR',
    BOOL: 'BOOLEAN',
    TIMESTAMPTZ: 'TIMESTAMP WITH TIME ZONE',
    NUMERIC: {
      refused: 'Trino gives DECIMAL without a precision scale 0 (it would round): cast to NUMERIC(p, s)',
    },
    DECIMAL: {
      refused: 'Trino gives DECIMAL without a precision scale 0 (it would round): cast to DECIMAL(p, s)',
    },
    // With a precision, NUMERIC is Trino's DECIMAL of the same precision and scale.
    'NUMERIC(': 'DECIMAL(',
    'CHARACTER VARYING(': 'VARCHAR(',
    INTERVAL: { refused: 'Trino has no bare INTERVAL type' },
  },
  intervalUnits: true,
  typedDateStrings: true,
  descNullsFirst: true,
  offsetBeforeLimit: true,
  renamed: {
    log1: 'log10',
    trunc: 'truncate',
    char_length: 'length',
    ifnull: 'coalesce',
    nvl: 'coalesce',
    any_value: 'arbitrary',
  },
  refused: {
    percentile_cont: NO_EXACT_PERCENTILE,
    percentile_disc: NO_EXACT_PERCENTILE,
    median: NO_EXACT_PERCENTILE,
    quantile_cont: NO_EXACT_PERCENTILE,
    quantile_disc: NO_EXACT_PERCENTILE,
    quantile: NO_EXACT_PERCENTILE,
    mode: 'Trino has no mode aggregate',
    string_agg: 'Trino spells an ordered string aggregate listagg(... ) WITHIN GROUP, not string_agg',
    greatest: 'Trino gives NULL when any argument is NULL (PostgreSQL skips NULLs)',
    least: 'Trino gives NULL when any argument is NULL (PostgreSQL skips NULLs)',
    left: 'Trino has no left(): use substr(x, 1, n)',
    right: 'Trino has no right(): use substr(x, -n)',
    initcap: 'Trino has no initcap',
    to_char: 'Trino has no to_char (date_format takes MySQL patterns)',
    strftime: 'Trino has no strftime (date_format takes MySQL patterns)',
    age: 'Trino has no age() with PostgreSQL interval semantics',
    date_part: 'Trino has no date_part: use EXTRACT(field FROM x)',
    make_date: 'Trino has no make_date',
    to_timestamp: 'Trino has no to_timestamp (from_unixtime gives a zoned timestamp)',
    generate_series: 'Trino has no generate_series (sequence() is an array function)',
    dayofweek: 'Trino numbers weekdays 1 (Monday) to 7, DuckDB 0 (Sunday) to 6',
    dow: 'Trino numbers weekdays 1 (Monday) to 7, PostgreSQL 0 (Sunday) to 6',
    isodow: 'Trino has no isodow(): use EXTRACT(ISODOW FROM x)',
    date_diff: 'Trino counts whole units between timestamps, DuckDB the boundaries crossed',
    datediff: 'Trino has no datediff',
    date_add: "Trino's date_add takes (unit, value, timestamp), not (timestamp, interval)",
    ilike: 'Trino has no ILIKE: compare lower(x) LIKE lower(pattern)',
  },
  extract: {
    ISODOW: 'DOW',
    DOW: { refused: 'Trino numbers weekdays 1 (Monday) to 7, PostgreSQL 0 (Sunday) to 6' },
    EPOCH: { refused: 'Trino has no EXTRACT(EPOCH): use to_unixtime(x)' },
    SECOND: { refused: 'Trino gives whole seconds, PostgreSQL the fraction too' },
    MILLISECONDS: { refused: 'Trino has no EXTRACT(MILLISECONDS)' },
    MICROSECONDS: { refused: 'Trino has no EXTRACT(MICROSECONDS)' },
    CENTURY: { refused: 'Trino has no EXTRACT(CENTURY)' },
    DECADE: { refused: 'Trino has no EXTRACT(DECADE)' },
    MILLENNIUM: { refused: 'Trino has no EXTRACT(MILLENNIUM)' },
    ISOYEAR: 'YEAR_OF_WEEK',
    JULIAN: { refused: 'Trino has no EXTRACT(JULIAN)' },
  },
  literal: trinoLiteral,
  reserved: TRINO_RESERVED,
};
