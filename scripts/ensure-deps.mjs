// Installs dependencies from the lockfile when node_modules is missing or older than package-lock.json,
// so that `npm start` and `npm test` work as the very first command on a fresh clone.
//
// `npm ci` is tried first. Registry mirrors that omit other platforms' optional binaries
// (@biomejs/cli-darwin-*, @duckdb/node-bindings-win32-*, ...) make npm write a lockfile without
// them, which `npm ci` then rejects as out of sync; `npm install` installs the same locked
// versions and skips the missing optional packages, so it is the fallback.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const lock = join(root, 'package-lock.json');
const stamp = join(root, 'node_modules', '.ensure-deps-stamp');
const digestOf = () => createHash('sha256').update(readFileSync(lock)).digest('hex');

const current = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
if (current !== digestOf()) {
  process.stdout.write('Installing dependencies from package-lock.json...\n');
  try {
    execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: ['ignore', 'inherit', 'pipe'] });
  } catch {
    process.stdout.write('npm ci refused the lockfile; installing the locked versions with npm install\n');
    execSync('npm install --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
  }
  writeFileSync(stamp, `${digestOf()}\n`);
}
