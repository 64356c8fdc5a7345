/**
 * ClickHouse for tests: the npm package `chdb` (a whole ClickHouse engine, about 540 MB) is installed on first use
 * into node_modules/.cache/chdb, so `npm start`'s first install never downloads it (docs/data-model.md, "Testing
 * ClickHouse"). test/support/clickhouse-http.ts serves it over ClickHouse's HTTP interface; this module installs it
 * and copies test data into it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';

export const CHDB_VERSION = '3.4.0';
const CACHE = join(process.cwd(), 'node_modules', '.cache', 'chdb');

/** The chdb module's main file, installed into the cache on first use (about 20 s from the npm cache). */
export function chdbEntry(): string {
  const entry = join(CACHE, 'node_modules', 'chdb', 'package.json');
  // Written once the install finished; test files starting together wait on one install (a lock directory).
  const done = join(CACHE, `installed-${CHDB_VERSION}`);
  const lock = join(CACHE, '.installing');
  mkdirSync(CACHE, { recursive: true });
  while (!existsSync(done)) {
    try {
      mkdirSync(lock);
    } catch {
      // Another process installs; a lock older than 5 minutes was left by a killed one.
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 300_000)
        rmSync(lock, { recursive: true, force: true });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
      continue;
    }
    try {
      if (!existsSync(done)) {
        writeFileSync(join(CACHE, 'package.json'), '{"private": true}\n');
        execFileSync(
          'npm',
          ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', CACHE, `chdb@${CHDB_VERSION}`],
          { stdio: 'inherit' },
        );
        writeFileSync(done, '');
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return createRequire(entry).resolve('chdb');
}

/** DuckDB's column types as ClickHouse's (Nullable: hand-written data holds NULLs). */
function clickHouseType(duckType: string): string {
  const t = duckType.toUpperCase();
  const decimal = /^DECIMAL\((\d+),\s*(\d+)\)$/.exec(t);
  if (decimal) return `Decimal(${decimal[1]}, ${decimal[2]})`;
  const known: Record<string, string> = {
    TINYINT: 'Int8',
    SMALLINT: 'Int16',
    INTEGER: 'Int32',
    BIGINT: 'Int64',
    HUGEINT: 'Int128',
    FLOAT: 'Float32',
    DOUBLE: 'Float64',
    VARCHAR: 'String',
    BOOLEAN: 'Bool',
    DATE: 'Date32',
    TIMESTAMP: 'DateTime64(6)',
    'TIMESTAMP WITH TIME ZONE': "DateTime64(6, 'UTC')",
  };
  const mapped = known[t];
  if (!mapped) throw new Error(`no ClickHouse type for DuckDB's ${duckType}`);
  return mapped;
}

/**
 * Statements that copy every table of a DuckDB file into ClickHouse, column types mapped and values as DuckDB
 * holds them (schema `main` is the `default` database; another schema a database of its name).
 */
export async function copyDuckDbStatements(duckPath: string): Promise<string[]> {
  const statements: string[] = [];
  const instance = await DuckDBInstance.create(duckPath, { access_mode: 'READ_ONLY' });
  try {
    const connection = await instance.connect();
    const columns = (
      await connection.runAndReadAll(
        'SELECT table_schema, table_name, column_name, data_type FROM information_schema.columns WHERE table_catalog = current_database() ORDER BY table_schema, table_name, ordinal_position',
      )
    ).getRowsJS() as [string, string, string, string][];
    const tables = new Map<string, [string, string][]>();
    for (const [schema, table, column, type] of columns) {
      const key = `${schema}.${table}`;
      tables.set(key, [...(tables.get(key) ?? []), [column, type]]);
    }
    for (const [key, cols] of tables) {
      const [schema = 'main', table = ''] = key.split('.');
      const database = schema === 'main' ? 'default' : schema;
      if (database !== 'default') statements.push(`CREATE DATABASE IF NOT EXISTS ${database}`);
      statements.push(
        `CREATE TABLE ${database}.${table} (${cols.map(([c, t]) => `${c} Nullable(${clickHouseType(t)})`).join(', ')}) ENGINE = MergeTree ORDER BY tuple()`,
      );
      const select = cols
        .map(([c, t]) =>
          /^TIMESTAMP/.test(t)
            ? `strftime(${c}, '%Y-%m-%d %H:%M:%S.%f') AS ${c}`
            : /^(DECIMAL|DATE|HUGEINT)/.test(t)
              ? `CAST(${c} AS VARCHAR) AS ${c}`
              : c,
        )
        .join(', ');
      const rows = (await connection.runAndReadAll(`SELECT ${select} FROM ${schema}.${table}`)).getRowsJS();
      const lines = rows.map((row) =>
        JSON.stringify(
          Object.fromEntries(cols.map(([c], i) => [c, typeof row[i] === 'bigint' ? String(row[i]) : row[i]])),
        ),
      );
      for (let i = 0; i < lines.length; i += 5_000) {
        statements.push(
          `INSERT INTO ${database}.${table} FORMAT JSONEachRow ${lines.slice(i, i + 5_000).join('\n')}`,
        );
      }
    }
    connection.closeSync();
  } finally {
    instance.closeSync();
  }
  return statements;
}
