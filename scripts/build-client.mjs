// Builds packages/client/dist from its src/: ESM (index.js) and CommonJS (index.cjs) with esbuild, and their
// declarations (index.d.ts, index.d.cts) with tsc. The dist is committed, so `npm install <checkout>/packages/client`
// needs no build step; test/client/package.test.ts fails when it differs from a fresh build (`npm run client:build`).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PACKAGE = join(ROOT, 'packages', 'client');
export const CLIENT_DIST = join(PACKAGE, 'dist');

const HEADER =
  '// Built by `npm run client:build` (scripts/build-client.mjs) from packages/client/src: do not edit.';

/** Writes the package's dist into `outDir` (default: the committed one). */
export async function buildClient(outDir = CLIENT_DIST) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const [format, file] of [
    ['esm', 'index.js'],
    ['cjs', 'index.cjs'],
  ]) {
    await build({
      absWorkingDir: PACKAGE,
      entryPoints: ['src/index.ts'],
      outfile: join(outDir, file),
      bundle: true,
      format,
      platform: 'neutral',
      target: 'es2022',
      banner: { js: HEADER },
      logLevel: 'warning',
    });
  }
  const types = mkdtempSync(join(tmpdir(), 'client-types-'));
  try {
    const tsc = spawnSync(
      process.execPath,
      [
        join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
        '-p',
        join(PACKAGE, 'tsconfig.json'),
        '--emitDeclarationOnly',
        '--outDir',
        types,
      ],
      { encoding: 'utf8' },
    );
    if (tsc.status !== 0) throw new Error(`tsc failed:\n${tsc.stdout}${tsc.stderr}`);
    for (const file of readdirSync(types).filter((name) => name.endsWith('.d.ts'))) {
      const text = `${HEADER}\n${readFileSync(join(types, file), 'utf8')}`;
      writeFileSync(join(outDir, file), text);
      // The CommonJS entry's declarations: the same, naming each other as .cjs files.
      writeFileSync(
        join(outDir, file.replace(/\.d\.ts$/, '.d.cts')),
        text.replace(/(from\s+['"]\.\/[\w.-]+)\.js(['"])/g, '$1.cjs$2'),
      );
    }
  } finally {
    rmSync(types, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildClient();
  process.stdout.write(`built ${CLIENT_DIST}\n`);
}
