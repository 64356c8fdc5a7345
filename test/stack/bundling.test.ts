import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { buildBundle } from '../../bench/bundles';
import {
  CLICKHOUSE_FILE,
  copySidecarsIfUsedCommand,
  ESM_REQUIRE_BANNER,
  EVENT_STREAMS,
  entryOf,
  PG_FILE,
  projectRoot,
  SQL_PARSER_FILE,
  sharedBundling,
} from '../../lib/bundling';
import {
  armStrip,
  buildDuckdbLayer,
  DUCKDB_LAMBDA_VERSION,
  installDuckdbIfImportedCommand,
  tarball,
  writeDuckdbShim,
} from '../../lib/duckdb-asset';
import { nodejsBundling } from '../../lib/endpoints';

const run = promisify(execFile);
// Inside the repository so that external packages resolve from node_modules, as they do from the asset.
const outRoot = path.join(projectRoot, 'node_modules', '.cache', `stack-test-${randomUUID()}`);

afterAll(async () => {
  await rm(outRoot, { recursive: true, force: true });
});

/**
 * Copies a built bundle's directory outside the repository (as Lambda runs /var/task: no node_modules in reach),
 * calls its handler with `args` in a fresh Node process and returns what it answered.
 */
async function runOutsideRepository(outDir: string, ...args: string[]): Promise<unknown> {
  const lambdaDir = await mkdtemp(path.join(tmpdir(), 'lambda-task-'));
  try {
    await cp(outDir, lambdaDir, { recursive: true });
    const script = `const { handler } = await import(process.argv[1]);
process.stdout.write(JSON.stringify(await handler(...process.argv.slice(2))));`;
    const { stdout } = await run(process.execPath, [
      '--input-type=module',
      '-e',
      script,
      pathToFileURL(path.join(lambdaDir, 'index.mjs')).href,
      ...args,
    ]);
    return JSON.parse(stdout);
  } finally {
    await rm(lambdaDir, { recursive: true, force: true });
  }
}

/** Builds a fixture (test/stack/fixtures) as the stack bundles a function; returns the bundle and its directory. */
async function buildFixture(fixture: string, name: string): Promise<{ file: string; outDir: string }> {
  const { file } = await buildBundle(
    path.join(projectRoot, 'test', 'stack', 'fixtures', fixture),
    path.join(outRoot, name),
  );
  const outDir = path.dirname(file);
  return { file, outDir };
}

describe('the shared esbuild options', () => {
  it('are the ones the stack hands to NodejsFunction', () => {
    const shared = sharedBundling();
    expect(nodejsBundling()).toMatchObject({
      target: shared.target,
      format: 'esm',
      minify: true,
      sourceMap: true,
      sourcesContent: false,
      mainFields: shared.mainFields,
      banner: shared.banner,
      externalModules: shared.external,
    });
    expect(shared.external).toEqual(expect.arrayContaining(['@duckdb/node-api', '@aws-sdk/nested-clients']));
    expect(shared.external).not.toContain('@aws-sdk/client-dynamodb');
  });

  it('produce an ESM bundle whose handler answers a function URL event in a fresh Node process', async () => {
    const { file } = await buildBundle(entryOf('health'), path.join(outRoot, 'health'));
    const source = await readFile(file, 'utf8');
    expect(path.basename(file)).toBe('index.mjs');
    expect(source.startsWith(ESM_REQUIRE_BANNER)).toBe(true);
    expect(existsSync(`${file}.map`)).toBe(true);

    const event = {
      version: '2.0',
      rawPath: '/health',
      rawQueryString: '',
      headers: {},
      isBase64Encoded: false,
      requestContext: { requestId: 'test', http: { method: 'GET', path: '/health' } },
    };
    const script = `const { handler } = await import(process.argv[1]);
const result = await handler(${JSON.stringify(event)}, { awsRequestId: 'test', getRemainingTimeInMillis: () => 10000 });
process.stdout.write(JSON.stringify(result));`;
    const { stdout } = await run(
      process.execPath,
      ['--input-type=module', '-e', script, pathToFileURL(file).href],
      {
        env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', AWS_REGION: 'eu-west-1', TABLE_NAME: 't' },
      },
    );
    const result = JSON.parse(stdout) as { statusCode: number; body: string };
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toEqual({ status: 'ok' });
  });
});

describe('DuckDB in the asset', () => {
  it('is the release the tests run: the lockfile pins the version Lambda ships', async () => {
    const lock = JSON.parse(await readFile('package-lock.json', 'utf8'));
    for (const name of ['@duckdb/node-api', '@duckdb/node-bindings']) {
      expect({ name, version: lock.packages[`node_modules/${name}`]?.version }).toEqual({
        name,
        version: DUCKDB_LAMBDA_VERSION,
      });
    }
  });

  it('stays an import of the bundle, which the after-bundling hook detects', async () => {
    const { file } = await buildBundle(
      path.join(projectRoot, 'test', 'stack', 'fixtures', 'uses-duckdb.ts'),
      path.join(outRoot, 'duck'),
    );
    const source = await readFile(file, 'utf8');
    expect(source).toContain('"@duckdb/node-api"');
    expect(source).not.toContain('duckdb.node');
  });

  it('ships with the bundle as a two-file shim that loads the layer (laid out as /opt/nodejs/node_modules)', async () => {
    const { file, outDir } = await buildFixture('queries-duckdb.ts', 'shim');
    await run('bash', ['-c', installDuckdbIfImportedCommand(outDir, path.basename(file))], {
      cwd: projectRoot,
    });
    const shim = path.join(outDir, 'node_modules', '@duckdb', 'node-api');
    expect((await readdir(path.join(outDir, 'node_modules'), { recursive: true })).sort()).toEqual([
      '@duckdb',
      '@duckdb/node-api',
      '@duckdb/node-api/index.js',
      '@duckdb/node-api/package.json',
    ]);
    expect(await readFile(path.join(shim, 'index.js'), 'utf8')).toBe(
      'module.exports = require("/opt/nodejs/node_modules/@duckdb/node-api");\n',
    );
    // The layer stands in at a temporary path (this machine's own binding): the bundle runs outside the repository.
    const layer = await mkdtemp(path.join(tmpdir(), 'layer-'));
    const modules = path.join(layer, 'nodejs', 'node_modules');
    try {
      for (const name of ['@duckdb', 'detect-libc']) {
        await cp(path.join(projectRoot, 'node_modules', name), path.join(modules, name), {
          recursive: true,
          dereference: true,
        });
      }
      writeDuckdbShim(outDir, modules);
      expect(await runOutsideRepository(outDir)).toEqual({ answer: 42 });
    } finally {
      await rm(layer, { recursive: true, force: true });
    }
  });

  it('is one layer: the arm64 binding, stripped, and the demo dataset built once', async () => {
    const out = path.join(outRoot, 'layer');
    const { stripped } = buildDuckdbLayer(out, 2_000);
    expect(stripped).toBe(armStrip() !== undefined);
    const binding = path.join(out, 'nodejs', 'node_modules', '@duckdb', 'node-bindings-linux-arm64');
    const library = (await stat(path.join(binding, 'libduckdb.so'))).size;
    const unpacked = await mkdtemp(path.join(tmpdir(), 'duckdb-tgz-'));
    try {
      await run('tar', ['-xzf', tarball('@duckdb/node-bindings-linux-arm64'), '-C', unpacked]);
      const original = (await stat(path.join(unpacked, 'package', 'libduckdb.so'))).size;
      if (stripped) expect(library).toBeLessThan(original * 0.9);
      else expect(library).toBe(original);
    } finally {
      await rm(unpacked, { recursive: true, force: true });
    }
    for (const name of ['@duckdb/node-api', '@duckdb/node-bindings', 'detect-libc']) {
      expect(existsSync(path.join(out, 'nodejs', 'node_modules', name, 'package.json'))).toBe(true);
    }
    expect(await readdir(path.join(out, 'data'))).toEqual([
      expect.stringMatching(/^sample-v\d+-2000\.duckdb$/),
    ]);
  }, 120_000);

  it('is not installed into an asset whose bundle does not import it', async () => {
    const outDir = path.join(outRoot, 'plain');
    await mkdir(outDir, { recursive: true });
    await writeFile(
      path.join(outDir, 'index.mjs'),
      'export const handler = async () => ({ statusCode: 200 });\n',
    );
    await run('bash', ['-c', installDuckdbIfImportedCommand(outDir, 'index.mjs')], { cwd: projectRoot });
    expect(existsSync(path.join(outDir, 'node_modules'))).toBe(false);
  });
});

describe("the SDK's event streams", () => {
  it('ship only with the function whose model streams events', () => {
    expect(sharedBundling('chat-stream').external).not.toContain(EVENT_STREAMS);
    for (const id of ['generate-session', 'sql-api', 'chat-abort', 'health']) {
      expect(sharedBundling(id).external).toContain(EVENT_STREAMS);
    }
  });

  it('are not needed to read DynamoDB: a bundle without them reads an item, run outside the repository', async () => {
    const { file } = await buildBundle(
      path.join(projectRoot, 'test', 'stack', 'fixtures', 'reads-dynamodb.ts'),
      path.join(outRoot, 'dynamodb'),
    );
    expect(await readFile(file, 'utf8')).toContain(`"${EVENT_STREAMS}"`);
    // DynamoDB's JSON protocol, answered by a local server, so the bundle's serialisers run both ways.
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
        res.end(JSON.stringify({ Item: { pk: { S: 'a' }, sk: { S: 'b' }, n: { N: '7' } } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      expect(await runOutsideRepository(path.dirname(file), `http://127.0.0.1:${port}`)).toEqual({
        pk: 'a',
        sk: 'b',
        n: 7,
      });
    } finally {
      server.close();
    }
  });
});

describe('the SQL parser beside the bundle', () => {
  const sidecars = (outDir: string) =>
    run('bash', ['-c', copySidecarsIfUsedCommand(outDir, 'index.mjs')], { cwd: projectRoot });

  it('is copied by the after-bundling hook and loaded by the parse worker, with no node_modules in reach', async () => {
    const { outDir } = await buildFixture('parses-sql.ts', 'sql');
    await sidecars(outDir);
    expect(existsSync(path.join(outDir, SQL_PARSER_FILE))).toBe(true);
    // Outside the repository only the copied parser can load.
    expect(await runOutsideRepository(outDir)).toEqual({ ok: true, limits: 24 });
  });

  it('pg is built beside a bundle with the PostgreSQL driver, not into it, and loads from there when a source opens', async () => {
    const { file, outDir } = await buildFixture('uses-postgres.ts', 'pg');
    // A message only pg's client holds: in the sidecar, not in the bundle every cold start loads.
    const pgText = 'Client has already been connected';
    expect(await readFile(file, 'utf8')).not.toContain(pgText);
    await sidecars(outDir);
    expect(await readFile(path.join(outDir, PG_FILE), 'utf8')).toContain(pgText);
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(await runOutsideRepository(outDir, `postgres://reader:secret@127.0.0.1:${port}/none`)).toEqual({
      error: 'ECONNREFUSED',
    });
  });

  it('the ClickHouse client is built beside a bundle with the ClickHouse driver, not into it, and loads from there', async () => {
    const { file, outDir } = await buildFixture('uses-clickhouse.ts', 'clickhouse');
    // A message only the client holds: in the sidecar, not in the bundle every cold start loads.
    const clientText = 'failed to parse X-ClickHouse-Summary header';
    expect(await readFile(file, 'utf8')).not.toContain(clientText);
    await sidecars(outDir);
    expect(await readFile(path.join(outDir, CLICKHOUSE_FILE), 'utf8')).toContain(clientText);
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(await runOutsideRepository(outDir, `http://127.0.0.1:${port}`)).toEqual({ error: 'ECONNREFUSED' });
  });

  it('the Jinja renderer is plain code in a bundle that reads models: no sidecar, and it renders from there', async () => {
    const { file, outDir } = await buildFixture('renders-jinja.ts', 'jinja');
    // A message only the renderer holds is in the bundle itself; nothing Jinja is built beside it.
    expect(await readFile(file, 'utf8')).toContain('(template inheritance) is not supported');
    await sidecars(outDir);
    expect(existsSync(path.join(outDir, 'nunjucks.cjs'))).toBe(false);
    expect(await runOutsideRepository(outDir)).toEqual({ measures: ['amount_count', 'amount_sum'] });
  });

  it('is not copied for a bundle that does not parse SQL', async () => {
    const outDir = path.join(outRoot, 'no-sql');
    await mkdir(outDir, { recursive: true });
    await writeFile(
      path.join(outDir, 'index.mjs'),
      'export const handler = async () => ({ statusCode: 200 });\n',
    );
    await sidecars(outDir);
    expect(existsSync(path.join(outDir, SQL_PARSER_FILE))).toBe(false);
    expect(existsSync(path.join(outDir, PG_FILE))).toBe(false);
  });
});
