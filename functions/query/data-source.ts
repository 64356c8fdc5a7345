/**
 * Turns a stored data source into what the drivers connect with: a PostgreSQL connection kept in Secrets
 * Manager is read at runtime (cached, see functions/aws/secrets.ts), never stored in the table.
 */

import { type SecretLookup, secretValue } from '../aws/secrets';
import { ValidationError } from '../errors';
import type { DataSource } from '../semantic';
import type { DataSourceConfig } from '../store/deployments';
import { resolveClickHouse } from './clickhouse-source';

/**
 * A secret holds either a connection string or the JSON that RDS and Secrets Manager rotation use
 * (`{ username, password, host, port, dbname }`).
 */
export function connectionStringFromSecret(secret: string): string {
  const text = secret.trim();
  if (!text.startsWith('{')) return text;
  const parsed = JSON.parse(text) as Record<string, unknown>;
  const field = (name: string) =>
    typeof parsed[name] === 'string' || typeof parsed[name] === 'number' ? String(parsed[name]) : undefined;
  const host = field('host');
  const username = field('username');
  if (!host || !username) throw new Error('Database secret: JSON needs at least host and username');
  const password = field('password');
  const auth = `${encodeURIComponent(username)}${password !== undefined ? `:${encodeURIComponent(password)}` : ''}`;
  const port = field('port') ?? '5432';
  const database = field('dbname') ?? field('database') ?? 'postgres';
  return `postgres://${auth}@${host}:${port}/${encodeURIComponent(database)}`;
}

/** Whether a PostgreSQL connection string carries a password (refused for storage in the table). */
export function hasPassword(connectionString: string): boolean {
  try {
    const url = new URL(connectionString);
    if (url.password !== '') return true;
    return url.searchParams.has('password');
  } catch {
    // Key-value form: `host=... password=...`.
    return /(^|\s)password\s*=/.test(connectionString);
  }
}

export async function resolveDataSource(
  config: DataSourceConfig,
  lookup?: SecretLookup,
): Promise<DataSource> {
  if (config.kind === 'duckdb') return config;
  if (config.kind === 'clickhouse') return resolveClickHouse(config, lookup);
  if ('connectionSecretArn' in config) {
    const secret = await secretValue(config.connectionSecretArn, lookup);
    return { kind: 'postgres', connectionString: connectionStringFromSecret(secret) };
  }
  return config;
}

// Athena's and Glue's own name rules: a workgroup 1-128 of letters, digits, `.`, `_`, `-`; a Glue database 1-255
// lower-case letters, digits and `_`; a data catalog 1-256 of letters, digits, `_`, `-`, `@`.
const WORKGROUP = /^[A-Za-z0-9._-]{1,128}$/;
const GLUE_DATABASE = /^[a-z0-9_]{1,255}$/;
const CATALOG = /^[A-Za-z0-9_@-]{1,256}$/;

/** An Athena data source from its parts, each checked against Athena's naming rules (400 with the field). */
export function athenaSource(input: {
  workgroup?: string | undefined;
  database?: string | undefined;
  catalog?: string | undefined;
}): Extract<DataSourceConfig, { kind: 'athena' }> {
  const { workgroup, database, catalog } = input;
  if (!workgroup || !WORKGROUP.test(workgroup)) {
    throw new ValidationError(
      'athena workgroup: 1-128 letters, digits, ".", "_" or "-" (the deployment\'s own workgroup, with its bytes-scanned cutoff)',
    );
  }
  if (!database || !GLUE_DATABASE.test(database)) {
    throw new ValidationError(
      'athena database: a Glue database name (1-255 lower-case letters, digits or "_")',
    );
  }
  if (catalog !== undefined && !CATALOG.test(catalog)) {
    throw new ValidationError(
      'athena catalog: 1-256 letters, digits, "_", "-" or "@" (default AwsDataCatalog)',
    );
  }
  return { kind: 'athena', workgroup, database, ...(catalog ? { catalog } : {}) };
}
