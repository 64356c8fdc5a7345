/**
 * generate-session through the local HTTP service, beside floors measured in the same run on the same
 * DynamoDB Local: a bare PutItem of a similar size and the request's own writes replayed bare as one
 * TransactWriteItems (bench/floors.ts); and, to tell the service's own cost from loopback HTTP's, that transaction
 * behind a bare Node HTTP server.
 */
import { randomBytes } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { startLocalService } from '../functions/local/service';
import { accounts } from '../functions/store/accounts';
import { countRoundTrips } from '../functions/store/client';
import { startDynamoDbLocal } from '../functions/store/dynamodb-local';
import { keys } from '../functions/store/keys';
import { bareJsonServer, captureWrites, close, listen } from './floors';
import { line, percentile, round, runIfMain, timeConcurrent, timeSequential } from './stats';

export async function run(): Promise<Record<string, number>> {
  process.env.LOG_LEVEL = 'silent';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dynamo = await startDynamoDbLocal();
  const service = await startLocalService({ dynamodbEndpoint: dynamo.endpoint, models: {} });
  const { store } = service;
  // More sessions per minute than the default per-key rate allows; the floor replays the rate count too.
  await accounts.setRateLimit(store, 'demo', 'key.session', 1_000_000);
  const url = `${service.baseUrl}/api/v1/embed/generate-session`;
  const headers = { 'content-type': 'application/json', authorization: `Api-Key ${service.keys.demo}` };
  const body = (externalId: string) =>
    JSON.stringify({
      deploymentId: 1,
      externalId,
      groups: ['analysts'],
      userAttributes: [{ name: 'region', value: 'north' }],
    });
  const call = async (externalId: string) => {
    const response = await fetch(url, { method: 'POST', headers, body: body(externalId) });
    if (response.status !== 200)
      throw new Error(`generate-session answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  };

  try {
    // Existing users make the warm path; a first run creates them.
    const users = Array.from({ length: 50 }, (_, i) => `bench-user-${i}`);
    for (const user of users) await call(user);
    for (let i = 0; i < 50; i += 1) await call(users[i % users.length] ?? 'x');

    const counter = countRoundTrips(store);
    counter.reset();
    await call(users[0] ?? 'x');
    const warmTrips = counter.count;
    counter.reset();
    await call(`bench-new-${randomBytes(6).toString('hex')}`);
    const newTrips = counter.count;

    const concurrent = await timeConcurrent(500, 50, (i) => call(users[i % users.length] ?? 'x'));
    const fresh = await timeSequential(100, () => call(`bench-new-${randomBytes(6).toString('hex')}`));

    // Floors on the same DynamoDB Local.
    const table = store.tableName;
    const putItem = async () => {
      const id = randomBytes(32).toString('base64url');
      await store.doc.send(
        new PutCommand({
          TableName: table,
          Item: {
            ...keys.session(id),
            kind: 'bench',
            account: 'demo',
            deploymentId: 1,
            user: { kind: 'external', externalId: 'x' },
            createdAt: new Date().toISOString(),
            expiresAt: 1,
          },
        }),
      );
    };
    // The floor replays the very writes a warm request sends as one TransactWriteItems (a new session id each
    // time); the same behind a bare Node HTTP server (read the body, parse it, write, answer).
    const replay = await captureWrites(store, () => call(users[1] ?? 'x'));
    const bare = bareJsonServer(async () => ({ sessionId: await replay() }));
    const bareUrl = await listen(bare);
    const bareHttp = async (i: number) => {
      const response = await fetch(bareUrl, {
        method: 'POST',
        headers,
        body: body(users[i % users.length] ?? 'x'),
      });
      await response.arrayBuffer();
    };
    // 500 of each, interleaved in rounds of 50: DynamoDB Local (a JVM) speeds up as it runs, and whatever
    // else the machine does then hits the request and its floors alike.
    const sequential: number[] = [];
    const putFloor: number[] = [];
    const txFloor: number[] = [];
    const httpFloor: number[] = [];
    for (let round = 0; round < 10; round += 1) {
      sequential.push(...(await timeSequential(50, (i) => call(users[i % users.length] ?? 'x'))));
      txFloor.push(...(await timeSequential(50, replay)));
      httpFloor.push(...(await timeSequential(50, bareHttp)));
      putFloor.push(...(await timeSequential(50, putItem)));
    }
    await close(bare);

    const figures = {
      gs_seq_p50_ms: round(percentile(sequential, 50)),
      gs_seq_p99_ms: round(percentile(sequential, 99)),
      gs_conc50_p50_ms: round(percentile(concurrent.times, 50)),
      gs_conc50_p99_ms: round(percentile(concurrent.times, 99)),
      gs_conc50_rps: round(500 / (concurrent.wallMs / 1000), 0),
      gs_new_user_p50_ms: round(percentile(fresh, 50)),
      floor_putitem_p50_ms: round(percentile(putFloor, 50)),
      floor_transact_p50_ms: round(percentile(txFloor, 50)),
      floor_http_transact_p50_ms: round(percentile(httpFloor, 50)),
      gs_vs_http_transact_ratio: round(percentile(sequential, 50) / percentile(httpFloor, 50)),
      gs_vs_transact_ratio: round(percentile(sequential, 50) / percentile(txFloor, 50)),
      gs_vs_putitem_ratio: round(percentile(sequential, 50) / percentile(putFloor, 50)),
      gs_round_trips_warm: warmTrips,
      gs_round_trips_new_user: newTrips,
    };
    line('generate-session (500 sequential, warm)', {
      p50: figures.gs_seq_p50_ms,
      p99: figures.gs_seq_p99_ms,
    });
    line('generate-session (500, 50 concurrent)', {
      p50: figures.gs_conc50_p50_ms,
      p99: figures.gs_conc50_p99_ms,
      rps: figures.gs_conc50_rps,
    });
    line('generate-session (100 new users)', { p50: figures.gs_new_user_p50_ms });
    line('floor: bare PutItem', { p50: figures.floor_putitem_p50_ms });
    line('floor: its writes as one transaction, bare', { p50: figures.floor_transact_p50_ms });
    line('floor: those writes behind bare node:http', { p50: figures.floor_http_transact_p50_ms });
    line('ratios (p50)', {
      vsHttpTransact: figures.gs_vs_http_transact_ratio,
      vsTransact: figures.gs_vs_transact_ratio,
      vsPutItem: figures.gs_vs_putitem_ratio,
    });
    line('round trips per request', { warm: warmTrips, newUser: newTrips });
    return figures;
  } finally {
    await service.stop();
    await dynamo.stop();
  }
}

runIfMain(import.meta.url, run);
