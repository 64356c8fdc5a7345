// Installs dependencies from the lockfile when node_modules is missing or older than package-lock.json,
// so that `npm start` and `npm test` work as the very first command on a fresh clone.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const lock = join(root, 'package-lock.json');
const stamp = join(root, 'node_modules', '.ensure-deps-stamp');
const digest = createHash('sha256').update(readFileSync(lock)).digest('hex');

const current = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
if (current !== digest) {
  process.stdout.write('Installing dependencies from package-lock.json (npm ci)...\n');
  execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, `${digest}\n`);
}
