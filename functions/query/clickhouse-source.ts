/**
 * A ClickHouse data source: checked when an operator sets it (the admin CLI), resolved at runtime with the user
 * and password read from Secrets Manager (cached, functions/aws/secrets.ts), never stored in the table
 * (docs/data-model.md, "Pointing a deployment at ClickHouse").
 */
import { type SecretLookup, secretValue } from '../aws/secrets';
import { ValidationError } from '../errors';
import type { DataSource } from '../semantic';
import type { DataSourceConfig } from '../store/deployments';

type ClickHouseConfig = Extract<DataSourceConfig, { kind: 'clickhouse' }>;

const SECRET_ARN = /^arn:aws[\w-]*:secretsmanager:[\w-]+:\d{12}:secret:.+$/;
/** A ClickHouse database name the compiler quotes as one identifier. */
const DATABASE = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

/** The stored data source for `--clickhouse <url> --clickhouse-database <db> [--clickhouse-secret <ARN>]`. */
export function clickHouseSource(input: {
  url: string;
  database?: string;
  secretArn?: string;
}): ClickHouseConfig {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    throw new ValidationError('--clickhouse: the URL of the HTTP interface, https://host:8443');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ValidationError(
      '--clickhouse: an http:// or https:// URL (the HTTP interface, not the native port)',
    );
  if (url.username !== '' || url.password !== '' || url.searchParams.has('password'))
    throw new ValidationError(
      '--clickhouse: the URL holds credentials; store {"username","password"} in Secrets Manager and pass --clickhouse-secret <ARN>',
    );
  if (url.search !== '' || url.hash !== '' || (url.pathname !== '/' && url.pathname !== ''))
    throw new ValidationError('--clickhouse: scheme, host and port only (no path or query)');
  const database = input.database ?? 'default';
  if (!DATABASE.test(database))
    throw new ValidationError(
      '--clickhouse-database: letters, digits and underscores, not starting with a digit',
    );
  if (input.secretArn !== undefined && !SECRET_ARN.test(input.secretArn))
    throw new ValidationError(
      '--clickhouse-secret: a Secrets Manager secret ARN (arn:aws:secretsmanager:...)',
    );
  return {
    kind: 'clickhouse',
    url: url.origin,
    database,
    ...(input.secretArn !== undefined ? { credentialsSecretArn: input.secretArn } : {}),
  };
}

/** A secret's user and password: `{"username", "password"}` JSON (as RDS-style secrets hold them). */
export function clickHouseCredentials(secret: string): { username: string; password: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(secret);
  } catch {
    parsed = undefined;
  }
  const record = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  if (typeof record.username !== 'string' || record.username === '')
    throw new Error('ClickHouse secret: JSON with "username" and "password"');
  return {
    username: record.username,
    password: typeof record.password === 'string' ? record.password : '',
  };
}

/** The driver's connection: the stored source with the secret's credentials read now (cached). */
export async function resolveClickHouse(
  config: ClickHouseConfig,
  lookup?: SecretLookup,
): Promise<DataSource> {
  const source: DataSource = { kind: 'clickhouse', url: config.url, database: config.database };
  if (config.credentialsSecretArn === undefined) return source;
  return {
    ...source,
    ...clickHouseCredentials(await secretValue(config.credentialsSecretArn, lookup)),
  };
}
