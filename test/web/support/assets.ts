import { readFileSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { assetCacheControl } from '../../../functions/web/build';

const MIME: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/** Serves one built asset with its cache policy; false when there is no such file. */
export function serveAsset(res: ServerResponse, dir: string, path: string): boolean {
  const file = normalize(join(dir, path));
  if (!file.startsWith(normalize(dir) + sep)) return false;
  try {
    if (!statSync(file).isFile()) return false;
  } catch {
    return false;
  }
  res.writeHead(200, {
    'content-type': MIME[extname(file)] ?? 'application/octet-stream',
    'cache-control': assetCacheControl(path),
  });
  res.end(readFileSync(file));
  return true;
}
