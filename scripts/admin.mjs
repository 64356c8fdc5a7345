// `npm run admin -- <command>`: runs bin/admin.ts from a bundle in .local/cli/, which esbuild rebuilds (about a
// second) whenever one of its sources or the installed packages changed. Plain Node loads it in a fraction of the
// TypeScript loader's start-up, and `--help` loads only the help text (README, "Operator CLI").
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureDeps } from './ensure-deps.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, '.local', 'cli');
const MANIFEST = 'inputs.json';
/** Installed packages change with this file (npm rewrites it on every install). */
const INSTALLED = join('node_modules', '.package-lock.json');

const mtime = (file) => {
  try {
    return statSync(join(ROOT, file)).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
};

/** Whether the bundle in `dir` was built after its every source file and the last install. */
export function isFresh(dir = OUT) {
  const manifest = join(dir, MANIFEST);
  if (!existsSync(manifest)) return false;
  const { builtAt, inputs } = JSON.parse(readFileSync(manifest, 'utf8'));
  return [...inputs, INSTALLED, 'scripts/admin.mjs'].every((file) => mtime(file) <= builtAt);
}

/**
 * Bundles bin/admin.ts into `dir` (ESM, split so that the commands load only when one runs). The AWS SDK is
 * bundled; DuckDB's native binding and pg's never-installed optional peer stay outside.
 */
export async function buildCli(dir = OUT) {
  const { build } = await import('esbuild');
  const builtAt = Date.now();
  const scratch = `${dir}.${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { admin: 'bin/admin.ts' },
    outdir: scratch,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Smaller to parse; names kept so that a stack trace (--verbose) stays readable.
    minifySyntax: true,
    minifyWhitespace: true,
    mainFields: ['module', 'main'],
    external: ['@duckdb/node-api', 'pg-native'],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    metafile: true,
    logLevel: 'warning',
  });
  const inputs = Object.keys(result.metafile.inputs).filter((file) => !file.includes('node_modules/'));
  writeFileSync(join(scratch, MANIFEST), `${JSON.stringify({ builtAt, inputs }, null, 1)}\n`);
  // Another CLI started at the same moment may have built it too: either bundle will do.
  rmSync(dir, { recursive: true, force: true });
  try {
    renameSync(scratch, dir);
  } catch {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // Progress of a first install goes to stderr: stdout carries the command's JSON alone.
  if (!(await ensureDeps('start', { out: process.stderr }))) process.exit(1);
  if (!isFresh()) {
    if (process.argv.includes('--verbose')) {
      process.stderr.write(`Building the CLI into ${relative(process.cwd(), OUT) || '.'}...\n`);
    }
    mkdirSync(join(ROOT, '.local'), { recursive: true });
    await buildCli();
  }
  await import(pathToFileURL(join(OUT, 'admin.mjs')).href);
}
