/**
 * The semantic layer: a Cube-style data model, metadata search, and SQL that is checked, secured with the
 * user's row-level policies, and run on DuckDB or PostgreSQL.
 */
import { compileSql, warmParser } from './compiler';
import { AthenaDriver } from './drivers/athena';
import { ClickHouseDriver } from './drivers/clickhouse';
import { DuckDbDriver } from './drivers/duckdb';
import { PostgresDriver } from './drivers/postgres';
import type { DataSource, Driver, QueryResult } from './drivers/types';
import type { DataModel } from './model';
import type { QueryUser } from './model/policy';
import { ensureSampleDatabase } from './sample-data';

export {
  type CompiledQuery,
  closeParser,
  compileSql,
  type Dialect,
  PARSE_LIMITS,
  type SqlTarget,
  sqlTarget,
  suggest,
} from './compiler';
export { AthenaDriver } from './drivers/athena';
export { ClickHouseDriver } from './drivers/clickhouse';
export { DuckDbDriver } from './drivers/duckdb';
export { PostgresDriver } from './drivers/postgres';
export {
  type AthenaSource,
  type DataSource,
  type Driver,
  type ExecuteOptions,
  type QueryResult,
  QueryTimeoutError,
  RESULT_LIMITS,
  ResultTooLargeError,
} from './drivers/types';
export {
  type DataModel,
  demoModelFiles,
  loadModelDir,
  type Member,
  type ModelFile,
  type ModelIssue,
  type ModelObject,
  ModelValidationError,
  parseModel,
} from './model';
export { modelNotes } from './model/jinja';
export { type AttributeValue, type QueryUser, visibleMembers } from './model/policy';
export { ensureSampleDatabase, sampleDataSql } from './sample-data';
export { type MetaCube, type MetaMember, searchMeta } from './search';

// The parser worker loads while the rest of the function initialises (a cold start does not wait for it).
warmParser();

const drivers = new Map<string, Promise<Driver>>();

/** One driver per data source per process (reused by warm Lambda invocations). */
export function getDriver(source: DataSource): Promise<Driver> {
  const key = JSON.stringify(source);
  let driver = drivers.get(key);
  if (!driver) {
    driver =
      source.kind === 'athena'
        ? Promise.resolve(new AthenaDriver(source))
        : source.kind === 'clickhouse'
          ? Promise.resolve(new ClickHouseDriver(source))
          : source.kind === 'postgres'
            ? Promise.resolve(new PostgresDriver(source.connectionString, source.schema))
            : (source.database === 'sample' ? ensureSampleDatabase() : Promise.resolve(source.database)).then(
                (path) => DuckDbDriver.open(path),
              );
    drivers.set(key, driver);
    driver.catch(() => drivers.delete(key));
  }
  return driver;
}

/** Closes every cached driver (tests and the local service on shutdown). */
export async function closeDrivers(): Promise<void> {
  const all = [...drivers.values()];
  drivers.clear();
  await Promise.all(all.map(async (d) => (await d).close()));
}

/** Compiles `sql` for `user` and runs it on the data source: at most maxRows rows, totalRows counts all. */
export async function runQuery(args: {
  model: DataModel;
  user: QueryUser;
  sql: string;
  source: DataSource;
  maxRows: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Called once the compiled query is handed to the engine (what rate limits keep counted). */
  onEngine?: () => void;
  /** Called with the engine's query id (Athena's query execution id) once it has one. */
  onQueryId?: (id: string) => void;
}): Promise<QueryResult> {
  const driver = await getDriver(args.source);
  const compiled = await compileSql(args.model, args.user, args.sql, driver.target);
  args.onEngine?.();
  return driver.execute(compiled, {
    maxRows: args.maxRows,
    timeoutMs: args.timeoutMs ?? 30_000,
    ...(args.signal ? { signal: args.signal } : {}),
    ...(args.onQueryId ? { onQueryId: args.onQueryId } : {}),
  });
}
