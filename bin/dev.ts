/**
 * `npm start`: the whole service on http://127.0.0.1:$PORT, with DynamoDB Local and the demo seed.
 * Configuration (README, "Configuration"): PORT, DYNAMODB_ENDPOINT, DATA_DIR, TABLE_NAME, MODEL_PROVIDER, OFFLINE_DELAY_MS,
 * DEMO_API_KEY, DEMO_MEMBER_API_KEY, DEMO_STARTER_API_KEY.
 */
import { existsSync } from 'node:fs';
import { removeServiceFile, writeServiceFile } from '../functions/admin/target';
import { startLocalService } from '../functions/local/service';
import { JavaMissingError } from '../functions/store/dynamodb-local';

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

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 4000);
  const assetsDir = await webAssets();
  const service = await startLocalService({
    port,
    ...(process.env.DYNAMODB_ENDPOINT ? { dynamodbEndpoint: process.env.DYNAMODB_ENDPOINT } : {}),
    ...(process.env.DATA_DIR ? { dataDir: process.env.DATA_DIR } : {}),
    ...(process.env.TABLE_NAME ? { tableName: process.env.TABLE_NAME } : {}),
    ...(assetsDir ? { assetsDir } : {}),
    keys: {
      ...(process.env.DEMO_API_KEY ? { demo: process.env.DEMO_API_KEY } : {}),
      ...(process.env.DEMO_MEMBER_API_KEY ? { demoMember: process.env.DEMO_MEMBER_API_KEY } : {}),
      ...(process.env.DEMO_STARTER_API_KEY ? { starter: process.env.DEMO_STARTER_API_KEY } : {}),
    },
  });
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
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof JavaMissingError) process.stderr.write(`\n${error.message}\n`);
  else
    process.stderr.write(
      `\nCould not start the local service: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  process.exit(1);
});
