/**
 * scripts/ensure-deps.mjs in a scratch copy of the project, with an `npm` on PATH that answers as a real one
 * does in the two cases that matter (no registry is contacted): `npm ci` refusing the lockfile must say why
 * and fall back to `npm install`; EBADENGINE warnings of a successful install are summarised in one line.
 */
import { execFile } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

function scratch(npmScript: string): { dir: string; env: NodeJS.ProcessEnv; calls: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'ensure-deps-'));
  mkdirSync(path.join(dir, 'scripts'));
  mkdirSync(path.join(dir, 'node_modules'));
  mkdirSync(path.join(dir, 'bin'));
  copyFileSync('scripts/ensure-deps.mjs', path.join(dir, 'scripts', 'ensure-deps.mjs'));
  writeFileSync(path.join(dir, 'package-lock.json'), '{"lockfileVersion":3}\n');
  const calls = path.join(dir, 'calls.log');
  writeFileSync(path.join(dir, 'bin', 'npm'), `#!/bin/sh\necho "$@" >> ${calls}\n${npmScript}\n`);
  chmodSync(path.join(dir, 'bin', 'npm'), 0o755);
  return { dir, env: { PATH: `${path.join(dir, 'bin')}:${process.env.PATH ?? ''}` }, calls };
}

test('npm ci refusing the lockfile: the reason is printed, npm install runs, the stamp is written', async () => {
  const { dir, env, calls } = scratch(`case "$1" in
  ci) echo "npm error code EUSAGE" >&2
      echo "npm error \\\`npm ci\\\` can only install packages when your package.json and package-lock.json are in sync." >&2
      echo "npm error Missing: @biomejs/cli-darwin-arm64@2.6.8 from lock file" >&2
      echo "npm error A complete log of this run can be found in: /x.log" >&2
      exit 1 ;;
  install) exit 0 ;;
esac`);
  try {
    const out = await run(process.execPath, [path.join(dir, 'scripts', 'ensure-deps.mjs')], { env });
    expect(out.stdout).toContain('npm ci refused the lockfile:');
    expect(out.stdout).toContain('are in sync');
    expect(out.stdout).toContain('Missing: @biomejs/cli-darwin-arm64@2.6.8');
    expect(out.stdout).not.toContain('complete log');
    expect(out.stdout).toContain('Installing the locked versions with npm install instead.');
    expect(
      readFileSync(calls, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split(' ')[0]),
    ).toEqual(['ci', 'install']);
    expect(existsSync(path.join(dir, 'node_modules', '.ensure-deps-stamp'))).toBe(true);
    // Up to date now: a second run installs nothing.
    await run(process.execPath, [path.join(dir, 'scripts', 'ensure-deps.mjs')], { env });
    expect(readFileSync(calls, 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 30_000);

test('EBADENGINE warnings become one explained line; other warnings pass through; a failed install fails', async () => {
  const { dir, env } = scratch(`echo "npm warn EBADENGINE Unsupported engine {" >&2
echo "npm warn EBADENGINE   package: '@middy/core@7.9.2'," >&2
echo "npm warn EBADENGINE   required: { node: '>=22' }," >&2
echo "npm warn EBADENGINE   current: { node: 'v20.20.2', npm: '10.8.2' }" >&2
echo "npm warn EBADENGINE }" >&2
echo "npm warn deprecated old-thing@1.0.0: use new-thing" >&2`);
  try {
    const out = await run(process.execPath, [path.join(dir, 'scripts', 'ensure-deps.mjs')], { env });
    expect(out.stdout).toMatch(
      /Note: @middy\/core declare a newer Node than .*the tests run on 20, Lambda runs 22/,
    );
    expect(out.stderr).not.toContain('EBADENGINE');
    expect(out.stderr).toContain('npm warn deprecated old-thing');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const failing = scratch('echo "npm error network down" >&2; exit 1');
  try {
    const failed = await run(process.execPath, [path.join(failing.dir, 'scripts', 'ensure-deps.mjs')], {
      env: failing.env,
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect('code' in failed && failed.code).toBe(1);
    expect(failed.stdout).toContain('npm error network down');
    expect(existsSync(path.join(failing.dir, 'node_modules', '.ensure-deps-stamp'))).toBe(false);
  } finally {
    rmSync(failing.dir, { recursive: true, force: true });
  }
}, 30_000);
