/**
 * Where compiled SQL runs: the dialect and how a model's table names become physical references. Drivers, the
 * compiler and the model's measure planners share these without importing one another.
 */

/** SQL and its parameters, as a driver runs them. */
export interface CompiledQuery {
  sql: string;
  params: unknown[];
}

/** The SQL dialects compiled SQL is printed in. */
export type Dialect = 'duckdb' | 'postgres' | 'clickhouse' | 'trino';

/** Where compiled SQL runs: the dialect, and how a model's table names become physical references. */
export interface SqlTarget {
  readonly dialect: Dialect;
  /** A stable identity of the physical naming (compiled queries are cached by it). */
  readonly id: string;
  /** The fully qualified reference of a table a model names (`orders`, `public.orders`). */
  table(name: string): string;
}

const DEFAULT_AT: Record<Dialect, string> = {
  duckdb: 'data',
  postgres: 'public',
  clickhouse: 'default',
  trino: 'default',
};

const quote = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;

/**
 * The target of a dialect whose model tables live under `at`: a DuckDB catalog (the drivers attach data under a
 * generated one), a PostgreSQL schema or a ClickHouse database. Defaults name a fixed catalog, for SQL that is only looked at (tests).
 */
export const sqlTarget = (dialect: Dialect, at = DEFAULT_AT[dialect]): SqlTarget => ({
  dialect,
  id: `${dialect}:${at}`,
  table: (name) => qualifiedTable(name, dialect === 'duckdb' ? { catalog: at } : { schema: at }),
});

/** `orders` -> `"catalog"."main"."orders"` (DuckDB) or `"schema"."orders"` (PostgreSQL, ClickHouse); longer names kept. */
export function qualifiedTable(name: string, at: { catalog?: string; schema?: string }): string {
  const parts = name.split('.').filter(Boolean);
  if (at.catalog) {
    if (parts.length === 1) return [at.catalog, 'main', ...parts].map(quote).join('.');
    if (parts.length === 2) return [at.catalog, ...parts].map(quote).join('.');
  } else if (at.schema && parts.length === 1) return [at.schema, ...parts].map(quote).join('.');
  return parts.map(quote).join('.');
}
