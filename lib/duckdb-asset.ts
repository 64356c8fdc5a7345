/**
 * DuckDB for the arm64 Lambdas, in one Lambda layer the data functions share. `@duckdb/node-api` loads a native
 * binding per platform, so the layer holds a real `node_modules` (under `nodejs/`, which Lambda extracts to
 * /opt/nodejs): the JavaScript packages plus the linux-arm64 binding, from npm tarballs pinned by sha512 (the
 * lockfile only records the bindings of the machine it was made on), with the binaries stripped of symbols
 * (llvm-strip: 63 → 54 MB). Beside them, `data/` holds the demo dataset, built once per generator version rather
 * than on every cold start. Tarballs are kept in `node_modules/.cache/duckdb-lambda`: the first synth fetches them
 * with `npm pack` (npm registry or npm's own cache), every later synth is offline.
 *
 * Each data function's own asset gets only a two-file shim package `@duckdb/node-api` that re-exports the layer's
 * (ESM resolution never looks in /opt): run by the NodejsFunction `afterBundling` hook as
 * `node --import tsx lib/duckdb-asset.ts --shim <outDir>`.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The module the bundles import; esbuild keeps it external (lib/bundling.ts). */
const DUCKDB_IMPORT = '@duckdb/node-api';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The DuckDB release shipped to Lambda: the newest that npm has a linux-arm64 binding of (there is none
 * of 1.5.6-r.1). The lockfile pins the same release, so the tests run what Lambda runs (a stack test checks
 * they agree); all three packages share it so the JavaScript API and the native binding always match.
 */
export const DUCKDB_LAMBDA_VERSION = '1.5.5-r.5';
export const DUCKDB_LAMBDA_PACKAGES: Readonly<Record<string, string>> = {
  '@duckdb/node-api':
    'sha512-ZMX+sel3DjSKbGuQ44Y5Tp5LwYjlJkhB5faKr+9sSMcxixDMSW+8vaTOD1uRDuN9o0udUoCY/XX9PI1haEZuZg==',
  '@duckdb/node-bindings':
    'sha512-sR7x91TfBunLqLbdvrcdiPCU+VGEQFPicxh1STZM402fuHW2ituPTAo2bY3IlntsvJShltrKF4R6B+JYPlAPZg==',
  '@duckdb/node-bindings-linux-arm64':
    'sha512-CafH2AIvXtpwDynG3KB/4uEOHRGlFoB7auCRMIwH3BKNIobsANV5LSpDJ3tfyRCFIsK6e8AT1eseWVnu2Dv3cw==',
};
/** Pure-JavaScript dependencies of those packages, copied from the local node_modules. */
const LOCAL_DEPENDENCIES = ['detect-libc'];

export const cacheDir = path.join(projectRoot, 'node_modules', '.cache', 'duckdb-lambda');

const tarballName = (name: string) =>
  `${name.replace('@', '').replace('/', '-')}-${DUCKDB_LAMBDA_VERSION}.tgz`;

const integrityOf = (file: string) =>
  `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;

/** The verified tarball of one package, fetched with `npm pack` when it is not cached yet. */
export function tarball(name: string): string {
  const expected = DUCKDB_LAMBDA_PACKAGES[name];
  if (!expected) throw new Error(`${name} is not a pinned DuckDB package`);
  const file = path.join(cacheDir, tarballName(name));
  if (!existsSync(file)) {
    mkdirSync(cacheDir, { recursive: true });
    try {
      execFileSync(
        'npm',
        [
          'pack',
          `${name}@${DUCKDB_LAMBDA_VERSION}`,
          '--prefer-offline',
          '--silent',
          '--pack-destination',
          cacheDir,
        ],
        { cwd: cacheDir, stdio: ['ignore', 'ignore', 'pipe'] },
      );
    } catch (error) {
      throw new Error(
        `Cannot fetch ${name}@${DUCKDB_LAMBDA_VERSION} for the Lambda asset: the first synth needs the npm ` +
          `registry (later ones reuse ${cacheDir}).`,
        { cause: error },
      );
    }
  }
  const actual = integrityOf(file);
  if (actual !== expected) {
    rmSync(file, { force: true });
    throw new Error(
      `${name}@${DUCKDB_LAMBDA_VERSION}: integrity ${actual} does not match the pinned ${expected}`,
    );
  }
  return file;
}

/** Writes `node_modules` with DuckDB for linux-arm64 into a Lambda asset directory. */
export function installDuckdb(outputDir: string): void {
  const modules = path.join(outputDir, 'node_modules');
  for (const name of Object.keys(DUCKDB_LAMBDA_PACKAGES)) {
    const target = path.join(modules, name);
    const staging = `${target}.partial`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    execFileSync('tar', ['-xzf', tarball(name), '-C', staging, '--strip-components=1']);
    rmSync(target, { recursive: true, force: true });
    renameSync(staging, target);
  }
  for (const name of LOCAL_DEPENDENCIES) {
    cpSync(path.join(projectRoot, 'node_modules', name), path.join(modules, name), {
      recursive: true,
      dereference: true,
    });
  }
  const binding = path.join(modules, '@duckdb', 'node-bindings-linux-arm64');
  if (!readdirSync(binding).includes('duckdb.node')) throw new Error(`no duckdb.node in ${binding}`);
}

/** Where the layer's `nodejs/node_modules` and `data/` appear in a function (Lambda extracts layers to /opt). */
export const LAYER_MODULES = '/opt/nodejs/node_modules';
export const LAYER_SAMPLE_DIR = '/opt/data';
/** Orders of the prebuilt demo dataset: the functions' default (SAMPLE_ORDERS). */
export const LAYER_SAMPLE_ORDERS = 1_000_000;
/** Bump when the layer's layout changes. */
const LAYER_LAYOUT = 1;

/** The native files of the binding, stripped in the layer. */
const BINARIES = ['duckdb.node', 'libduckdb.so'];
const STRIPPERS = ['llvm-strip', 'aarch64-linux-gnu-strip'];

/** A strip that reads aarch64 ELF files (the host's GNU strip reads only its own architecture), if installed. */
export function armStrip(): string | undefined {
  for (const tool of STRIPPERS) {
    try {
      execFileSync(tool, ['--version'], { stdio: 'ignore' });
      return tool;
    } catch {
      // not installed
    }
  }
  return undefined;
}

/** The layer's content hash: the pinned packages, the demo data's generator and size, and whether it is stripped. */
export function duckdbLayerHash(orders = LAYER_SAMPLE_ORDERS, stripped = armStrip() !== undefined): string {
  const generator = readFileSync(path.join(projectRoot, 'functions', 'semantic', 'sample-data.ts'));
  return createHash('sha256')
    .update(JSON.stringify({ LAYER_LAYOUT, DUCKDB_LAMBDA_VERSION, DUCKDB_LAMBDA_PACKAGES, orders, stripped }))
    .update(generator)
    .digest('hex');
}

/**
 * Writes the layer into `outputDir`: `nodejs/node_modules` with DuckDB for linux-arm64 (stripped when a strip for
 * arm64 is installed) and `data/` with the demo dataset of `orders` orders.
 */
export function buildDuckdbLayer(outputDir: string, orders = LAYER_SAMPLE_ORDERS): { stripped: boolean } {
  const nodejs = path.join(outputDir, 'nodejs');
  installDuckdb(nodejs);
  const strip = armStrip();
  if (strip) {
    const binding = path.join(nodejs, 'node_modules', '@duckdb', 'node-bindings-linux-arm64');
    for (const file of BINARIES) execFileSync(strip, ['--strip-unneeded', path.join(binding, file)]);
  }
  // The generator is the service's own (bin/sample-data.ts), run with the local DuckDB: the file format is the same.
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(projectRoot, 'bin', 'sample-data.ts'),
      path.join(outputDir, 'data'),
      String(orders),
    ],
    { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return { stripped: strip !== undefined };
}

/**
 * Writes the shim package `@duckdb/node-api` into a function's asset: CommonJS re-exporting the layer's package,
 * which Node's ESM loader resolves (its lexer follows `module.exports = require(...)` for the named exports).
 */
export function writeDuckdbShim(outputDir: string, target = LAYER_MODULES): void {
  const dir = path.join(outputDir, 'node_modules', '@duckdb', 'node-api');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
    `${JSON.stringify({ name: DUCKDB_IMPORT, version: DUCKDB_LAMBDA_VERSION, main: 'index.js' })}\n`,
  );
  writeFileSync(
    path.join(dir, 'index.js'),
    `module.exports = require(${JSON.stringify(path.posix.join(target, DUCKDB_IMPORT))});\n`,
  );
}

/** The version of DuckDB installed locally (what the tests and `npm start` run). */
export function localDuckdbVersion(): string {
  const manifest = path.join(projectRoot, 'node_modules', '@duckdb', 'node-api', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/**
 * The shell command the bundler runs after esbuild: the shim goes into the asset exactly when the bundle imports
 * DuckDB (it is external for every function), so routes and imports can never disagree; the stack gives the same
 * functions (`data` routes) the layer.
 */
export function installDuckdbIfImportedCommand(outputDir: string, bundleFile: string): string {
  const script = fileURLToPath(import.meta.url);
  const install = [process.execPath, '--import', 'tsx', script, '--shim', outputDir].map(quote).join(' ');
  const bundle = quote(path.join(outputDir, bundleFile));
  return `if grep -q '"${DUCKDB_IMPORT}"' ${bundle}; then ${install}; fi`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [mode, outputDir] = process.argv.slice(2);
  if (mode !== '--shim' || !outputDir) {
    process.stderr.write('usage: node --import tsx lib/duckdb-asset.ts --shim <asset output dir>\n');
    process.exit(2);
  }
  writeDuckdbShim(outputDir);
}
