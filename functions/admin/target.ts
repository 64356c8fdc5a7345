/**
 * Where the operator CLI points: DYNAMODB_ENDPOINT when set; else a running `npm start` of this checkout (it
 * writes `.local/service.json` while it runs); else AWS when credentials are configured; else an error that says
 * exactly what to set, instead of the SDK's credentials error.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface LocalServiceFile {
  baseUrl: string;
  port: number;
  dynamodbEndpoint: string;
  tableName: string;
  pid: number;
}

/**
 * The checkout's root: the nearest folder above this module with package-lock.json (functions/admin/ when run from
 * source, .local/cli/ when run from the CLI's bundle, scripts/admin.mjs).
 */
function checkoutRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package-lock.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

/** `.local/service.json` at the root of this checkout (whatever the working directory). */
export const serviceFilePath = () => path.join(checkoutRoot(), '.local', 'service.json');

/** `npm start` records itself; removed again on exit. */
export function writeServiceFile(info: LocalServiceFile, file = serviceFilePath()): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(info, null, 2)}\n`);
}

export function removeServiceFile(file = serviceFilePath()): void {
  rmSync(file, { force: true });
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export class TargetError extends Error {}

/** The environment the CLI's store should use, or a TargetError saying what to set. */
export function resolveTarget(
  env: NodeJS.ProcessEnv,
  file = serviceFilePath(),
): { env: Record<string, string>; note?: string } {
  if (env.DYNAMODB_ENDPOINT) return { env: {} };
  if (existsSync(file)) {
    const info = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalServiceFile>;
    if (typeof info.pid === 'number' && alive(info.pid) && info.dynamodbEndpoint && info.tableName) {
      return {
        env: { DYNAMODB_ENDPOINT: info.dynamodbEndpoint, TABLE_NAME: env.TABLE_NAME ?? info.tableName },
        note: `Using the running npm start (${info.baseUrl}): DYNAMODB_ENDPOINT=${info.dynamodbEndpoint} TABLE_NAME=${env.TABLE_NAME ?? info.tableName}`,
      };
    }
  }
  const awsCredentials =
    env.AWS_ACCESS_KEY_ID ||
    env.AWS_PROFILE ||
    env.AWS_WEB_IDENTITY_TOKEN_FILE ||
    env.AWS_CONTAINER_CREDENTIALS_FULL_URI ||
    env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI ||
    existsSync(path.join(env.HOME ?? '', '.aws', 'credentials'));
  if (awsCredentials) return { env: {} };
  throw new TargetError(
    [
      'No target: DYNAMODB_ENDPOINT is not set, no `npm start` of this checkout is running, and no AWS credentials are configured.',
      '  Local:  start the service with `npm start` in this folder (the CLI then finds it), or set',
      '          DYNAMODB_ENDPOINT=http://127.0.0.1:<port> TABLE_NAME=<table> (npm start prints both).',
      '  AWS:    set AWS_PROFILE (or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY), AWS_REGION and TABLE_NAME',
      '          (the stack output TableName).',
    ].join('\n'),
  );
}
