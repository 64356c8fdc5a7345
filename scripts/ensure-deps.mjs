// Installs what package-lock.json pins when node_modules lacks it, so that `npm start` and `npm test` work as the
// very first command on a fresh clone (README, "Two commands").
//
//   node scripts/ensure-deps.mjs start   what `npm start` and the CLI need: the lockfile's `dependencies`
//   node scripts/ensure-deps.mjs         everything (tests, lint, types, the CDK): `devDependencies` too
//
// Whether node_modules is complete is read from npm's own record of what it installed
// (node_modules/.package-lock.json) against the lockfile: nothing is installed when every package the mode needs
// is there at the locked version. A first `npm start` installs only `dependencies` (about a third of the bytes);
// the first `npm test` adds the rest with `npm install --no-save`, which leaves what is installed in place.
//
// `npm ci` is tried first. Should it refuse the lockfile (a registry mirror that omits other platforms' optional
// binaries makes npm call a lockfile incomplete), `npm install --no-save` installs the same locked versions
// instead; the committed package-lock.json is never rewritten (restored byte for byte should npm touch it).
// test/foundation/lockfile.test.ts fails when `npm ci` would refuse the committed lockfile.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Lockfile entries the mode installs: never other platforms' optional packages; `start` leaves out dev ones. */
function needed(entry, mode) {
  if (entry.optional || entry.link) return false;
  return mode === 'all' || !(entry.dev || entry.devOptional);
}

/** What the mode needs that node_modules lacks, and whether what is there differs from the lockfile. */
export function installState(root = ROOT, mode = 'all') {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages ?? {};
  const hiddenFile = join(root, 'node_modules', '.package-lock.json');
  const installed = existsSync(hiddenFile)
    ? (JSON.parse(readFileSync(hiddenFile, 'utf8')).packages ?? {})
    : undefined;
  const wanted = Object.entries(lock).filter(([path, entry]) => path !== '' && needed(entry, mode));
  const missing = wanted
    .filter(([path, entry]) => installed?.[path]?.version !== entry.version)
    .map(([p]) => p);
  // Installed at another version, or no longer in the lockfile: the lockfile changed, install it afresh.
  const stale =
    installed === undefined ||
    Object.entries(installed).some(([path, entry]) => lock[path]?.version !== entry.version);
  const hasDev = Object.keys(installed ?? {}).some((path) => lock[path]?.dev === true);
  return { wanted: wanted.map(([p]) => p), missing, stale, hasDev };
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const count = (n) => `${n} package${n === 1 ? '' : 's'}`;

/**
 * Runs npm, keeping its output (shown when it fails or warns), and reports progress meanwhile: how many of the
 * packages are on disk and, from the rate so far, about how long is left. On a terminal one line is redrawn;
 * otherwise a line every ENSURE_DEPS_PROGRESS_MS (10 s).
 */
function npm(args, { root, packages, out }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      // npm is npm.cmd on Windows, which only a shell runs.
      shell: process.platform === 'win32',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const tty = out.isTTY === true;
    const every = tty ? 1000 : Number(process.env.ENSURE_DEPS_PROGRESS_MS ?? 10_000);
    const timer = setInterval(() => {
      const done = packages.filter((path) => existsSync(join(root, path, 'package.json'))).length;
      const elapsed = Date.now() - started;
      const left =
        done >= packages.length
          ? 'running install scripts'
          : done < packages.length / 10
            ? 'downloading'
            : `about ${Math.max(1, Math.round(((elapsed / done) * (packages.length - done)) / 1000))} s left`;
      const line = `  ${done}/${packages.length} packages, ${seconds(elapsed)}, ${left}`;
      out.write(tty ? `\r\x1b[2K${line}` : `${line}\n`);
    }, every);
    child.on('close', (code) => {
      clearInterval(timer);
      if (tty) out.write('\r\x1b[2K');
      resolve({ ok: code === 0, stdout, stderr, ms: Date.now() - started });
    });
    child.on('error', (error) => {
      stderr += String(error);
    });
  });
}

/**
 * Passes npm's warnings on, except EBADENGINE on a Node older than 22: this project and some of its packages
 * (@middy/* 7, dependency-cruiser) declare Node 22, which Lambda runs and `npm test` runs the suite on. Those are
 * named in one line that says so, instead of a screen of warnings a new user would worry about.
 */
function relay(stderr, out, err) {
  const lines = stderr.split('\n').filter((line) => line.trim() !== '');
  const engine = new Set();
  const others = [];
  for (const line of lines) {
    const pkg = /EBADENGINE.*package: '(.+)@[^@']+'/.exec(line);
    if (pkg?.[1]) engine.add(pkg[1]);
    else if (!/^npm warn EBADENGINE/.test(line)) others.push(line);
  }
  if (others.length > 0) err.write(`${others.join('\n')}\n`);
  if (engine.size > 0) {
    out.write(
      `Note: ${[...engine].join(', ')} declare Node 22 (npm's EBADENGINE); this is Node ${process.versions.node}. ` +
        '`npm start` runs on Node 20.19+; `npm test` runs the suite on Node 22 and installs it when needed ' +
        '(README, "Two commands").\n',
    );
  }
}

/** The first lines of npm's error output that say why it failed, without its log-file boilerplate. */
const reasonOf = (stderr) =>
  stderr
    .split('\n')
    .filter((line) => /^npm (error|ERR!)/.test(line) && !/complete log|npm help|^npm error\s*$/.test(line))
    .slice(0, 15)
    .join('\n');

/** Installs what `mode` needs when something is missing; resolves false when npm failed. */
export async function ensureDeps(
  mode = 'all',
  { root = ROOT, out = process.stdout, err = process.stderr } = {},
) {
  const state = installState(root, mode);
  if (state.missing.length === 0 && !state.stale) return true;
  // A full install stays full: `start` after `npm test` keeps the test packages.
  const full = mode === 'all' || state.hasDev;
  const scope = full ? ['--include=dev'] : ['--omit=dev'];
  const packages = full ? installState(root, 'all').wanted : state.wanted;
  const common = ['--no-audit', '--no-fund', ...scope];
  let run;
  if (state.stale) {
    out.write(
      `Installing ${count(packages.length)} from package-lock.json (${
        full ? 'everything the tests need' : 'what npm start needs; npm test adds the rest'
      })...\n`,
    );
    run = await npm(['ci', ...common], { root, packages, out });
  } else {
    out.write(`Adding ${count(state.missing.length)} from package-lock.json (the tests' packages)...\n`);
    run = await npm(['install', '--no-save', ...common], { root, packages, out });
  }
  if (!run.ok && state.stale) {
    out.write(
      `npm ci refused the lockfile:\n${reasonOf(run.stderr) || run.stderr.trim() || '(npm printed no reason)'}\n` +
        'Installing the locked versions with npm install --no-save instead.\n',
    );
    run = await installKeepingLockfile(['install', '--no-save', ...common], { root, packages, out });
  }
  if (!run.ok) {
    err.write(run.stderr);
    return false;
  }
  relay(run.stderr, out, err);
  out.write(`Dependencies installed in ${seconds(run.ms)}.\n`);
  return true;
}

/** `npm install`, with package.json and package-lock.json put back byte for byte should npm rewrite them. */
async function installKeepingLockfile(args, options) {
  const files = ['package-lock.json', 'package.json'].map((name) => join(options.root, name));
  const before = files.map((file) => readFileSync(file));
  const run = await npm(args, options);
  files.forEach((file, index) => {
    if (!readFileSync(file).equals(before[index])) {
      writeFileSync(file, before[index]);
      options.out.write(`npm install rewrote ${basename(file)}; the committed file is restored.\n`);
    }
  });
  return run;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const mode = process.argv[2] === 'start' ? 'start' : 'all';
  if (!(await ensureDeps(mode))) process.exit(1);
}
