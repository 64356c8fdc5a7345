/**
 * The committed lockfile is one `npm ci` accepts on every platform: each optional package a locked package names
 * (biome's, esbuild's, DuckDB's binaries for macOS, Windows, ...) is in it, and the real npm, in a clean copy
 * holding only package.json and package-lock.json, validates it as `npm ci` does before installing (`--dry-run`
 * skips only the install; `--offline` proves no registry is needed for it) and changes neither file. A lockfile
 * written where a registry mirror omits other platforms' binaries fails here, before a fresh clone's
 * `npm start` would fall back to `npm install` (scripts/ensure-deps.mjs).
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

interface LockEntry {
  version?: string;
  optionalDependencies?: Record<string, string>;
  dependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
};

/** Where npm finds `name` for the package at `from`: its own node_modules, then each parent's, then the root's. */
function resolve(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return undefined;
    const at = base.lastIndexOf('/node_modules/');
    base = at < 0 ? '' : base.slice(0, at);
  }
}

test('every optional package a locked package names is in the lockfile (all platforms)', () => {
  expect(lock.lockfileVersion).toBe(3);
  const missing: string[] = [];
  let optional = 0;
  for (const [from, entry] of Object.entries(lock.packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      optional += 1;
      if (!resolve(from, name)) missing.push(`${name} (optional dependency of ${from || 'the project'})`);
    }
  }
  expect(missing).toEqual([]);
  // Not vacuous: biome, esbuild and DuckDB each name a package per platform.
  expect(optional).toBeGreaterThan(30);
  for (const name of [
    '@biomejs/cli-darwin-arm64',
    '@esbuild/win32-x64',
    '@duckdb/node-bindings-darwin-arm64',
  ]) {
    expect(lock.packages[`node_modules/${name}`]).toBeDefined();
  }
});

test('npm ci accepts the lockfile in a clean copy, offline, and changes no file', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lockfile-'));
  try {
    for (const file of ['package.json', 'package-lock.json']) copyFileSync(file, path.join(dir, file));
    const out = await run(
      'npm',
      ['ci', '--dry-run', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'],
      { cwd: dir, env: { ...process.env, npm_config_cache: path.join(dir, '.npm-cache') } },
    ).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect({ code: 'code' in out ? out.code : 0, errors: out.stderr.match(/^npm error .*/gm) ?? [] }).toEqual(
      {
        code: 0,
        errors: [],
      },
    );
    expect(out.stdout).toMatch(/added \d+ packages/);
    for (const file of ['package.json', 'package-lock.json']) {
      expect(readFileSync(path.join(dir, file)).equals(readFileSync(file))).toBe(true);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

test('the same check fails when a platform binary is left out (the lockfile a mirror would write)', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lockfile-'));
  try {
    copyFileSync('package.json', path.join(dir, 'package.json'));
    const partial = structuredClone(lock);
    delete partial.packages['node_modules/@biomejs/cli-darwin-arm64'];
    writeFileSync(path.join(dir, 'package-lock.json'), `${JSON.stringify(partial, null, 2)}\n`);
    const out = await run(
      'npm',
      ['ci', '--dry-run', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'],
      {
        cwd: dir,
        env: { ...process.env, npm_config_cache: path.join(dir, '.npm-cache') },
      },
    ).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect('code' in out && out.code).not.toBe(0);
    expect(out.stderr).toMatch(/npm error/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
