/**
 * `npm start`: the whole service on http://127.0.0.1:$PORT, with DynamoDB Local and the demo seed.
 * Configuration (README, "Configuration"): PORT, DYNAMODB_ENDPOINT, DATA_DIR, TABLE_NAME, MODEL_PROVIDER,
 * OFFLINE_DELAY_MS, DEMO_API_KEY, DEMO_MEMBER_API_KEY, DEMO_STARTER_API_KEY.
 * Each step says what it does and about how long is left (from the last start's times, kept in .local/).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { removeServiceFile, writeServiceFile } from '../functions/admin/target';
import { startLocalService } from '../functions/local/service';
import { ensureSampleDatabase } from '../functions/semantic';
import { type DynamoDbLocal, JavaMissingError, startDynamoDbLocal } from '../functions/store/dynamodb-local';
import { startSteps } from './start-steps';

async function webAssets(): Promise<string | undefined> {
  const buildModule = new URL('../functions/web/build.ts', import.meta.url);
  if (!existsSync(buildModule)) return undefined;
  const web = (await import(buildModule.href)) as {
    buildWebAssets: () => Promise<void>;
    webAssetsDir: string;
  };
  await web.buildWebAssets();
  return web.webAssetsDir;
}

let dynamo: DynamoDbLocal | undefined;

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 4000);
  const dataDir = process.env.DATA_DIR;
  const external = process.env.DYNAMODB_ENDPOINT;
  const steps = startSteps(
    [
      { id: 'widget', label: 'Building the chat widget' },
      ...(external ? [] : [{ id: 'dynamodb', label: 'Starting DynamoDB Local (Java)' }]),
      { id: 'seed', label: 'Creating the table and the demo seed' },
      { id: 'sample', label: 'Preparing the sample orders (DuckDB)' },
    ],
    process.stdout,
  );
  const assetsDir = await steps.run('widget', webAssets);
  const endpoint =
    external ??
    (await steps.run('dynamodb', async () => {
      dynamo = await startDynamoDbLocal(dataDir ? { dataDir: join(dataDir, 'dynamodb') } : {});
      return dynamo.endpoint;
    }));
  const service = await steps.run('seed', () =>
    startLocalService({
      port,
      dynamodbEndpoint: endpoint,
      ...(dataDir ? { dataDir } : {}),
      ...(process.env.TABLE_NAME ? { tableName: process.env.TABLE_NAME } : {}),
      ...(assetsDir ? { assetsDir } : {}),
      keys: {
        ...(process.env.DEMO_API_KEY ? { demo: process.env.DEMO_API_KEY } : {}),
        ...(process.env.DEMO_MEMBER_API_KEY ? { demoMember: process.env.DEMO_MEMBER_API_KEY } : {}),
        ...(process.env.DEMO_STARTER_API_KEY ? { starter: process.env.DEMO_STARTER_API_KEY } : {}),
      },
    }),
  );
  // Built now rather than by the first question (it is cached in DATA_DIR or the temp folder).
  await steps.run('sample', () => ensureSampleDatabase());
  steps.finish();
  const shown = (name: 'demo' | 'demoMember' | 'starter') =>
    service.generatedKeys.includes(name) ? `${service.keys[name]}  (generated)` : '(from environment)';
  process.stdout.write(
    [
      '',
      `Embedded analytics is running at ${service.baseUrl}`,
      `  DynamoDB:            ${service.dynamodbEndpoint} (table ${service.store.tableName})`,
      `  model provider:      ${process.env.MODEL_PROVIDER ?? 'offline'}`,
      `  demo admin key:      ${shown('demo')}`,
      `  demo member key:     ${shown('demoMember')}`,
      `  starter admin key:   ${shown('starter')}`,
      ...(service.generatedKeys.length > 0
        ? [
            '',
            '  Generated keys change on every start. To pin them, start with e.g.',
            `  DEMO_API_KEY=${service.keys.demo} DEMO_MEMBER_API_KEY=${service.keys.demoMember} DEMO_STARTER_API_KEY=${service.keys.starter} npm start`,
          ]
        : []),
      '',
      `  npm run admin -- account list   (finds this service through .local/service.json)`,
      '',
      `  curl ${service.baseUrl}/health`,
      '',
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
  writeServiceFile({
    baseUrl: service.baseUrl,
    port: Number(new URL(service.baseUrl).port),
    dynamodbEndpoint: service.dynamodbEndpoint,
    tableName: service.store.tableName,
    pid: process.pid,
  });
  process.on('exit', () => removeServiceFile());
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await service.stop();
    await dynamo?.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch(async (error: unknown) => {
  await dynamo?.stop().catch(() => undefined);
  if (error instanceof JavaMissingError) process.stderr.write(`\n${error.message}\n`);
  else
    process.stderr.write(
      `\nCould not start the local service: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  process.exit(1);
});
