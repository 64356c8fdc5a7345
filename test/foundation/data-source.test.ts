/** A PostgreSQL password never reaches the table: the CLI stores a Secrets Manager reference instead. */
import { runCommand, UsageError } from '../../functions/admin/cli';
import { secretCache } from '../../functions/aws/secrets';
import { clickHouseCredentials } from '../../functions/query/clickhouse-source';
import {
  connectionStringFromSecret,
  hasPassword,
  resolveDataSource,
} from '../../functions/query/data-source';
import type { Store } from '../../functions/store/client';
import { deployments } from '../../functions/store/deployments';
import { snapshot } from '../support/http';
import { freshStore } from '../support/store';

let store: Store;
const cli = (...argv: string[]) => runCommand(store, argv, async () => []);
const create = (...source: string[]) =>
  cli('deployment', 'create', '--account', 'acme', '--id', '9', '--name', 'Warehouse', ...source);
const ARN = 'arn:aws:secretsmanager:eu-west-1:111122223333:secret:warehouse-AbCdEf';

beforeAll(async () => {
  store = await freshStore();
  await cli('account', 'create', '--name', 'acme', '--plan', 'enterprise');
});

test('the CLI refuses a connection string with a password and writes nothing', async () => {
  const before = await snapshot(store);
  for (const url of [
    'postgres://reader:s3cret@db.internal:5432/sales',
    'postgresql://db.internal/sales?user=reader&password=s3cret',
    'host=db.internal user=reader password=s3cret dbname=sales',
  ]) {
    await expect(create('--postgres', url)).rejects.toThrow(UsageError);
    await expect(create('--postgres', url)).rejects.toThrow(/--postgres-secret/);
  }
  await expect(create('--postgres-secret', 'warehouse')).rejects.toThrow(/secret ARN/);
  await expect(create('--postgres-secret', ARN, '--duckdb', 'sample')).rejects.toThrow(/one of/);
  expect(await snapshot(store)).toBe(before);
});

test('the CLI stores a secret reference, and a connection string without a password as given', async () => {
  await create('--postgres-secret', ARN);
  const stored = await deployments.get(store, 'acme', 9);
  expect(stored?.dataSource).toEqual({ kind: 'postgres', connectionSecretArn: ARN });
  expect(JSON.stringify(await snapshot(store))).not.toContain('s3cret');
  await create('--postgres', 'postgres://reader@db.internal:5432/sales');
  expect((await deployments.get(store, 'acme', 9))?.dataSource).toEqual({
    kind: 'postgres',
    connectionString: 'postgres://reader@db.internal:5432/sales',
  });
});

test('a secret reference resolves at runtime to a connection string, from text or RDS-style JSON', async () => {
  const secrets: Record<string, string> = {
    [ARN]: JSON.stringify({
      username: 'reader',
      password: 'p@ss/word',
      host: 'db.internal',
      port: 5433,
      dbname: 'sales',
    }),
    'arn:plain': 'postgres://reader:x@db/y',
  };
  const lookup = secretCache(async (arn) => (secrets[arn] ? { value: secrets[arn] } : undefined));
  expect(await resolveDataSource({ kind: 'postgres', connectionSecretArn: ARN }, lookup)).toEqual({
    kind: 'postgres',
    connectionString: 'postgres://reader:p%40ss%2Fword@db.internal:5433/sales',
  });
  expect(await resolveDataSource({ kind: 'postgres', connectionSecretArn: 'arn:plain' }, lookup)).toEqual({
    kind: 'postgres',
    connectionString: 'postgres://reader:x@db/y',
  });
  await expect(
    resolveDataSource({ kind: 'postgres', connectionSecretArn: 'arn:missing' }, lookup),
  ).rejects.toThrow(/not found/);
  expect(await resolveDataSource({ kind: 'duckdb', database: 'sample' })).toEqual({
    kind: 'duckdb',
    database: 'sample',
  });
  expect(() => connectionStringFromSecret('{"password":"x"}')).toThrow(/host and username/);
  expect(hasPassword('postgres://reader@db/x')).toBe(false);
});

describe('a ClickHouse data source', () => {
  const CH_ARN = 'arn:aws:secretsmanager:eu-west-1:111122223333:secret:clickhouse-AbCdEf';

  test('the CLI refuses a bad URL, credentials in the URL, a bad database or ARN, and writes nothing', async () => {
    const before = await snapshot(store);
    for (const [args, message] of [
      [['--clickhouse', 'not a url'], /URL of the HTTP interface/],
      [['--clickhouse', 'tcp://ch.internal:9000'], /http:\/\/ or https:\/\//],
      [['--clickhouse', 'https://reader:s3cret@ch.internal:8443'], /--clickhouse-secret/],
      [['--clickhouse', 'https://ch.internal:8443/?password=s3cret'], /credentials/],
      [['--clickhouse', 'https://ch.internal:8443/play'], /no path or query/],
      [
        ['--clickhouse', 'https://ch.internal:8443', '--clickhouse-database', 'sales; DROP'],
        /letters, digits/,
      ],
      [['--clickhouse', 'https://ch.internal:8443', '--clickhouse-secret', 'reader'], /secret ARN/],
      [['--clickhouse-database', 'sales'], /go with --clickhouse/],
      [['--clickhouse', 'https://ch.internal:8443', '--duckdb', 'sample'], /one of/],
    ] as const) {
      const error = await create(...args).catch((e: unknown) => e);
      expect(String((error as Error).message)).toMatch(message);
      // A usage mistake or a 400 VALIDATION_ERROR, never a server error.
      expect((error as { status?: number }).status ?? 400).toBe(400);
    }
    expect(JSON.stringify(await snapshot(store))).not.toContain('s3cret');
    expect(await snapshot(store)).toBe(before);
  });

  test('the CLI stores the URL, the database and the secret reference; the secret resolves at runtime', async () => {
    await create(
      '--clickhouse',
      'https://ch.internal:8443',
      '--clickhouse-database',
      'sales',
      '--clickhouse-secret',
      CH_ARN,
    );
    expect((await deployments.get(store, 'acme', 9))?.dataSource).toEqual({
      kind: 'clickhouse',
      url: 'https://ch.internal:8443',
      database: 'sales',
      credentialsSecretArn: CH_ARN,
    });
    const lookup = secretCache(async (arn) =>
      arn === CH_ARN ? { value: JSON.stringify({ username: 'reader', password: 'p@ss' }) } : undefined,
    );
    expect(
      await resolveDataSource(
        {
          kind: 'clickhouse',
          url: 'https://ch.internal:8443',
          database: 'sales',
          credentialsSecretArn: CH_ARN,
        },
        lookup,
      ),
    ).toEqual({
      kind: 'clickhouse',
      url: 'https://ch.internal:8443',
      database: 'sales',
      username: 'reader',
      password: 'p@ss',
    });
    // Without a secret: the server's default user, no password.
    expect(
      await resolveDataSource({ kind: 'clickhouse', url: 'http://10.0.0.5:8123', database: 'default' }),
    ).toEqual({
      kind: 'clickhouse',
      url: 'http://10.0.0.5:8123',
      database: 'default',
    });
    expect(() => clickHouseCredentials('reader:p@ss')).toThrow(/username/);
  });
});
