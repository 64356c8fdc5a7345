/**
 * ClickHouse for tests: the npm package `chdb` (a whole ClickHouse engine in-process, about 540 MB) is installed
 * on first use into node_modules/.cache/chdb, so `npm start`'s first install never downloads it
 * (docs/data-model.md, "Engines"). `ChdbDriver` runs compiled SQL the way the HTTP driver will: read-only,
 * `join_use_nulls = 1`, server-side typed parameters.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { namedParams } from '../../functions/semantic/dialect';
import {
  type ExecuteOptions,
  jsonValue,
  type QueryResult,
  ResultBudget,
} from '../../functions/semantic/drivers/types';
import { type CompiledQuery, type SqlTarget, sqlTarget } from '../../functions/semantic/target';

export const CHDB_VERSION = '3.4.0';
const CACHE = join(process.cwd(), 'node_modules', '.cache', 'chdb');

interface ChdbSession {
  query(sql: string, format?: string): string;
  queryBind(sql: string, args: object, format?: string): string;
  cleanup(): void;
}
interface ChdbModule {
  Session: new (path?: string) => ChdbSession;
}

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

/** The chdb module (installed on first use). */
export function loadChdb(): ChdbModule {
  return createRequire(chdbEntry())(chdbEntry()) as ChdbModule;
}

interface JsonCompact {
  meta: { name: string; type: string }[];
  data: unknown[][];
}

const base = (type: string): string =>
  type.replace(/^Nullable\((.*)\)$/, '$1').replace(/^LowCardinality\((.*)\)$/, '$1');

/** ClickHouse values to the API's JSON: 64-bit integers (quoted) as numbers when safe, timestamps as ISO text. */
function value(raw: unknown, type: string): unknown {
  if (raw === null) return null;
  const t = base(type);
  if (/^U?Int(64|128|256)$/.test(t) && typeof raw === 'string') return jsonValue(BigInt(raw));
  if (/^DateTime/.test(t) && typeof raw === 'string') return `${raw.replace(' ', 'T')}`;
  if (/^Decimal/.test(t)) return Number(raw);
  return jsonValue(raw);
}

/** A compiled query on an in-process ClickHouse; the same contract as the production drivers. */
export class ChdbDriver {
  readonly dialect = 'clickhouse' as const;
  readonly target: SqlTarget;

  constructor(
    private readonly session: ChdbSession,
    database = 'default',
  ) {
    this.target = sqlTarget('clickhouse', database);
  }

  async execute(query: CompiledQuery, options: ExecuteOptions): Promise<QueryResult> {
    const settings = `SETTINGS readonly = 2, join_use_nulls = 1, max_execution_time = ${Math.max(1, Math.ceil(options.timeoutMs / 1000))}`;
    const text = this.session.queryBind(`${query.sql} ${settings}`, namedParams(query.params), 'JSONCompact');
    const parsed = JSON.parse(text) as JsonCompact;
    const schema = parsed.meta.map((m) => ({ name: m.name, column_type: base(m.type) }));
    const budget = new ResultBudget(schema.map((c) => c.name));
    const data = parsed.data.slice(0, options.maxRows).map((row) => {
      const out = row.map((v, i) => value(v, parsed.meta[i]?.type ?? ''));
      budget.add(out);
      return out;
    });
    return { schema, data, totalRows: parsed.data.length };
  }

  async close(): Promise<void> {
    this.session.cleanup();
  }
}

const TABLES: Record<string, string> = {
  orders:
    'id Int64, customer_id Int64, region String, category String, status String, amount Decimal(10, 2), created_at DateTime64(6)',
  customers: 'id Int64, name String, segment String, region String, created_at DateTime64(6)',
};

/** CREATE TABLE and INSERT statements copying a DuckDB file's tables into ClickHouse (so the engines agree). */
export async function clickHouseSetup(duckPath: string, tables = TABLES): Promise<string[]> {
  const statements: string[] = [];
  const instance = await DuckDBInstance.create(duckPath, { access_mode: 'READ_ONLY' });
  try {
    const connection = await instance.connect();
    for (const [table, columns] of Object.entries(tables)) {
      statements.push(`CREATE TABLE ${table} (${columns}) ENGINE = MergeTree ORDER BY tuple()`);
      const names = columns.split(/,(?![^(]*\))/).map((c) => c.trim().split(' ')[0] ?? '');
      const reader = await connection.runAndReadAll(
        `SELECT ${names.map((n) => (n === 'created_at' ? `strftime(${n}, '%Y-%m-%d %H:%M:%S.%f')` : n === 'amount' ? `CAST(${n} AS VARCHAR)` : n)).join(', ')} FROM ${table}`,
      );
      const lines = reader
        .getRowsJS()
        .map((row) =>
          JSON.stringify(
            Object.fromEntries(
              names.map((n, i) => [n, typeof row[i] === 'bigint' ? Number(row[i]) : row[i]]),
            ),
          ),
        );
      for (let i = 0; i < lines.length; i += 5_000) {
        statements.push(`INSERT INTO ${table} FORMAT JSONEachRow ${lines.slice(i, i + 5_000).join('\n')}`);
      }
    }
    connection.closeSync();
  } finally {
    instance.closeSync();
  }
  return statements;
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

/** A ClickHouse session holding exactly the rows of a DuckDB sample file (copied, so the engines agree). */
export async function chdbFromDuckDb(duckPath: string, tables = TABLES): Promise<ChdbDriver> {
  const { Session } = loadChdb();
  const session = new Session();
  for (const statement of await clickHouseSetup(duckPath, tables)) session.query(statement);
  return new ChdbDriver(session);
}
