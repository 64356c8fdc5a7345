/**
 * Each Lambda's bundle, built with the stack's own esbuild options (lib/bundling.ts): its size, and its
 * cold init time, i.e. how long a fresh Node process takes to import it (median of 10 processes).
 * Budget for every non-chat function: under 300 KB and under 100 ms.
 */
import { spawn } from 'node:child_process';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { functionIds } from '../functions/routes';
import { entryOf, projectRoot, sharedBundling } from '../lib/bundling';
import { line, percentile, round } from './stats';

export const BUDGET_BYTES = 300 * 1024;
export const BUDGET_INIT_MS = 100;
const RUNS = 10;

/** Bundles land inside the repository so the few external packages (DuckDB) resolve from node_modules. */
const outRoot = path.join(projectRoot, 'node_modules', '.cache', 'bench-bundles');

/** Builds one entry module exactly as the stack does; returns the bundle file and its size in bytes. */
export async function buildBundle(entry: string, outDir: string): Promise<{ file: string; bytes: number }> {
  const options = sharedBundling(path.basename(entry, '.ts'));
  const file = path.join(outDir, options.outfile);
  await mkdir(outDir, { recursive: true });
  await build({
    entryPoints: [entry],
    bundle: true,
    outfile: file,
    target: options.target,
    format: options.format,
    platform: options.platform,
    minify: options.minify,
    sourcemap: options.sourcemap,
    sourcesContent: options.sourcesContent,
    mainFields: options.mainFields,
    banner: { js: options.banner },
    external: options.external,
    logLevel: 'silent',
  });
  return { file, bytes: (await stat(file)).size };
}

// Runs in the child: the time of the import alone, as Lambda's init phase would see it.
const importScript = `const t = performance.now(); await import(process.argv[1]); process.stdout.write(String(performance.now() - t));`;

/** Imports the bundle in a fresh Node process (with source maps on, as in Lambda); returns milliseconds. */
export function coldInit(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--enable-source-maps', '--input-type=module', '-e', importScript, pathToFileURL(file).href],
      {
        cwd: path.dirname(file),
        env: {
          PATH: process.env.PATH ?? '',
          AWS_REGION: 'us-east-1',
          TABLE_NAME: 'bench',
          LOG_LEVEL: 'silent',
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => {
      const ms = Number(out);
      if (code === 0 && Number.isFinite(ms)) resolve(ms);
      else reject(new Error(`importing ${file} failed (exit ${code}): ${err.trim().slice(0, 500)}`));
    });
  });
}

/** Builds and times every function; prints one line each and returns named figures. */
export async function run(): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  let overBudget = 0;
  let failed = 0;
  try {
    for (const id of functionIds()) {
      let measured: { bytes: number; times: number[] };
      try {
        const { file, bytes } = await buildBundle(entryOf(id), path.join(outRoot, id));
        const times: number[] = [];
        for (let i = 0; i < RUNS; i += 1) times.push(await coldInit(file));
        measured = { bytes, times };
      } catch (error) {
        // One broken entry must not hide the figures of the others.
        failed += 1;
        const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
        line(`bundle ${id}`, { failed: message ?? 'unknown error' });
        continue;
      }
      const { bytes, times } = measured;
      const initMs = round(percentile(times, 50), 1);
      const budgeted = id !== 'chat-stream';
      const within = bytes < BUDGET_BYTES && initMs < BUDGET_INIT_MS;
      if (budgeted && !within) overBudget += 1;
      line(`bundle ${id}`, {
        kb: round(bytes / 1024, 1),
        init_ms_p50: initMs,
        init_ms_max: round(Math.max(...times), 1),
        budget: budgeted ? (within ? 'ok' : 'OVER') : 'n/a',
      });
      figures[`bundle.${id}.bytes`] = bytes;
      figures[`bundle.${id}.initMs`] = initMs;
    }
  } finally {
    await rm(outRoot, { recursive: true, force: true });
  }
  figures['bundle.failed'] = failed;
  figures['bundle.overBudget'] = overBudget;
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().then(
    (figures) => {
      process.stdout.write(`${JSON.stringify(figures)}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
