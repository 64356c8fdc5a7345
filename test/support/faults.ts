import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStore, type Store } from '../../functions/store/client';
import { startService, type TestService } from './service';

/**
 * A fault-injecting HTTP proxy in front of DynamoDB Local. Point a store or a service (DYNAMODB_ENDPOINT) at
 * `endpoint`; every request is forwarded unless a rule for its operation (the `X-Amz-Target` header) says
 * otherwise. The faults are the ones a client sees from the real service and its network:
 *
 * - `error`: a real DynamoDB error body with its status (throttling 400, internal error 500), nothing applied;
 * - `reset`: the connection is dropped before the request reaches DynamoDB (nothing applied);
 * - `delay`: the request is forwarded after `delayMs`, or once `until` settles (a test that holds a write
 *   releases it when it has checked what happens meanwhile, whatever the machine's speed);
 * - `drop`: the request is forwarded and applied, then the connection is dropped (the response is lost);
 * - `conflict`: a write meets another transaction on its item, as DynamoDB answers it: a TransactWriteItems is
 *   cancelled (`TransactionConflict` for the items that contain `match`, `None` for the others), a plain write is
 *   refused with TransactionConflictException; nothing applied. DynamoDB Local never answers so (it applies
 *   transactions one at a time).
 */
export type FaultMode = 'error' | 'reset' | 'delay' | 'drop' | 'conflict';
export type DynamoErrorName =
  | 'ProvisionedThroughputExceededException'
  | 'ThrottlingException'
  | 'InternalServerError';

/** DynamoDB's wire format for each error: status and `__type`. */
const ERRORS: Record<DynamoErrorName, { status: number; type: string; message: string }> = {
  ProvisionedThroughputExceededException: {
    status: 400,
    type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException',
    message:
      'The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.',
  },
  ThrottlingException: {
    status: 400,
    type: 'com.amazon.coral.availability#ThrottlingException',
    message: 'Rate of requests exceeds the allowed throughput.',
  },
  InternalServerError: {
    status: 500,
    type: 'com.amazonaws.dynamodb.v20120810#InternalServerError',
    message: 'Internal server error',
  },
};

export interface FaultRule {
  /** The operation, e.g. `UpdateItem` or `DynamoDB_20120810.UpdateItem`; `*` for every operation. */
  operation: string;
  mode: FaultMode;
  /** Only requests whose JSON body contains this text (a key, a chatId, an expression). */
  match?: string;
  /** How many matching requests to fault (then the rule is spent); default: every one. */
  times?: number;
  /** Matching requests to let through before faulting. */
  skip?: number;
  /** Fault a matching request with this probability (random runs); default 1. */
  probability?: number;
  error?: DynamoErrorName;
  delayMs?: number;
  /** `delay`: hold each matching request until this settles (instead of `delayMs`). */
  until?: Promise<unknown>;
}

export interface FaultProxy {
  endpoint: string;
  /**
   * Adds a rule; returns it so a test can read how often it fired, and how many of the requests it faulted have
   * been answered (a delayed one once DynamoDB's answer is passed on).
   */
  inject(rule: FaultRule): { readonly fired: number; readonly settled: number };
  /** Removes every rule: requests pass through again. */
  clear(): void;
  /** Operations seen (short names), in order, with whether a fault was injected and the request's body. */
  readonly log: { operation: string; fault?: FaultMode; body: string }[];
  stop(): Promise<void>;
}

interface ActiveRule extends FaultRule {
  fired: number;
  seen: number;
  settled: number;
}

const shortName = (target: string) => target.slice(target.lastIndexOf('.') + 1);

async function readAll(stream: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * DynamoDB's answer to a write that meets another transaction on an item: a transaction is cancelled with
 * `TransactionConflict` for its items that contain `match` (all of them without it); a plain write is refused
 * with TransactionConflictException.
 */
function conflictBody(operation: string, body: string, match: string | undefined) {
  if (operation !== 'TransactWriteItems') {
    return {
      __type: 'com.amazonaws.dynamodb.v20120810#TransactionConflictException',
      message: 'Transaction is ongoing for the item',
    };
  }
  const items = (JSON.parse(body) as { TransactItems?: unknown[] }).TransactItems ?? [];
  const reasons = items.map((item) =>
    match === undefined || JSON.stringify(item).includes(match)
      ? { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' }
      : { Code: 'None' },
  );
  return {
    __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(', ')}]`,
    CancellationReasons: reasons,
  };
}

export async function startFaultProxy(upstream: string): Promise<FaultProxy> {
  const target = new URL(upstream);
  let rules: ActiveRule[] = [];
  const log: FaultProxy['log'] = [];

  const pick = (operation: string, body: string): ActiveRule | undefined => {
    for (const rule of rules) {
      const wanted = shortName(rule.operation);
      if (wanted !== '*' && wanted !== operation) continue;
      if (rule.match !== undefined && !body.includes(rule.match)) continue;
      if (rule.times !== undefined && rule.fired >= rule.times) continue;
      rule.seen += 1;
      if (rule.seen <= (rule.skip ?? 0)) continue;
      if (Math.random() >= (rule.probability ?? 1)) continue;
      rule.fired += 1;
      return rule;
    }
    return undefined;
  };

  const forward = (req: IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>((resolve, reject) => {
      const out = httpRequest(
        {
          hostname: target.hostname,
          port: target.port,
          path: req.url,
          method: req.method,
          headers: { ...req.headers, 'content-length': String(body.length) },
        },
        (res) => {
          readAll(res).then(
            (data) => resolve({ status: res.statusCode ?? 500, headers: res.headers, body: data }),
            reject,
          );
        },
      );
      out.on('error', reject);
      out.end(body);
    });

  const server: Server = createServer(async (req, res) => {
    const body = await readAll(req);
    const operation = shortName(String(req.headers['x-amz-target'] ?? 'unknown'));
    const text = body.toString('utf8');
    const rule = pick(operation, text);
    log.push({ operation, ...(rule ? { fault: rule.mode } : {}), body: text });
    try {
      if (rule?.mode === 'reset') {
        req.socket.destroy();
        return;
      }
      if (rule?.mode === 'conflict') {
        res.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' });
        res.end(JSON.stringify(conflictBody(operation, text, rule.match)));
        return;
      }
      if (rule?.mode === 'error') {
        const error = ERRORS[rule.error ?? 'InternalServerError'];
        res.writeHead(error.status, { 'content-type': 'application/x-amz-json-1.0' });
        res.end(JSON.stringify({ __type: error.type, message: error.message }));
        return;
      }
      if (rule?.mode === 'delay') {
        await (rule.until ?? new Promise((resolve) => setTimeout(resolve, rule.delayMs ?? 100)));
      }
      const reply = await forward(req, body);
      if (rule?.mode === 'drop') {
        // Applied by DynamoDB; the client never hears so.
        req.socket.destroy();
        return;
      }
      const headers = { ...reply.headers };
      delete headers['transfer-encoding'];
      res.writeHead(reply.status, { ...headers, 'content-length': String(reply.body.length) });
      res.end(reply.body);
    } catch {
      req.socket.destroy();
    } finally {
      if (rule) rule.settled += 1;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    inject(rule) {
      const active: ActiveRule = { ...rule, fired: 0, seen: 0, settled: 0 };
      rules.push(active);
      return {
        get fired() {
          return active.fired;
        },
        get settled() {
          return active.settled;
        },
      };
    },
    clear() {
      rules = [];
    },
    log,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The local service talking to DynamoDB Local through a fault proxy, and a store that bypasses the proxy. */
export interface FaultyService {
  proxy: FaultProxy;
  svc: TestService;
  /** The same table, straight to DynamoDB Local: what is really stored, whatever the proxy does. */
  direct: Store;
  stop(): Promise<void>;
}

export async function startFaultyService(): Promise<FaultyService> {
  const real = process.env.DYNAMODB_ENDPOINT;
  if (!real) throw new Error('DYNAMODB_ENDPOINT is not set');
  const proxy = await startFaultProxy(real);
  const svc = await startService({ dynamodbEndpoint: proxy.endpoint });
  const direct = createStore({ endpoint: real, tableName: svc.service.store.tableName });
  return {
    proxy,
    svc,
    direct,
    async stop() {
      await svc.stop();
      direct.doc.destroy();
      await proxy.stop();
    },
  };
}
