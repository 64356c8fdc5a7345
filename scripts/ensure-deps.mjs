// Installs dependencies from the lockfile when node_modules is missing or older than package-lock.json,
// so that `npm start` and `npm test` work as the very first command on a fresh clone.
//
// `npm ci` is tried first. Registry mirrors that omit other platforms' optional binaries
// (@biomejs/cli-darwin-*, @duckdb/node-bindings-win32-*, ...) make npm write a lockfile without
// them, which `npm ci` then rejects as out of sync; `npm install` installs the same locked
// versions and skips the missing optional packages, so it is the fallback.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const lock = join(root, 'package-lock.json');
const stamp = join(root, 'node_modules', '.ensure-deps-stamp');
const digestOf = () => createHash('sha256').update(readFileSync(lock)).digest('hex');

/** Runs npm with its stdout shown and its stderr kept (to explain it). */
const npm = (args) => {
  const run = spawnSync('npm', args, { cwd: root, stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  return { ok: run.status === 0, stderr: run.stderr ?? String(run.error ?? '') };
};

/**
 * Passes npm's warnings on, except EBADENGINE: some packages (@middy/* 7, dependency-cruiser) declare Node 22+
 * while this project supports Node 20.19+ (its test suite runs on 20; Lambda runs 22). Those are named in one
 * line that says so, instead of a screen of warnings a new user would worry about.
 */
function relay(stderr) {
  const lines = stderr.split('\n').filter((line) => line.trim() !== '');
  const engine = new Set();
  const others = [];
  for (const line of lines) {
    const pkg = /EBADENGINE.*package: '(.+)@[^@']+'/.exec(line);
    if (pkg?.[1]) engine.add(pkg[1]);
    else if (!/^npm warn EBADENGINE/.test(line)) others.push(line);
  }
  if (others.length > 0) process.stderr.write(`${others.join('\n')}\n`);
  if (engine.size > 0) {
    process.stdout.write(
      `Note: ${[...engine].join(', ')} declare a newer Node than ${process.versions.node} (npm's EBADENGINE). ` +
        'They run on Node 20.19+: the tests run on 20, Lambda runs 22 (README, "Two commands").\n',
    );
  }
}

const current = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
if (current !== digestOf()) {
  process.stdout.write('Installing dependencies from package-lock.json...\n');
  const ci = npm(['ci', '--no-audit', '--no-fund']);
  if (ci.ok) relay(ci.stderr);
  else {
    // Say why (usually "package.json and package-lock.json ... are not in sync" and the packages it misses).
    const reason = ci.stderr
      .split('\n')
      .filter((line) => /^npm (error|ERR!)/.test(line) && !/complete log|npm help|^npm error\s*$/.test(line))
      .slice(0, 15)
      .join('\n');
    process.stdout.write(
      `npm ci refused the lockfile:\n${reason || ci.stderr.trim() || '(npm printed no reason)'}\n` +
        'Installing the locked versions with npm install instead.\n',
    );
    const install = npm(['install', '--no-audit', '--no-fund']);
    if (!install.ok) {
      process.stderr.write(install.stderr);
      process.exit(1);
    }
    relay(install.stderr);
  }
  writeFileSync(stamp, `${digestOf()}\n`);
}
