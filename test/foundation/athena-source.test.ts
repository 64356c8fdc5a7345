/** An Athena data source set with the admin CLI: its parts checked against Athena's naming rules, nothing written when refused. */
import { runCommand, UsageError } from '../../functions/admin/cli';
import { ValidationError } from '../../functions/errors';
import { emfLine, METRIC_NAMES, queryMetrics } from '../../functions/observability/metrics';
import { athenaSource, resolveDataSource } from '../../functions/query/data-source';
import type { Store } from '../../functions/store/client';
import { deployments } from '../../functions/store/deployments';
import { snapshot } from '../support/http';
import { freshStore } from '../support/store';

let store: Store;
const cli = (...argv: string[]) => runCommand(store, argv, async () => []);
const create = (...source: string[]) =>
  cli('deployment', 'create', '--account', 'acme', '--id', '12', '--name', 'Lake', ...source);

beforeAll(async () => {
  store = await freshStore();
  await cli('account', 'create', '--name', 'acme', '--plan', 'enterprise');
});

test('the CLI sets a deployment to its own Athena workgroup and Glue database (catalog optional)', async () => {
  await create('--athena-workgroup', 'ea-acme-12', '--athena-database', 'sales_lake');
  expect((await deployments.get(store, 'acme', 12))?.dataSource).toEqual({
    kind: 'athena',
    workgroup: 'ea-acme-12',
    database: 'sales_lake',
  });
  await create(
    '--athena-workgroup',
    'ea-acme-12',
    '--athena-database',
    'sales_lake',
    '--athena-catalog',
    'lake',
  );
  const source = (await deployments.get(store, 'acme', 12))?.dataSource;
  expect(source).toEqual({
    kind: 'athena',
    workgroup: 'ea-acme-12',
    database: 'sales_lake',
    catalog: 'lake',
  });
  // Nothing to resolve at runtime: no secret, no connection.
  expect(source && (await resolveDataSource(source))).toEqual(source);
});

test('a bad workgroup, database or catalog is a 400 naming the field, and writes nothing', async () => {
  const before = await snapshot(store);
  for (const [args, field] of [
    [['--athena-database', 'sales'], /athena workgroup/],
    [['--athena-workgroup', 'wg with spaces', '--athena-database', 'sales'], /athena workgroup/],
    [['--athena-workgroup', 'wg'], /athena database/],
    [['--athena-workgroup', 'wg', '--athena-database', 'Sales; DROP'], /athena database/],
    [['--athena-workgroup', 'wg', '--athena-database', 'sales', '--athena-catalog', 'a"b'], /athena catalog/],
  ] as const) {
    const error = await create(...args).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect((error as Error).message).toMatch(field);
  }
  await expect(
    create('--athena-workgroup', 'wg', '--athena-database', 'sales', '--duckdb', 'sample'),
  ).rejects.toThrow(UsageError);
  expect(await snapshot(store)).toBe(before);
  expect(() => athenaSource({ workgroup: 'x'.repeat(129), database: 'sales' })).toThrow(/1-128/);
});

test("a query's metrics carry the bytes Athena scanned (and only where the engine reports them)", () => {
  expect(queryMetrics(120)).toHaveLength(2);
  const line = JSON.parse(emfLine('acme', queryMetrics(120, 10_485_760), {}, 0)) as Record<string, unknown>;
  expect(line[METRIC_NAMES.sqlBytesScanned]).toBe(10_485_760);
  expect(JSON.stringify(line._aws)).toContain('{"Name":"SqlBytesScanned","Unit":"Bytes"}');
});
