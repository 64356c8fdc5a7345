/**
 * Builds the widget's static assets into `functions/web/dist/` (served at `/embed/assets/`): the entry
 * `embed-chat.js` (fixed name, short cache), content-hashed chunks under `chunks/` (Vega and friends,
 * loaded when the first chart appears; cache forever), the page stylesheet and the example page.
 * The local service calls it on start; the stack deploys the directory to the assets bucket.
 */
import { createHash, randomUUID } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { ENTRY_SCRIPT, PAGE_STYLESHEET } from './page';

const here = dirname(fileURLToPath(import.meta.url));

/** The output directory of the build (gitignored). */
export const webAssetsDir: string = join(here, 'dist');

/** Cache-Control for a file under webAssetsDir, by its path relative to that directory. */
export function assetCacheControl(relativePath: string): string {
  return relativePath.startsWith('chunks/')
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=300, must-revalidate';
}

const STAMP = '.build-stamp';

/** A digest of everything the output depends on: widget and client sources, static files, library versions. */
async function sourceDigest(): Promise<string> {
  const hash = createHash('sha256');
  const widget = join(here, 'widget');
  const files = (await readdir(widget)).sort().map((name) => join(widget, name));
  for (const file of [
    ...files,
    join(here, 'page.css'),
    join(here, 'example.html'),
    join(here, 'example.css'),
    join(here, 'page.ts'),
    // The wire protocol the widget shares with the service, and the typed client it calls the service with.
    join(here, '..', 'protocol.ts'),
    join(here, '..', '..', 'packages', 'client', 'src', 'index.ts'),
  ]) {
    hash.update(file).update(await readFile(file));
  }
  for (const name of ['vega', 'vega-lite', 'vega-embed', 'esbuild']) {
    const manifest = join(here, '..', '..', 'node_modules', name, 'package.json');
    hash.update(await readFile(manifest).catch(() => name));
  }
  return hash.digest('hex');
}

async function bundleInto(outdir: string): Promise<void> {
  await build({
    entryPoints: { [ENTRY_SCRIPT.replace(/\.js$/, '')]: join(here, 'widget', 'index.ts') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox111', 'safari16.4'],
    minify: true,
    sourcemap: 'linked',
    chunkNames: 'chunks/[name]-[hash]',
    entryNames: '[name]',
    loader: { '.css': 'text' },
    legalComments: 'linked',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  await copyFile(join(here, 'page.css'), join(outdir, PAGE_STYLESHEET));
  for (const file of ['example.html', 'example.css']) await copyFile(join(here, file), join(outdir, file));
}

let pending: Promise<void> | undefined;

/**
 * Bundles the widget (minified ES modules, code-split) and copies the static files. Skips the work when the
 * output already matches the sources; builds into a fresh directory and swaps it in, so that parallel test
 * workers and a running dev server never read a half-written directory.
 */
export async function buildWebAssets(): Promise<void> {
  pending ??= (async () => {
    const digest = await sourceDigest();
    const current = await readFile(join(webAssetsDir, STAMP), 'utf8').catch(() => '');
    if (current === digest) return;
    const staging = `${webAssetsDir}-${process.pid}-${randomUUID().slice(0, 8)}`;
    try {
      await mkdir(staging, { recursive: true });
      await bundleInto(staging);
      await writeFile(join(staging, STAMP), digest);
      const old = `${staging}-old`;
      await rename(webAssetsDir, old).catch(() => undefined);
      await rename(staging, webAssetsDir).catch(async (error: unknown) => {
        // Another process swapped in its build first: fine if it is the same one.
        const winner = await readFile(join(webAssetsDir, STAMP), 'utf8').catch(() => '');
        if (winner !== digest) throw error;
      });
      await rm(old, { recursive: true, force: true });
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  })();
  try {
    await pending;
  } catch (error) {
    pending = undefined;
    throw error;
  }
}
