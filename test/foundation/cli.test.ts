import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { runCommand, UsageError } from '../../functions/admin/cli';
import { removeServiceFile, resolveTarget, writeServiceFile } from '../../functions/admin/target';
import { cubeTokenSecrets } from '../../functions/embed/cube-token-secret';
import { AppError } from '../../functions/errors';
import { accounts } from '../../functions/store/accounts';
import { apiKeys } from '../../functions/store/api-keys';
import type { Store } from '../../functions/store/client';
import { definitions } from '../../functions/store/definitions';
import { deployments } from '../../functions/store/deployments';
import { keys } from '../../functions/store/keys';
import { sweeps } from '../../functions/store/sweeps';
import { isFresh } from '../../scripts/admin.mjs';
import { freshStore, readItem } from '../support/store';

const run = promisify(execFile);
/** What `npm run admin` runs: the prebuilt bundle of bin/admin.ts (built here when stale). */
const ADMIN = 'scripts/admin.mjs';
let store: Store;
const files = [{ path: 'orders.yml', content: 'cubes: []\n' }];
const cli = (...argv: string[]) => runCommand(store, argv, async () => files);

beforeAll(async () => {
  store = await freshStore();
});

describe('operator CLI', () => {
  test('creates and lists accounts, keys, deployments, models, agents, definitions and internal users', async () => {
    expect(
      await cli('account', 'create', '--name', 'acme', '--plan', 'enterprise', '--flag', 'useCreatorMode'),
    ).toMatchObject({
      name: 'acme',
      plan: 'enterprise',
      flags: ['useCreatorMode'],
    });
    const key = (await cli(
      'key',
      'create',
      '--account',
      'acme',
      '--role',
      'member',
      '--deployment',
      '3',
    )) as { key: string; keyId: string };
    expect(key.key).toMatch(/^ea_[A-Za-z0-9_-]{43}$/);
    const found = await apiKeys.findByKey(store, key.key);
    expect(found).toMatchObject({ account: 'acme', role: 'member', deploymentId: 3 });
    // Only the hash is stored: the plain key appears nowhere in the listing.
    expect(JSON.stringify(await cli('key', 'list', '--account', 'acme'))).not.toContain(key.key);
    await cli(
      'deployment',
      'create',
      '--account',
      'acme',
      '--id',
      '3',
      '--name',
      'Prod',
      '--postgres',
      'postgres://db/x',
    );
    await cli(
      'model',
      'push',
      '--account',
      'acme',
      '--deployment',
      '3',
      '--branch',
      'feature-x',
      '--dir',
      'any',
    );
    expect((await deployments.get(store, 'acme', 3))?.branches).toEqual(['main', 'feature-x']);
    expect((await deployments.getModel(store, 'acme', 3, 'feature-x'))?.files).toEqual(files);
    await cli(
      'agent',
      'create',
      '--account',
      'acme',
      '--id',
      'sales',
      '--deployment',
      '3',
      '--show-thinking',
    );
    await cli(
      'agent',
      'create',
      '--account',
      'acme',
      '--id',
      'cube',
      '--deployment',
      '3',
      '--tool-names',
      'cube',
    );
    expect(await cli('agent', 'list', '--account', 'acme')).toEqual([
      expect.objectContaining({ agentId: 'cube', deploymentId: 3, showThinking: false, toolNames: 'cube' }),
      expect.objectContaining({ agentId: 'sales', deploymentId: 3, showThinking: true, toolNames: 'core' }),
    ]);
    await cli('attribute', 'create', '--account', 'acme', '--name', 'region', '--type', 'string');
    await cli('group', 'create', '--account', 'acme', '--name', 'ops', '--description', 'Operations');
    expect(await cli('group', 'list', '--account', 'acme')).toEqual([
      expect.objectContaining({ name: 'ops', description: 'Operations' }),
    ]);
    await cli(
      'user',
      'create-internal',
      '--account',
      'acme',
      '--id',
      'ann@acme.io',
      '--group',
      'ops',
      '--attr',
      'region="north"',
    );
    expect(await cli('user', 'list', '--account', 'acme')).toEqual([
      expect.objectContaining({
        ref: { kind: 'internal', internalId: 'ann@acme.io' },
        groups: { '*': ['ops'] },
        attributes: { '*/region': 'north' },
      }),
    ]);
    // The backfill of kept member counts: ann counts once in ops however often it runs.
    expect(await cli('group', 'recount', '--account', 'acme')).toEqual({ groups: 1, users: 1 });
    expect(await cli('group', 'recount', '--account', 'acme')).toEqual({ groups: 1, users: 1 });
    expect((await readItem(store, keys.group('acme', { kind: 'tenant' }, 'ops')))?.userCount).toBe(1);
    // Sweeps: none pending; one started and left (as if its worker gave up) is listed, then resumed to its end.
    expect(await cli('sweep', 'list', '--account', 'acme')).toEqual([]);
    const ops = await definitions.getGroup(store, 'acme', { kind: 'tenant' }, 'ops');
    await sweeps.start(store, 'acme', { kind: 'tenant' }, 'group', String(ops?.id), 'ops');
    expect(await cli('sweep', 'list', '--account', 'acme')).toEqual([
      expect.objectContaining({ id: ops?.id, kind: 'group', name: 'ops', scope: '*' }),
    ]);
    expect(await cli('sweep', 'resume', '--account', 'acme')).toEqual({ resumed: [ops?.id], pending: 0 });
    expect(await cli('user', 'list', '--account', 'acme')).toEqual([
      expect.objectContaining({ groups: { '*': [] } }),
    ]);
    const revoked = await cli('key', 'revoke', '--account', 'acme', '--id', key.keyId);
    expect(revoked).toMatchObject({ revoked: key.keyId });
    expect(await apiKeys.findByKey(store, key.key)).toBeUndefined();
  });

  test('deployment cube-token turns Cube token authentication on (a fresh secret each time) and off', async () => {
    // A deployment of its own in the account the first test made (account listings stay as they are).
    await cli('deployment', 'create', '--account', 'acme', '--id', '5', '--name', 'Cube tokens');
    const first = (await cli('deployment', 'cube-token', '--account', 'acme', '--id', '5')) as {
      cubeTokenSecret: string;
    };
    expect(first.cubeTokenSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await cubeTokenSecrets.get(store, 'acme', 5)).toBe(first.cubeTokenSecret);
    // Listings never show it.
    expect(JSON.stringify(await cli('deployment', 'list', '--account', 'acme'))).not.toContain(
      first.cubeTokenSecret,
    );
    const rotated = (await cli('deployment', 'cube-token', '--account', 'acme', '--id', '5')) as {
      cubeTokenSecret: string;
    };
    expect(rotated.cubeTokenSecret).not.toBe(first.cubeTokenSecret);
    expect(await cli('deployment', 'cube-token', '--account', 'acme', '--id', '5', '--disable')).toEqual({
      deploymentId: 5,
      cubeToken: 'disabled',
    });
    expect(await cubeTokenSecrets.get(store, 'acme', 5)).toBeUndefined();
    await expect(cli('deployment', 'cube-token', '--account', 'acme', '--id', '6')).rejects.toMatchObject({
      code: 'DEPLOYMENT_NOT_FOUND',
    });
  });

  test('clear errors for bad input', async () => {
    await expect(cli('account', 'create', '--name', 'x1', '--plan', 'gold')).rejects.toThrow(UsageError);
    await expect(cli('key', 'create', '--account', 'ghost', '--role', 'admin')).rejects.toThrow(AppError);
    await expect(cli('frobnicate')).rejects.toThrow(/Unknown command/);
    await expect(
      cli(
        'agent',
        'create',
        '--account',
        'acme',
        '--id',
        'x',
        '--deployment',
        '3',
        '--tool-names',
        'langchain',
      ),
    ).rejects.toThrow(UsageError);
    await expect(cli('key', 'create', '--account', 'acme')).rejects.toThrow(/--role is required/);
    await expect(
      cli('user', 'create-internal', '--account', 'acme', '--id', 'b', '--group', 'nope'),
    ).rejects.toThrow(/Groups with names nope not found/);
    await expect(
      cli('attribute', 'create', '--account', 'acme', '--name', 'region', '--type', 'number'),
    ).rejects.toThrow(/cannot change type/);
  });

  test('the binary prints JSON and exits 0, or a JSON error and a non-zero code; quiet unless --verbose', async () => {
    const env = {
      ...process.env,
      TABLE_NAME: store.tableName,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    const ok = await run(process.execPath, [ADMIN, 'account', 'list'], { env });
    expect(JSON.parse(ok.stdout)).toEqual([expect.objectContaining({ name: 'acme' })]);
    expect(ok.stderr).toBe('');
    const verbose = await run(process.execPath, [ADMIN, 'account', 'list', '--verbose'], { env });
    expect(JSON.parse(verbose.stdout)).toEqual(JSON.parse(ok.stdout));
    expect(verbose.stderr).toContain(`Using DYNAMODB_ENDPOINT=${process.env.DYNAMODB_ENDPOINT}`);
    const failed = await run(process.execPath, [ADMIN, 'agent', 'create', '--account', 'acme'], {
      env,
    }).catch((error: { code: number; stderr: string }) => error);
    expect('code' in failed && failed.code).toBe(2);
    expect(failed.stderr).toContain('--deployment is required');
  }, 60_000);

  test('the bundle pushes a real model: the semantic layer loads on use from the bundle', async () => {
    const env = { ...process.env, TABLE_NAME: store.tableName };
    const where = ['--account', 'acme', '--deployment', '3', '--branch', 'bundled'];
    const pushed = await run(
      process.execPath,
      [ADMIN, 'model', 'push', ...where, '--dir', 'models/demo/main'],
      {
        env,
      },
    );
    expect(JSON.parse(pushed.stdout)).toMatchObject({ deploymentId: 3, branch: 'bundled', version: 1 });
    expect((await deployments.getModel(store, 'acme', 3, 'bundled'))?.files.length).toBeGreaterThan(0);
    // A model that does not compile is refused with the semantic layer's reason, and nothing is stored.
    const bad = mkdtempSync(path.join(tmpdir(), 'cli-model-'));
    writeFileSync(
      path.join(bad, 'x.yml'),
      'cubes:\n  - name: x\n    sql_table: t\n    measures:\n      - name: c\n        type: nope\n',
    );
    try {
      const invalid = await run(process.execPath, [ADMIN, 'model', 'push', ...where, '--dir', bad], {
        env,
      }).catch((error: { code: number; stderr: string }) => error);
      expect('code' in invalid && invalid.code).toBe(1);
      expect(JSON.parse(invalid.stderr)).toMatchObject({ code: 'MODEL_INVALID' });
      expect((await deployments.listModelVersions(store, 'acme', 3, 'bundled')).length).toBe(1);
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  }, 60_000);

  test('--help prints the usage from a bundle whose entry loads no command (nor the AWS SDK)', async () => {
    const help = await run(process.execPath, [ADMIN, '--help']);
    expect(help.stdout).toContain('Usage: npm run admin -- <command>');
    expect(help.stdout).toContain('account create');
    expect(isFresh()).toBe(true);
    // What the entry imports statically, followed through every chunk: the help text only.
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(path.join('.local/cli', file), 'utf8');
      for (const match of text.matchAll(/import\s*(?:[^'"();]*?from\s*)?["'](\.\/[^"']+)["']/g)) {
        visit(path.basename(match[1] ?? ''));
      }
    };
    visit('admin.mjs');
    const loaded = [...seen].map((file) => readFileSync(path.join('.local/cli', file), 'utf8')).join('\n');
    expect(loaded).toContain('account create');
    expect(loaded).not.toContain('DynamoDBDocumentClient');
    expect(loaded).not.toMatch(/function runCommand/);
  }, 60_000);

  test('the bundle is rebuilt when a source is newer than it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cli-bundle-'));
    try {
      const manifest = (builtAt: number, inputs: string[]) =>
        writeFileSync(path.join(dir, 'inputs.json'), JSON.stringify({ builtAt, inputs }));
      expect(isFresh(dir)).toBe(false);
      manifest(Date.now() + 60_000, ['bin/admin.ts', 'functions/admin/cli.ts']);
      expect(isFresh(dir)).toBe(true);
      manifest(statSync('functions/admin/cli.ts').mtimeMs - 1, ['bin/admin.ts', 'functions/admin/cli.ts']);
      expect(isFresh(dir)).toBe(false);
      manifest(Date.now() + 60_000, ['functions/admin/gone.ts']);
      expect(isFresh(dir)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('account create refuses an existing account unless --update (its flags are not silently lost)', async () => {
    await cli('account', 'create', '--name', 'keepflags', '--plan', 'premium', '--flag', 'useCreatorMode');
    await expect(cli('account', 'create', '--name', 'keepflags', '--plan', 'free')).rejects.toMatchObject({
      status: 409,
      code: 'ACCOUNT_EXISTS',
      message: expect.stringContaining('--update'),
    });
    expect(await accounts.get(store, 'keepflags')).toMatchObject({
      plan: 'premium',
      flags: ['useCreatorMode'],
    });
    expect(await cli('account', 'create', '--name', 'keepflags', '--plan', 'free', '--update')).toMatchObject(
      {
        plan: 'free',
        flags: [],
      },
    );
  });

  test('without DYNAMODB_ENDPOINT the target is a running npm start, else AWS, else a message saying what to set', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cli-target-'));
    const file = path.join(dir, 'service.json');
    const bare = { HOME: dir, PATH: process.env.PATH };
    try {
      expect(() => resolveTarget(bare, file)).toThrow(
        /DYNAMODB_ENDPOINT=http:\/\/127\.0\.0\.1:<port> TABLE_NAME=/,
      );
      expect(() => resolveTarget(bare, file)).toThrow(/AWS_PROFILE/);
      writeServiceFile(
        {
          baseUrl: 'http://127.0.0.1:4000',
          port: 4000,
          dynamodbEndpoint: 'http://127.0.0.1:9',
          tableName: 't1',
          pid: process.pid,
        },
        file,
      );
      expect(resolveTarget(bare, file).env).toEqual({
        DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
        TABLE_NAME: 't1',
      });
      expect(resolveTarget({ ...bare, TABLE_NAME: 'mine' }, file).env.TABLE_NAME).toBe('mine');
      expect(resolveTarget({ ...bare, DYNAMODB_ENDPOINT: 'http://x' }, file).env).toEqual({});
      // A file left by a service that is gone is ignored.
      writeServiceFile(
        {
          baseUrl: 'http://127.0.0.1:4000',
          port: 4000,
          dynamodbEndpoint: 'http://127.0.0.1:9',
          tableName: 't1',
          pid: 2 ** 22 + 1,
        },
        file,
      );
      expect(() => resolveTarget(bare, file)).toThrow(/No target/);
      expect(resolveTarget({ ...bare, AWS_PROFILE: 'ops' }, file).env).toEqual({});
      removeServiceFile(file);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the binary without any target exits 2 and says what to set (not an AWS credentials error)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cli-home-'));
    try {
      const env = {
        PATH: process.env.PATH ?? '',
        HOME: dir,
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      };
      const failed = await run(process.execPath, [ADMIN, 'account', 'list'], { env }).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect('code' in failed && failed.code).toBe(2);
      expect(failed.stderr).toContain('NO_TARGET');
      expect(failed.stderr).toContain('npm start');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
