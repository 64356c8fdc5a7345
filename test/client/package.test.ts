/**
 * The client as a user gets it: the committed dist is what its sources build to; installed from its folder into a
 * project outside the repository, it loads as ESM and as CommonJS, type-checks for both, and the README's example
 * runs as printed against the local service as `npm start` runs it (demo seed).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildClient, CLIENT_DIST } from '../../scripts/build-client.mjs';
import { startService, type TestService } from '../support/service';

const run = promisify(execFile);
const PACKAGE = path.resolve('packages/client');
const TSC = path.resolve('node_modules/typescript/bin/tsc');

let svc: TestService;
let project: string;

beforeAll(async () => {
  process.env.OFFLINE_DELAY_MS = '0';
  svc = await startService();
  project = mkdtempSync(path.join(tmpdir(), 'client-user-'));
  writeFileSync(
    path.join(project, 'package.json'),
    '{"name":"client-user","private":true,"type":"module"}\n',
  );
  // A folder install: no registry is asked (`--offline` would fail if one were).
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', PACKAGE], { cwd: project });
}, 120_000);
afterAll(async () => {
  await svc.stop();
  rmSync(project, { recursive: true, force: true });
  delete process.env.OFFLINE_DELAY_MS;
});

test('the committed dist is what the sources build to now (else: npm run client:build)', async () => {
  const fresh = mkdtempSync(path.join(tmpdir(), 'client-dist-'));
  try {
    await buildClient(fresh);
    const files = readdirSync(fresh).sort();
    expect(readdirSync(CLIENT_DIST).sort()).toEqual(files);
    expect(files).toEqual(
      expect.arrayContaining(['index.js', 'index.cjs', 'index.d.ts', 'index.d.cts', 'types.generated.d.ts']),
    );
    const stale = files.filter(
      (file) =>
        readFileSync(path.join(fresh, file), 'utf8') !== readFileSync(path.join(CLIENT_DIST, file), 'utf8'),
    );
    expect({ stale, fix: 'npm run client:build' }).toEqual({ stale: [], fix: 'npm run client:build' });
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
}, 120_000);

test('installed from its folder: ESM and CommonJS load, and both type-check with NodeNext resolution', async () => {
  const esm = await run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import * as c from '@embedded-analytics/client'; console.log(Object.keys(c).sort().join())",
    ],
    { cwd: project },
  );
  expect(esm.stdout.trim()).toBe('ApiError,EmbeddedAnalytics');
  const cjs = await run(
    process.execPath,
    [
      '-e',
      "const c = require('@embedded-analytics/client'); console.log(typeof c.EmbeddedAnalytics, typeof c.ApiError)",
    ],
    { cwd: project },
  );
  expect(cjs.stdout.trim()).toBe('function function');
  const consumer = [
    "import { EmbeddedAnalytics, type ChatLine, type GenerateSessionRequest } from '@embedded-analytics/client';",
    "const request: GenerateSessionRequest = { deploymentId: 1, externalId: 'x' };",
    "const line: ChatLine = { id: 'a', graphPath: ['final'] };",
    "export const api = new EmbeddedAnalytics({ baseUrl: 'http://127.0.0.1:4000' });",
    'export { request, line };',
    '',
  ].join('\n');
  writeFileSync(path.join(project, 'esm.mts'), consumer);
  writeFileSync(
    path.join(project, 'cjs.cts'),
    consumer.replace(
      "import { EmbeddedAnalytics, type ChatLine, type GenerateSessionRequest } from '@embedded-analytics/client';",
      "import { EmbeddedAnalytics, type ChatLine, type GenerateSessionRequest } from '@embedded-analytics/client';\n// CommonJS: resolved through the package's `require` condition.",
    ),
  );
  writeFileSync(
    path.join(project, 'wrong.mts'),
    "import type { GenerateSessionRequest } from '@embedded-analytics/client';\nexport const r: GenerateSessionRequest = { deploymentId: 'one' };\n",
  );
  const tsc = (files: string[]) => {
    const config = {
      compilerOptions: {
        strict: true,
        noEmit: true,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        lib: ['es2023', 'dom'],
        types: [],
      },
      files,
    };
    writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify(config));
    return run(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: project }).catch(
      (error: { code: number; stdout: string }) => error,
    );
  };
  // One run: the two consumers compile, and the wrong one fails (else this check would pass vacuously).
  const checked = await tsc(['esm.mts', 'cjs.cts', 'wrong.mts']);
  const errors = ('code' in checked ? checked.stdout : '')
    .split('\n')
    .filter((line) => line.includes('error TS'));
  expect(errors).toEqual([expect.stringMatching(/^wrong\.mts\(2,\d+\): error TS2322/)]);
}, 120_000);

test("the README's example runs as printed against the local service", async () => {
  const readme = readFileSync(path.join(PACKAGE, 'README.md'), 'utf8');
  const example = /```js\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(example).toContain("from '@embedded-analytics/client'");
  writeFileSync(path.join(project, 'example.mjs'), example ?? '');
  const out = await run(process.execPath, ['example.mjs'], {
    cwd: project,
    env: { ...process.env, BASE_URL: svc.baseUrl, DEMO_API_KEY: svc.adminKey },
  });
  const lines = out.stdout.split('\n');
  expect(lines).toEqual(
    expect.arrayContaining([
      "check: { accountName: 'demo', deploymentId: 1, agentId: '1' }",
      'second exchange: 401 SESSION_INVALID',
      "columns: [ 'region', 'orders' ]",
      'group: sales',
    ]),
  );
  expect(lines.some((line) => /^token for alice@acme\.test until \d{4}-\d\d-\d\dT/.test(line))).toBe(true);
  expect(lines.some((line) => /^answer: \S/.test(line))).toBe(true);
  // Row-level security: alice (region north, not a manager) sees the north only.
  expect(lines.filter((line) => line.startsWith('row:'))).toEqual([
    expect.stringMatching(/^row: \[ 'north', \d+ \]$/),
  ]);
}, 120_000);
