import { cubeTokenSecrets } from '../../functions/embed/cube-token-secret';
/**
 * The IAM grants in routes.ts are sufficient: every endpoint is driven over HTTP through its success paths (and
 * the rejection paths that read more), every DynamoDB request it sends is recorded with the partition keys it
 * touches, and each must be allowed by that route's declared access. DynamoDB Local does not enforce IAM, so
 * without this a too-narrow grant would only show up as AccessDenied in AWS.
 */

import { routes, type TableAction } from '../../functions/routes';
import { keys, PARTITION_PREFIXES, type Partition } from '../../functions/store/keys';
import { mergeAccess } from '../../lib/endpoints';
import { abort, chat, chatUrl, uniqueUser } from '../chat/support';
import { cubeChatToken } from '../support/cube-token';
import { client } from '../support/http';
import { startService, type TestService } from '../support/service';

interface Access {
  action: string;
  pk: string;
  index?: string;
}

let svc: TestService;
let api: ReturnType<typeof client>;
const recorded: Access[] = [];

type Input = Record<string, unknown>;
/** An item's or key's partition key, marshalled (`{ S: "A#demo" }`) or not. */
const pkOf = (item: unknown): string => {
  const pk = (item as { pk?: unknown } | undefined)?.pk;
  if (typeof pk === 'string') return pk;
  return String((pk as { S?: unknown } | undefined)?.S ?? '<none>');
};

const DOCUMENT_COMMANDS = new Set([
  'GetCommand',
  'PutCommand',
  'UpdateCommand',
  'DeleteCommand',
  'BatchGetCommand',
  'BatchWriteCommand',
  'TransactWriteCommand',
]);

/**
 * What one low-level DynamoDB request asks of IAM: per item for batches and transactions. The recorder sees each
 * request twice (the document client's command, then the low-level one it sends); the low-level one counts.
 */
function accessesOf(command: string, input: Input): Access[] {
  if (DOCUMENT_COMMANDS.has(command)) return [];
  const simple: Record<string, string> = {
    GetItemCommand: 'GetItem',
    PutItemCommand: 'PutItem',
    UpdateItemCommand: 'UpdateItem',
    DeleteItemCommand: 'DeleteItem',
  };
  const single = simple[command];
  if (single) return [{ action: single, pk: pkOf(command === 'PutItemCommand' ? input.Item : input.Key) }];
  if (command === 'QueryCommand') {
    const pk = ((input.ExpressionAttributeValues ?? {}) as Record<string, unknown>)[':pk'];
    const index = typeof input.IndexName === 'string' ? { index: input.IndexName } : {};
    return [{ action: 'Query', pk: pkOf({ pk }), ...index }];
  }
  if (command === 'BatchGetItemCommand') {
    const requests = Object.values((input.RequestItems ?? {}) as Record<string, { Keys: unknown[] }>);
    return requests.flatMap((request) =>
      request.Keys.map((key) => ({ action: 'BatchGetItem', pk: pkOf(key) })),
    );
  }
  if (command === 'BatchWriteItemCommand') {
    const requests = Object.values((input.RequestItems ?? {}) as Record<string, Input[]>).flat();
    return requests.map((request) => ({
      action: 'BatchWriteItem',
      pk: pkOf(
        (request.PutRequest as Input | undefined)?.Item ?? (request.DeleteRequest as Input | undefined)?.Key,
      ),
    }));
  }
  if (command === 'TransactWriteItemsCommand') {
    const kinds: Record<string, [string, string]> = {
      Put: ['PutItem', 'Item'],
      Update: ['UpdateItem', 'Key'],
      Delete: ['DeleteItem', 'Key'],
      ConditionCheck: ['ConditionCheckItem', 'Key'],
    };
    return ((input.TransactItems ?? []) as Input[]).flatMap((item) =>
      Object.entries(item).map(([kind, body]) => {
        const [action, field] = kinds[kind] ?? [kind, 'Key'];
        return { action, pk: pkOf((body as Input)[field]) };
      }),
    );
  }
  return [{ action: command, pk: '<unknown>' }];
}

/** Whether an access is allowed by the route's merged grants (prefix match, no index, listed action). */
function allowed(routeId: string, access: Access): boolean {
  const own = routes.filter((route) => route.id === routeId);
  const grants = mergeAccess(own.map((route) => route.table));
  // The one index read: list-groups' query of the account's expiring users (lib/endpoints.ts, expiryIndexStatement).
  if (access.index) {
    const expiry = own.some((route) => route.expiryIndex === true);
    return expiry && access.index === 'byOwner' && access.action === 'Query' && access.pk.startsWith('A#');
  }
  return (Object.entries(grants) as [Partition, readonly TableAction[]][]).some(
    ([partition, actions]) =>
      access.pk.startsWith(PARTITION_PREFIXES[partition]) && actions.includes(access.action as TableAction),
  );
}

/** Runs one request and returns what it sent to DynamoDB. */
async function during(run: () => Promise<unknown>): Promise<Access[]> {
  recorded.length = 0;
  await run();
  return [...recorded];
}

const exercised = new Set<string>();
function expectAllowed(routeId: string, accesses: Access[]): void {
  exercised.add(routeId);
  const denied = accesses.filter((access) => !allowed(routeId, access));
  expect({ routeId, denied }).toEqual({ routeId, denied: [] });
}

beforeAll(async () => {
  svc = await startService();
  api = client(svc.baseUrl);
  svc.service.store.doc.middlewareStack.add(
    (next, context) => async (args) => {
      recorded.push(...accessesOf(String(context.commandName), args.input as Input));
      return next(args);
    },
    { step: 'initialize', name: 'tableAccessRecorder' },
  );
}, 120_000);
afterAll(async () => {
  await svc.stop();
});

const GS = '/api/v1/embed/generate-session';

test('every DynamoDB request each endpoint sends is allowed by its declared grants', async () => {
  const tenant = `acc-${Date.now().toString(36)}`;
  const externalId = uniqueUser('acc');
  let sessionId = '';
  // generate-session: first-time user (two transactions), creator-mode definitions, and a rejected one.
  expectAllowed(
    'generate-session',
    await during(async () => {
      const reply = await api.post<{ sessionId: string }>(
        GS,
        {
          deploymentId: 1,
          externalId,
          creatorMode: true,
          embedTenantName: tenant,
          groupDefinitions: [{ name: 'alpha' }, { name: 'beta' }],
          userAttributeDefinitions: [{ name: 'plan', type: 'string' }],
          groups: ['alpha'],
          userAttributes: [{ name: 'plan', value: 'pro' }],
        },
        { key: svc.adminKey },
      );
      expect(reply.status).toBe(200);
      sessionId = reply.body.sessionId;
      const warm = await api.post(GS, { deploymentId: 1, externalId }, { key: svc.adminKey });
      expect(warm.status).toBe(200);
      const rejected = await api.post(
        GS,
        { deploymentId: 1, externalId, groups: ['no-such-group'] },
        { key: svc.adminKey },
      );
      expect(rejected.status).toBeGreaterThanOrEqual(400);
    }),
  );

  expectAllowed(
    'session-check',
    await during(async () => {
      const reply = await api.post('/api/v1/embed/session/check', { sessionId, accountName: 'demo' });
      expect(reply.status).toBe(200);
    }),
  );

  let token = '';
  expectAllowed(
    'session-exchange',
    await during(async () => {
      const reply = await api.post<{ token: string }>('/api/v1/embed/session/exchange', { sessionId });
      expect(reply.status).toBe(200);
      token = reply.body.token;
    }),
  );

  for (const kind of ['groups', 'user-attributes'] as const) {
    const routeId = kind === 'groups' ? 'list-groups' : 'list-user-attributes';
    let items: { id: string }[] = [];
    expectAllowed(
      routeId,
      await during(async () => {
        const first = await api.get<{ items: { id: string }[]; pageInfo: { endCursor: string } }>(
          `/api/v1/embed-tenants/${tenant}/${kind}?first=1`,
          { key: svc.adminKey },
        );
        expect(first.status).toBe(200);
        items = first.body.items;
        const next = await api.get(
          `/api/v1/embed-tenants/${tenant}/${kind}?first=1&after=${encodeURIComponent(first.body.pageInfo.endCursor)}`,
          { key: svc.adminKey },
        );
        expect(next.status).toBe(200);
      }),
    );
    const deleteId = kind === 'groups' ? 'delete-group' : 'delete-user-attribute';
    expectAllowed(
      deleteId,
      await during(async () => {
        const reply = await api.delete(`/api/v1/embed-tenants/${tenant}/${kind}/${items[0]?.id ?? ''}`, {
          key: svc.adminKey,
        });
        expect(reply.status).toBe(204);
      }),
    );
  }

  const url = chatUrl(svc.baseUrl);
  let chatId = '';
  // A Cube token of deployment 1 (its secret set as the CLI's `deployment cube-token` does).
  await cubeTokenSecrets.set(svc.service.store, 'demo', 1, 'table-access-cube-secret');
  const cubeToken = cubeChatToken(uniqueUser('acc-cube'), 'table-access-cube-secret');
  expectAllowed(
    'chat-stream',
    await during(async () => {
      // An Api-Key user (provisioned), a follow-up on the same thread, and a token user.
      const user = { externalId: uniqueUser('acc-chat'), groups: ['managers'] };
      const first = await chat(
        url,
        { input: 'total amount by status', sessionSettings: user },
        { key: svc.adminKey },
      );
      expect(first.status).toBe(200);
      chatId = first.lines[0]?.state?.chatId ?? '';
      const second = await chat(
        url,
        { input: 'and by region?', chatId, sessionSettings: user },
        { key: svc.adminKey },
      );
      expect(second.status).toBe(200);
      const byToken = await chat(url, { input: 'count of orders' }, { bearer: token });
      expect(byToken.status).toBe(200);
      // Cube's deployment-scoped URL with a Cube token: the deployment's agent is found by a Query.
      const scoped = await chat(
        `${svc.baseUrl}/api/v1/public/demo/deployments/1/chat`,
        { input: 'count of orders' },
        { cubeToken },
      );
      expect(scoped.status).toBe(200);
    }),
  );

  expectAllowed(
    'chat-abort',
    await during(async () => {
      const scoped = await abort(
        `${svc.baseUrl}/api/v1/public/demo/deployments/1/chat`,
        { chatId: 'no-such-chat' },
        { cubeToken },
      );
      expect(scoped.status).toBe(404);
      const reply = await abort(url, { chatId }, { bearer: token });
      expect(reply.status).toBeLessThan(500);
      const byKey = await abort(
        url,
        { chatId, sessionSettings: { externalId: uniqueUser('acc-abort') } },
        { key: svc.adminKey },
        '/abort',
      );
      expect(byKey.status).toBeLessThan(500);
    }),
  );

  expectAllowed(
    'sql-api',
    await during(async () => {
      const query = 'SELECT region, MEASURE(count) FROM orders_view GROUP BY 1';
      const byKey = await api.post(
        '/api/v1/deployments/1/sql',
        { query, sessionSettings: { externalId: uniqueUser('acc-sql'), groups: ['managers'] } },
        { key: svc.adminKey },
      );
      expect(byKey.status).toBe(200);
      const byToken = await api.post('/api/v1/deployments/1/sql', { query }, { bearer: token });
      expect(byToken.status).toBe(200);
    }),
  );

  let cubeApiToken = '';
  expectAllowed(
    'deployment-token',
    await during(async () => {
      const reply = await api.post<{ cubeApiToken: string }>('/api/v1/deployments/1/token', undefined, {
        bearer: token,
      });
      expect(reply.status).toBe(200);
      cubeApiToken = reply.body.cubeApiToken;
    }),
  );
  expectAllowed(
    'cubesql',
    await during(async () => {
      const query = 'SELECT region, MEASURE(count) FROM orders_view GROUP BY 1';
      const reply = await api.post(
        '/cubejs-api/v1/cubesql',
        { query },
        { headers: { authorization: cubeApiToken } },
      );
      expect(reply.status).toBe(200);
    }),
  );

  expectAllowed(
    'session-revoke',
    await during(async () => {
      const reply = await api.post('/api/v1/embed/session/revoke', { sessionId }, { key: svc.adminKey });
      expect(reply.status).toBe(204);
    }),
  );

  expectAllowed('health', await during(async () => expect((await api.get('/health')).status).toBe(200)));
  expectAllowed(
    'openapi',
    await during(async () => expect((await api.get('/api/v1/openapi.json')).status).toBe(200)),
  );
  expectAllowed(
    'embed-page',
    await during(async () => expect((await api.get('/embed/chat')).status).toBe(200)),
  );

  // Every function was driven, so a route added later without a case here fails this test.
  expect([...exercised].sort()).toEqual([...new Set(routes.map((route) => route.id))].sort());
}, 120_000);

test('the recorder sees what it must: an index query and a scan are refused by every route', () => {
  expect(allowed('chat-stream', { action: 'Query', pk: 'A#demo#KEYS', index: 'byOwner' })).toBe(false);
  expect(allowed('sql-api', { action: 'Scan', pk: '<unknown>' })).toBe(false);
  expect(allowed('session-exchange', { action: 'GetItem', pk: 'KEY#abc' })).toBe(false);
  expect(allowed('chat-abort', { action: 'BatchWriteItem', pk: 'T#x' })).toBe(false);
  expect(allowed('chat-stream', { action: 'BatchWriteItem', pk: 'T#x' })).toBe(true);
});

test('every key builder puts its item in one of the declared partitions', () => {
  const scope = { kind: 'embed' as const, embedTenantName: 't' };
  const built = [
    keys.account('a'),
    keys.apiKey('h'),
    keys.deployment('a', 1),
    keys.model('a', 1, 'main'),
    keys.agent('a', '1'),
    keys.embedTenant('a', 't'),
    keys.group('a', scope, 'g'),
    keys.attribute('a', scope, 'x'),
    keys.externalUser('a', 'u'),
    keys.internalUser('a', 'u'),
    keys.session('s'),
    keys.thread('c'),
    keys.threadMessage('c', 1),
  ];
  const prefixes = Object.values(PARTITION_PREFIXES);
  for (const key of built) {
    expect({ pk: key.pk, inPartition: prefixes.filter((p) => key.pk.startsWith(p)).length }).toEqual({
      pk: key.pk,
      inPartition: 1,
    });
  }
  expect(keys.accountPartition('a').startsWith(PARTITION_PREFIXES.account)).toBe(true);
});
