/** Issue 18 item 5: model pushes are versioned, checked, and can be rolled back. */

import { runCommand } from '../../functions/admin/cli';
import { demoModelFiles } from '../../functions/semantic';
import type { Store } from '../../functions/store/client';
import { deployments, MODEL_SCHEMA_VERSION } from '../../functions/store/deployments';
import { keys } from '../../functions/store/keys';
import { snapshot } from '../support/http';
import { freshStore, readItem } from '../support/store';

type Files = { path: string; content: string }[];
let store: Store;
let next: Files = [];
const cli = (...argv: string[]) => runCommand(store, argv, async () => next);
const where = ['--account', 'acme', '--deployment', '1', '--branch', 'main'];

beforeAll(async () => {
  store = await freshStore();
  await cli('account', 'create', '--name', 'acme', '--plan', 'enterprise');
  await cli('deployment', 'create', '--account', 'acme', '--id', '1', '--name', 'Prod', '--duckdb', 'sample');
});

test('each push is a new version; rollback makes an earlier one the branch model again', async () => {
  const v1 = await demoModelFiles('main');
  const v2 = await demoModelFiles('dev');
  next = v1;
  expect(await cli('model', 'push', ...where, '--dir', 'x')).toMatchObject({ version: 1 });
  next = v2;
  expect(await cli('model', 'push', ...where, '--dir', 'x')).toMatchObject({ version: 2 });
  expect((await deployments.getModel(store, 'acme', 1, 'main'))?.files).toEqual(v2);
  const versions = (await cli('model', 'versions', ...where)) as { version: number }[];
  expect(versions.map((v) => v.version)).toEqual([2, 1]);

  expect(await cli('model', 'rollback', ...where, '--version', '1')).toMatchObject({ version: 1 });
  expect((await deployments.getModel(store, 'acme', 1, 'main'))?.files).toEqual(v1);
  const branch = await readItem(store, keys.model('acme', 1, 'main'));
  expect(branch).toMatchObject({ version: 1, schemaVersion: MODEL_SCHEMA_VERSION });
  // Versions are kept: rolling forward again works.
  await cli('model', 'rollback', ...where, '--version', '2');
  expect((await deployments.getModel(store, 'acme', 1, 'main'))?.files).toEqual(v2);
  await expect(cli('model', 'rollback', ...where, '--version', '9')).rejects.toMatchObject({
    status: 404,
    code: 'MODEL_VERSION_NOT_FOUND',
  });
});

test('a model that does not compile, or does not fit in one item, is refused and nothing is written', async () => {
  const before = await snapshot(store);
  next = [{ path: 'orders.yml', content: 'cubes:\n  - name: orders\n    sql_table: [not, a, table\n' }];
  await expect(cli('model', 'push', ...where, '--dir', 'x')).rejects.toMatchObject({
    status: 400,
    code: 'MODEL_INVALID',
  });
  const valid = await demoModelFiles('main');
  next = [...valid, { path: 'padding.yml', content: `# ${'x'.repeat(390_000)}\n` }];
  await expect(cli('model', 'push', ...where, '--dir', 'x')).rejects.toThrow(/fit in one item/);
  expect(await snapshot(store)).toBe(before);
});
