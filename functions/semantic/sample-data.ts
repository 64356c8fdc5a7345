import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { config } from '../config';

/** Bump when the generator changes: cached files of another version are not reused. */
export const SAMPLE_VERSION = 4;

const REGIONS = ['north', 'south', 'east', 'west'];
const CATEGORIES = ['electronics', 'furniture', 'grocery', 'toys', 'clothing'];
const SEGMENTS = ['consumer', 'small business', 'enterprise'];

const pick = (expr: string, values: string[]) =>
  `CASE ${expr} % ${values.length} ${values.map((v, i) => `WHEN ${i} THEN '${v}'`).join(' ')} END`;

/**
 * The sample dataset as SQL that runs unchanged on DuckDB and PostgreSQL: deterministic integer hashing of the
 * row number (no random(), no network), so both engines hold identical rows.
 */
export function sampleDataSql(orders: number): string[] {
  const customers = Math.max(100, Math.floor(orders / 50));
  // A quadratic hash of the row number modulo 2^31-1: deterministic, integer-only (identical on both engines),
  // and mixed enough that no column is tied to another (linear hashes tie them through i mod small numbers).
  const primes = [
    [7919, 104729],
    [15485863, 32452843],
    [49979687, 86028121],
    [122949829, 141650963],
    [160481219, 179424691],
    [198491329, 217645199],
  ];
  const h = (k: number) => {
    const [a, b] = primes[k] ?? [1, 1];
    return `((((i * i) % 2147483647) * ${a}::BIGINT + i * ${b}::BIGINT + ${k * 40503 + 17}) % 2147483647)`;
  };
  return [
    'DROP TABLE IF EXISTS orders',
    'DROP TABLE IF EXISTS customers',
    `CREATE TABLE customers AS SELECT
       CAST(i AS BIGINT) AS id,
       'Customer ' || i AS name,
       ${pick(h(0), SEGMENTS)} AS segment,
       ${pick('i', REGIONS)} AS region,
       TIMESTAMP '2022-01-01 00:00:00' + ((${h(1)} % 31536000) * INTERVAL '1 second') AS created_at
     FROM generate_series(1, ${customers}) AS t(i)`,
    `CREATE TABLE orders AS SELECT
       CAST(i AS BIGINT) AS id,
       CAST(c AS BIGINT) AS customer_id,
       ${pick('c', REGIONS)} AS region,
       ${pick(h(2), CATEGORIES)} AS category,
       CASE WHEN ${h(3)} % 100 < 80 THEN 'completed' WHEN ${h(3)} % 100 < 92 THEN 'returned' ELSE 'cancelled' END AS status,
       CAST((500 + ${h(4)} % 99500) / 100.0 AS DECIMAL(10, 2)) AS amount,
       TIMESTAMP '2023-01-01 00:00:00' + ((${h(5)} % 94694400) * INTERVAL '1 second') AS created_at
     FROM (SELECT i, 1 + (${h(0)} % ${customers}) AS c FROM generate_series(1, ${orders}) AS s(i)) AS t`,
  ];
}

/**
 * The path of the sample DuckDB database: the prebuilt one in SAMPLE_DATA_DIR when it has this version and size (in
 * Lambda, the DuckDB layer's /opt/data, built once at deploy), else generated on first use (cached in DATA_DIR or
 * the temp dir).
 */
export async function ensureSampleDatabase(dir?: string, orders = config().sampleOrders): Promise<string> {
  const name = `sample-v${SAMPLE_VERSION}-${orders}.duckdb`;
  const prebuilt = config().sampleDataDir;
  if (dir === undefined && prebuilt && existsSync(join(prebuilt, name))) return join(prebuilt, name);
  const base = dir ?? config().dataDir ?? tmpdir();
  mkdirSync(base, { recursive: true });
  const path = join(base, name);
  if (existsSync(path)) return path;
  // Build beside the target and rename: concurrent builders never see a half-written file.
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(temporary);
  try {
    const connection = await instance.connect();
    for (const statement of sampleDataSql(orders)) await connection.run(statement);
    await connection.run('CHECKPOINT');
    connection.closeSync();
  } finally {
    instance.closeSync();
  }
  if (!existsSync(path)) renameSync(temporary, path);
  else rmSync(temporary, { force: true });
  rmSync(`${temporary}.wal`, { force: true });
  return path;
}
