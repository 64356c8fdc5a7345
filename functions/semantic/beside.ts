/**
 * Packages a Lambda bundle keeps beside itself as single files, built at bundling (lib/bundling.ts, `SIDECARS`):
 * the SQL parser, which the parse worker loads from a file; pg, which only a PostgreSQL source needs (a cold start
 * without one never loads it). Outside a bundle the installed package is used. The bundling hook ships a sidecar
 * when the bundle's text names its file, so each file name is a constant of the module that loads it
 * (test/stack/bundling.test.ts runs each from beside a built bundle).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** This module's URL (a CommonJS build under some test runners has no import.meta.url, but has __filename). */
const here = (): string =>
  typeof import.meta.url === 'string'
    ? import.meta.url
    : pathToFileURL(typeof __filename === 'string' ? __filename : '.').href;

/** The sidecar `file` beside the bundle when there is one, else the installed `pkg`'s entry. */
export function besideOrInstalled(file: string, pkg: string): string {
  const beside = fileURLToPath(new URL(`./${file}`, here()));
  if (existsSync(beside)) return beside;
  return createRequire(here()).resolve(pkg);
}

/** Loads a CommonJS sidecar (or its installed package) now. */
export function requireSidecar<T>(file: string, pkg: string): T {
  return createRequire(here())(besideOrInstalled(file, pkg)) as T;
}
