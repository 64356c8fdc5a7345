/**
 * scripts/ensure-deps.mjs in a scratch project, with an `npm` on PATH that installs as a real one does (package
 * folders and npm's record node_modules/.package-lock.json) without a registry: `npm start`'s install leaves the
 * test packages out, `npm test`'s adds them without reinstalling, a changed lockfile reinstalls, a refused
 * lockfile falls back without the committed file changing, progress is reported, warnings are explained.
 * test/foundation/lockfile.test.ts checks the real lockfile with the real npm.
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Installs what the lockfile lists for the flags given (optional packages are another platform's). */
const FAKE_NPM = `#!/usr/bin/env node
const fs = require('node:fs');
const path = require('node:path');
const args = process.argv.slice(2);
fs.appendFileSync(process.env.CALLS, args.join(' ') + '\\n');
const mode = process.env.FAKE_NPM ?? '';
if (mode === 'fail') { console.error('npm error network down'); process.exit(1); }
if (mode === 'refuse-ci' && args[0] === 'ci') {
  console.error('npm error code EUSAGE');
  console.error('npm error \`npm ci\` can only install packages when your package.json and package-lock.json are in sync.');
  console.error('npm error Missing: @biomejs/cli-darwin-arm64@2.6.8 from lock file');
  console.error('npm error A complete log of this run can be found in: /x.log');
  process.exit(1);
}
if (mode === 'warn') {
  console.error("npm warn EBADENGINE Unsupported engine {");
  console.error("npm warn EBADENGINE   package: '@middy/core@7.9.2',");
  console.error("npm warn EBADENGINE   required: { node: '>=22' },");
  console.error("npm warn EBADENGINE }");
  console.error('npm warn deprecated old-thing@1.0.0: use new-thing');
}
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')).packages;
const withDev = !args.includes('--omit=dev');
const hidden = path.join('node_modules', '.package-lock.json');
const kept = args[0] === 'ci' || !fs.existsSync(hidden) ? {} : JSON.parse(fs.readFileSync(hidden, 'utf8')).packages;
if (args[0] === 'ci') fs.rmSync('node_modules', { recursive: true, force: true });
const installed = { ...kept };
const entries = Object.entries(lock).filter(([p, e]) => p && !e.optional && (withDev || !(e.dev || e.devOptional)));
(async () => {
  for (const [p, e] of entries) {
    fs.mkdirSync(p, { recursive: true });
    fs.writeFileSync(path.join(p, 'package.json'), JSON.stringify({ version: e.version }));
    installed[p] = { version: e.version };
    if (mode === 'slow') await new Promise((r) => setTimeout(r, 150));
  }
  fs.writeFileSync(hidden, JSON.stringify({ packages: installed }));
  if (mode === 'refuse-ci') fs.writeFileSync('package-lock.json', '{"rewritten": true}\\n');
  console.log('added ' + entries.length + ' packages in 0s');
})();
`;

interface Lock {
  lockfileVersion: number;
  packages: Record<
    string,
    { name?: string; version?: string; dev?: boolean; optional?: boolean; devOptional?: boolean }
  >;
}

const LOCK: Lock = {
  lockfileVersion: 3,
  packages: {
    '': { name: 'scratch' },
    'node_modules/a': { version: '1.0.0' },
    'node_modules/b': { version: '2.0.0', dev: true },
    'node_modules/c-darwin': { version: '1.0.0', optional: true },
    'node_modules/d': { version: '1.0.0', dev: true, optional: true },
    'node_modules/e': { version: '3.0.0', devOptional: true },
  },
};

interface Scratch {
  dir: string;
  calls: () => string[];
  ensure: (mode: 'start' | 'all', fake?: string) => Promise<{ stdout: string; stderr: string }>;
}

function scratch(): Scratch {
  const dir = mkdtempSync(path.join(tmpdir(), 'ensure-deps-'));
  mkdirSync(path.join(dir, 'scripts'));
  mkdirSync(path.join(dir, 'bin'));
  writeFileSync(
    path.join(dir, 'scripts', 'ensure-deps.mjs'),
    readFileSync('scripts/ensure-deps.mjs', 'utf8'),
  );
  writeFileSync(path.join(dir, 'package-lock.json'), `${JSON.stringify(LOCK, null, 2)}\n`);
  writeFileSync(path.join(dir, 'package.json'), '{"name":"scratch"}\n');
  const calls = path.join(dir, 'calls.log');
  writeFileSync(calls, '');
  writeFileSync(path.join(dir, 'bin', 'npm'), FAKE_NPM);
  chmodSync(path.join(dir, 'bin', 'npm'), 0o755);
  return {
    dir,
    calls: () => readFileSync(calls, 'utf8').split('\n').filter(Boolean),
    ensure: (mode, fake = '') =>
      run(
        process.execPath,
        [path.join(dir, 'scripts', 'ensure-deps.mjs'), ...(mode === 'start' ? ['start'] : [])],
        {
          cwd: dir,
          env: {
            PATH: `${path.join(dir, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
            CALLS: calls,
            FAKE_NPM: fake,
            ENSURE_DEPS_PROGRESS_MS: '100',
          },
        },
      ),
  };
}

const installed = (dir: string, name: string) =>
  existsSync(path.join(dir, 'node_modules', name, 'package.json'));

test('npm start installs its packages only; npm test adds the rest in place; nothing when complete', async () => {
  const s = scratch();
  try {
    const first = await s.ensure('start');
    expect(first.stdout).toContain('Installing 1 package from package-lock.json (what npm start needs');
    expect(first.stdout).toMatch(/Dependencies installed in \d+\.\d s\./);
    expect(s.calls()).toEqual(['ci --no-audit --no-fund --omit=dev']);
    expect([installed(s.dir, 'a'), installed(s.dir, 'b'), installed(s.dir, 'e')]).toEqual([
      true,
      false,
      false,
    ]);
    expect((await s.ensure('start')).stdout).toBe('');
    expect(s.calls()).toHaveLength(1);

    const tests = await s.ensure('all');
    expect(tests.stdout).toContain("Adding 2 packages from package-lock.json (the tests' packages)");
    expect(s.calls()[1]).toBe('install --no-save --no-audit --no-fund --include=dev');
    expect([installed(s.dir, 'b'), installed(s.dir, 'e'), installed(s.dir, 'c-darwin')]).toEqual([
      true,
      true,
      false,
    ]);
    expect((await s.ensure('all')).stdout).toBe('');
    expect((await s.ensure('start')).stdout).toBe('');
    expect(s.calls()).toHaveLength(2);

    // A changed lockfile installs afresh, and a full install stays full.
    const changed = structuredClone(LOCK);
    changed.packages['node_modules/a'] = { version: '1.1.0' };
    writeFileSync(path.join(s.dir, 'package-lock.json'), JSON.stringify(changed));
    await s.ensure('start');
    expect(s.calls()[2]).toBe('ci --no-audit --no-fund --include=dev');
    expect(installed(s.dir, 'b')).toBe(true);
  } finally {
    rmSync(s.dir, { recursive: true, force: true });
  }
}, 60_000);

test('npm ci refusing the lockfile: the reason is printed, npm install runs, the committed lockfile stays', async () => {
  const s = scratch();
  const before = readFileSync(path.join(s.dir, 'package-lock.json'));
  try {
    const out = await s.ensure('all', 'refuse-ci');
    expect(out.stdout).toContain('npm ci refused the lockfile:');
    expect(out.stdout).toContain('are in sync');
    expect(out.stdout).toContain('Missing: @biomejs/cli-darwin-arm64@2.6.8');
    expect(out.stdout).not.toContain('complete log');
    expect(out.stdout).toContain('Installing the locked versions with npm install --no-save instead.');
    expect(out.stdout).toContain('npm install rewrote package-lock.json; the committed file is restored.');
    expect(s.calls().map((line) => line.split(' ')[0])).toEqual(['ci', 'install']);
    expect(s.calls()[1]).toContain('--no-save');
    expect(readFileSync(path.join(s.dir, 'package-lock.json')).equals(before)).toBe(true);
    // Installed now: the next run installs nothing.
    expect((await s.ensure('all')).stdout).toBe('');
    expect(s.calls()).toHaveLength(2);
  } finally {
    rmSync(s.dir, { recursive: true, force: true });
  }
}, 60_000);

test('progress: packages on disk and the time left, while npm runs', async () => {
  const s = scratch();
  try {
    const bigger = structuredClone(LOCK);
    for (let i = 0; i < 12; i += 1) bigger.packages[`node_modules/p${i}`] = { version: '1.0.0' };
    writeFileSync(path.join(s.dir, 'package-lock.json'), JSON.stringify(bigger));
    const out = await s.ensure('start', 'slow');
    expect(out.stdout).toMatch(/ {2}\d+\/13 packages, \d+\.\d s, about \d+ s left\n/);
  } finally {
    rmSync(s.dir, { recursive: true, force: true });
  }
}, 60_000);

test('EBADENGINE warnings become one explained line; other warnings pass through; a failed install fails', async () => {
  const s = scratch();
  try {
    const out = await s.ensure('start', 'warn');
    expect(out.stdout).toMatch(/Note: @middy\/core declare Node 22 .*`npm test` runs the suite on Node 22/);
    expect(out.stderr).not.toContain('EBADENGINE');
    expect(out.stderr).toContain('npm warn deprecated old-thing');
  } finally {
    rmSync(s.dir, { recursive: true, force: true });
  }
  const failing = scratch();
  try {
    const failed = await failing
      .ensure('all', 'fail')
      .catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect('code' in failed && failed.code).toBe(1);
    expect(`${failed.stdout}${failed.stderr}`).toContain('npm error network down');
    expect(existsSync(path.join(failing.dir, 'node_modules', '.package-lock.json'))).toBe(false);
  } finally {
    rmSync(failing.dir, { recursive: true, force: true });
  }
}, 60_000);
