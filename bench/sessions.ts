/**
 * generate-session through the local HTTP service, beside floors measured in the same run on the same
 * DynamoDB Local: a bare PutItem of a similar size and the request's own writes replayed bare (the rate window's UpdateItem and the TransactWriteItems); and,
 * to tell the service's own cost from loopback HTTP's, that transaction behind a bare Node HTTP server.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { startLocalService } from '../functions/local/service';
import { accounts } from '../functions/store/accounts';
import { countRoundTrips, type Store } from '../functions/store/client';
import { startDynamoDbLocal } from '../functions/store/dynamodb-local';
import { keys } from '../functions/store/keys';
import type { TransactItem } from '../functions/store/transactions';
import { line, percentile, round, runIfMain, timeConcurrent, timeSequential } from './stats';

export async function run(): Promise<Record<string, number>> {
  process.env.LOG_LEVEL = 'silent';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dynamo = await startDynamoDbLocal();
  const service = await startLocalService({ dynamodbEndpoint: dynamo.endpoint, models: {} });
  const { store } = service;
  // More sessions per minute than the default per-key rate allows; the floor replays the rate-window increment too.
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
    // The floor replays the very writes a warm request sends: the rate window's UpdateItem, then the transaction
    // (a new session id each time); the same behind a bare Node HTTP server (read the body, parse it, write, answer).
    const replay = await captureWrites(store, () => call(users[1] ?? 'x'));
    const bare = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        JSON.parse(Buffer.concat(chunks).toString('utf8'));
        void replay().then((sessionId) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ sessionId }));
        });
      });
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
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
    bare.closeAllConnections();
    await new Promise((resolve) => bare.close(resolve));

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
    line('floor: the same writes (rate, transaction), bare', { p50: figures.floor_transact_p50_ms });
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

/** The TransactItems of the one transaction `fn` sends. */
/**
 * Records the DynamoDB writes one warm generate-session sends (the rate window's UpdateItem, then the transaction)
 * and returns a replay of exactly those writes, in order, with a new session id each time: the floor a request
 * is measured against.
 */
export async function captureWrites(store: Store, fn: () => Promise<void>): Promise<() => Promise<string>> {
  let rate: UpdateCommandInput | undefined;
  let items: TransactItem[] | undefined;
  const name = `capture${Math.random()}`;
  store.doc.middlewareStack.add(
    (next) => async (args) => {
      const input = args.input as UpdateCommandInput & { TransactItems?: TransactItem[] };
      if (input.TransactItems) items = structuredClone(input.TransactItems);
      else if (input.UpdateExpression && String(input.Key?.pk).startsWith('RATE#'))
        rate = structuredClone(input);
      return next(args);
    },
    { step: 'initialize', name },
  );
  await fn();
  store.doc.middlewareStack.remove(name);
  if (!items) throw new Error('the request sent no transaction');
  if (!rate) throw new Error('the request counted no rate');
  const captured = { rate, items };
  return async () => {
    const transactItems = structuredClone(captured.items);
    const put = transactItems.find((item) => item.Put?.Item?.kind === 'session')?.Put;
    const sessionId = randomBytes(32).toString('base64url');
    if (put?.Item) Object.assign(put.Item, keys.session(sessionId));
    await store.doc.send(new UpdateCommand(captured.rate));
    await store.doc.send(new TransactWriteCommand({ TransactItems: transactItems }));
    return sessionId;
  };
}

runIfMain(import.meta.url, run);
