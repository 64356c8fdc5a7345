/**
 * Floors the load bench measures each figure against, in the same run and at the same concurrency: the writes of
 * one generate-session as one bare `TransactWriteItems` behind a bare `node:http` server, and a bare NDJSON server
 * writing a turn's lines.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  TransactWriteCommand,
  type TransactWriteCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { Store } from '../functions/store/client';
import { keys } from '../functions/store/keys';
import type { TransactItem } from '../functions/store/transactions';

/**
 * Records the DynamoDB writes one warm generate-session sends and returns a replay of them as ONE
 * `TransactWriteItems` (a rate count sent on its own is folded into it), with a new session id each time: the one
 * round trip a warm request needs, which is the floor it is measured against.
 */
export async function captureWrites(store: Store, fn: () => Promise<void>): Promise<() => Promise<string>> {
  const writes: TransactItem[] = [];
  let transactions = 0;
  const name = `capture${Math.random()}`;
  store.doc.middlewareStack.add(
    (next) => async (args) => {
      const input = args.input as UpdateCommandInput & TransactWriteCommandInput;
      if (input.TransactItems) {
        transactions += 1;
        writes.push(...structuredClone(input.TransactItems));
      } else if (input.UpdateExpression && String(input.Key?.pk).startsWith('RATE#')) {
        const { ReturnValues: _ignored, ...update } = structuredClone(input);
        writes.push({ Update: update as NonNullable<TransactItem['Update']> });
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  await fn();
  store.doc.middlewareStack.remove(name);
  if (transactions !== 1) throw new Error(`a warm request sent ${transactions} transactions, not one`);
  if (!writes.some((item) => String(item.Update?.Key?.pk).startsWith('RATE#'))) {
    throw new Error('the request counted no rate');
  }
  return async () => {
    const items = structuredClone(writes);
    const put = items.find((item) => item.Put?.Item?.kind === 'session')?.Put;
    const sessionId = randomBytes(32).toString('base64url');
    if (put?.Item) Object.assign(put.Item, keys.session(sessionId));
    await store.doc.send(new TransactWriteCommand({ TransactItems: items }));
    return sessionId;
  };
}

export const listen = (server: Server) =>
  new Promise<string>((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
  });

export const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** A bare `node:http` server that reads and parses the body, runs `work` and answers its result as JSON. */
export function bareJsonServer(work: () => Promise<unknown>): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      work().then(
        (result) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(result));
        },
        (error: unknown) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: String(error) }));
        },
      );
    });
  });
}

/** A bare NDJSON server: reads the body, then writes `lines` (one per line) and ends the response. */
export function bareNdjsonServer(lines: readonly string[]): Server {
  const payload = lines.map((text) => `${text}\n`);
  return createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.socket?.setNoDelay(true);
      res.writeHead(200, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-cache' });
      for (const text of payload) res.write(text);
      res.end();
    });
  });
}
