/**
 * DuckDB for the arm64 Lambdas. `@duckdb/node-api` loads a native binding per platform, so the data
 * functions get a real `node_modules` beside their bundle: the JavaScript packages plus the linux-arm64
 * binding, from npm tarballs pinned by sha512 (the lockfile only records the bindings of the machine
 * it was made on). Tarballs are kept in `node_modules/.cache/duckdb-lambda`: the first synth fetches
 * them with `npm pack` (npm registry or npm's own cache), every later synth is offline.
 *
 * Run as a script by the NodejsFunction `afterBundling` hook: `node --import tsx lib/duckdb-asset.ts <outDir>`.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
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

/** The version of DuckDB installed locally (what the tests and `npm start` run). */
export function localDuckdbVersion(): string {
  const manifest = path.join(projectRoot, 'node_modules', '@duckdb', 'node-api', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/**
 * The shell command the bundler runs after esbuild: DuckDB is installed into the asset exactly when the
 * bundle imports it (it is external for every function), so routes and imports can never disagree.
 */
export function installDuckdbIfImportedCommand(outputDir: string, bundleFile: string): string {
  const script = fileURLToPath(import.meta.url);
  const install = [process.execPath, '--import', 'tsx', script, outputDir].map(quote).join(' ');
  const bundle = quote(path.join(outputDir, bundleFile));
  return `if grep -q '"${DUCKDB_IMPORT}"' ${bundle}; then ${install}; fi`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outputDir = process.argv[2];
  if (!outputDir) {
    process.stderr.write('usage: node --import tsx lib/duckdb-asset.ts <asset output dir>\n');
    process.exit(2);
  }
  installDuckdb(outputDir);
}
