import { allocatorOf, type Params } from '../params';
import { readPath } from './policy-rules';

/**
 * Cube's per-user references in model SQL (a cube's `sql` and member SQL):
 *
 * - `{SECURITY_CONTEXT.x}`, `{securityContext.x}`, `{userAttributes.x}` (also `.unsafeValue()`): the value, as a
 *   query parameter (a list value becomes `$1, $2`; a missing one NULL).
 * - `{SECURITY_CONTEXT.x.filter('col')}`: `col = $1` (`col IN (...)` for a list); a missing or empty value
 *   gives `1 = 0` (no rows), where Cube renders `1 = 1`: a user without a tenant must not see every tenant.
 * - `{FILTER_PARAMS.cube.member.filter('col')}`: the query's own filters on that member, applied to `col` inside
 *   the cube's SQL (`col = $1 AND col < $2`), when the compiler can push them (sql/pushdown.ts); else `1 = 1`.
 *   `.filter(lambda ...)` and `{FILTER_GROUP...}`: `1 = 1`. Either way the query's filters still apply outside.
 *
 * At load the references become markers (`__ctx__<hex>`, an identifier any SQL parser keeps); when a query is
 * secured for a user, `bindContext` replaces each marker with parameters. Values never reach SQL text.
 */

const SOURCES: Record<string, 'securityContext' | 'userAttributes'> = {
  SECURITY_CONTEXT: 'securityContext',
  securityContext: 'securityContext',
  userAttributes: 'userAttributes',
};

const ACCESS =
  /^(SECURITY_CONTEXT|securityContext|userAttributes)((?:\.[A-Za-z_][A-Za-z0-9_]*)+?)(?:\.unsafeValue\(\)|\.filter\(\s*(?:'([^']*)'|"([^"]*)")\s*\))?$/;

interface Marker {
  source: 'securityContext' | 'userAttributes';
  path: string[];
  /** `.filter('col')`: the column SQL compared with the value. */
  column?: string;
}

const MARKER = /"?__ctx__([0-9a-f]+)"?/g;
const FILTER_MARKER = /"?__fp__([0-9a-f]+)"?/g;

const encode = (m: Marker) => `__ctx__${Buffer.from(JSON.stringify(m)).toString('hex')}`;

/** A FILTER_PARAMS reference: the member whose filters it takes, and the column SQL they apply to. */
interface FilterMarker {
  cube: string;
  member: string;
  column: string;
}

const FILTER_PARAMS =
  /^FILTER_PARAMS\.([A-Za-z_][A-Za-z0-9_]*)\.([A-Za-z_][A-Za-z0-9_]*)\.filter\(\s*(?:'([^']*)'|"([^"]*)")\s*\)$/;

const encodeFilter = (m: FilterMarker) => `__fp__${Buffer.from(JSON.stringify(m)).toString('hex')}`;

/** A filter of the query pushed into a cube's SQL: `op` over literal values, on one member. */
export interface PushedFilter {
  op: '=' | '<>' | '<' | '<=' | '>' | '>=' | 'IN' | 'BETWEEN';
  values: (string | number)[];
  /** A time member's values are cast to TIMESTAMP (a text parameter does not compare with a date on DuckDB). */
  time?: true;
}

/** Pushed filters by `cube.member`. */
export type PushedFilters = ReadonlyMap<string, readonly PushedFilter[]>;

/**
 * Replaces every FILTER_PARAMS marker of `sql` with the pushed filters of its member on its column, their
 * values as parameters (appended to `params`); a member without pushed filters gives `1 = 1`.
 */
export function bindFilters(sql: string, pushed: PushedFilters | undefined, params: Params): string {
  if (!sql.includes('__fp__')) return sql;
  const allocator = allocatorOf(params);
  const text = (v: unknown) => allocator.allocate(v);
  return sql.replace(FILTER_MARKER, (_whole, hex: string) => {
    const marker = JSON.parse(Buffer.from(hex, 'hex').toString('utf8')) as FilterMarker;
    const filters = pushed?.get(`${marker.cube}.${marker.member}`) ?? [];
    if (filters.length === 0) return '1 = 1';
    const conditions = filters.map((f) => {
      const param = (v: unknown) =>
        f.time && typeof v === 'string' ? `CAST(${text(v)} AS TIMESTAMP)` : text(v);
      if (f.op === 'IN') return `${marker.column} IN (${f.values.map(param).join(', ')})`;
      if (f.op === 'BETWEEN')
        return `${marker.column} BETWEEN ${param(f.values[0])} AND ${param(f.values[1])}`;
      return `${marker.column} ${f.op} ${param(f.values[0])}`;
    });
    return `(${conditions.join(' AND ')})`;
  });
}

/** Whether some SQL holds a per-user reference (its compiled form then depends on the user). */
export const hasContextMarker = (sql: string): boolean => /__ctx__[0-9a-f]/.test(sql);

/**
 * Replaces the per-user references and FILTER_PARAMS of model SQL with markers (other FILTER_PARAMS forms with
 * `1 = 1`); other references are left for the caller. Throws for a malformed per-user reference.
 */
export function expandContextRefs(sql: string): string {
  let out = '';
  let at = 0;
  while (at < sql.length) {
    const open = sql.indexOf('{', at);
    if (open < 0) break;
    const close = matchingBrace(sql, open);
    if (close < 0) break;
    const inner = sql.slice(open + 1, close).trim();
    const dollar = open > 0 && sql[open - 1] === '$' ? 1 : 0;
    let replacement: string | undefined;
    const filterParams = FILTER_PARAMS.exec(inner);
    if (filterParams) {
      const column = (filterParams[3] ?? filterParams[4] ?? '').trim();
      if (!/^[A-Za-z0-9_."\s]+$/.test(column)) throw new Error(`{${inner}}: .filter() takes a column name`);
      replacement = encodeFilter({ cube: filterParams[1] ?? '', member: filterParams[2] ?? '', column });
    } else if (/^(FILTER_PARAMS|FILTER_GROUP)\b/.test(inner)) replacement = '1 = 1';
    else if (/^(SECURITY_CONTEXT|securityContext|userAttributes)\b/.test(inner)) {
      const match = ACCESS.exec(inner);
      if (!match)
        throw new Error(
          `{${inner}} is not a supported reference (write {SECURITY_CONTEXT.key} or .filter('column'))`,
        );
      const column = match[3] ?? match[4];
      if (column !== undefined && !/^[A-Za-z0-9_."\s]+$/.test(column))
        throw new Error(`{${inner}}: .filter() takes a column name`);
      replacement = encode({
        source: SOURCES[match[1] ?? ''] ?? 'securityContext',
        path: (match[2] ?? '').slice(1).split('.'),
        ...(column !== undefined ? { column: column.trim() } : {}),
      });
    }
    // `'{ securityContext.x }'` as YAML authors often write it: the parameter is the string, without quotes.
    const quoted =
      replacement?.startsWith('__ctx__') && sql[open - 1] === "'" && sql[close + 1] === "'" ? 1 : 0;
    if (replacement === undefined) {
      out += sql.slice(at, close + 1);
    } else {
      out += sql.slice(at, open - dollar - quoted) + replacement;
    }
    at = close + 1 + quoted;
  }
  return out + sql.slice(at);
}

function matchingBrace(sql: string, open: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = open; i < sql.length; i++) {
    const c = sql[i];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"') {
      if (depth > 0) quote = c;
    } else if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** The user values markers read. */
export interface ContextValues {
  securityContext: Record<string, unknown>;
  userAttributes: Record<string, unknown>;
}

/** Replaces every marker of compiled SQL with parameters holding the user's values (appended to `params`). */
export function bindContext(sql: string, user: ContextValues, params: Params): string {
  if (!hasContextMarker(sql)) return sql;
  const allocator = allocatorOf(params);
  const param = (v: unknown) => allocator.allocate(v);
  return sql.replace(MARKER, (_whole, hex: string) => {
    const marker = JSON.parse(Buffer.from(hex, 'hex').toString('utf8')) as Marker;
    const raw = readPath(user[marker.source], marker.path);
    const scalar = (v: unknown) =>
      typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : null;
    const values = Array.isArray(raw) ? raw.map(scalar) : raw === undefined ? [] : [scalar(raw)];
    if (marker.column === undefined) return values.length === 0 ? 'NULL' : values.map(param).join(', ');
    // Cube renders `1 = 1` for a missing value; here a missing or empty value denies (no rows), as policies do.
    if (values.length === 0) return '1 = 0';
    return values.length === 1
      ? `${marker.column} = ${param(values[0])}`
      : `${marker.column} IN (${values.map(param).join(', ')})`;
  });
}
