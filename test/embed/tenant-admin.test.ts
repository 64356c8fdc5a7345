import fc from 'fast-check';
import { client } from '../support/http';
import { startService, type TestService } from '../support/service';

const GS = '/api/v1/embed/generate-session';
const EXCHANGE = '/api/v1/embed/session/exchange';

let svc: TestService;
let api: ReturnType<typeof client>;
let n = 0;
const tenantName = () => `adm-${Date.now().toString(36)}-${n++}`;

beforeAll(async () => {
  svc = await startService();
  api = client(svc.baseUrl);
});
afterAll(async () => {
  await svc.stop();
});

type Page = {
  items: Record<string, unknown>[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
};

async function bootstrap(tenant: string, extra: Record<string, unknown>, externalId = `u-${n++}`) {
  const reply = await api.post<{ sessionId: string }>(
    GS,
    { deploymentId: 1, externalId, creatorMode: true, embedTenantName: tenant, ...extra },
    { key: svc.adminKey },
  );
  expect(reply.status).toBe(200);
  return reply.body.sessionId;
}

const list = (tenant: string, kind: 'groups' | 'user-attributes', query = '', key = svc.adminKey) =>
  api.get<Page & { code?: string; error?: string }>(`/api/v1/embed-tenants/${tenant}/${kind}${query}`, {
    key,
  });

describe('listing', () => {
  test('groups made together are sorted by name, with the contract fields; absent optional fields are omitted', async () => {
    const tenant = tenantName();
    await bootstrap(tenant, {
      groupDefinitions: [{ name: 'zeta' }, { name: 'alpha', description: 'first' }],
      userAttributeDefinitions: [{ name: 'plan', type: 'string', displayName: 'Plan' }],
    });
    const groups = await list(tenant, 'groups');
    expect(groups.status).toBe(200);
    expect(groups.body.items.map((g) => g.name)).toEqual(['alpha', 'zeta']);
    expect(Object.keys(groups.body.items[0] ?? {}).sort()).toEqual([
      'createdAt',
      'description',
      'id',
      'name',
      'updatedAt',
      'userCount',
    ]);
    expect(Object.keys(groups.body.items[1] ?? {}).sort()).toEqual([
      'createdAt',
      'id',
      'name',
      'updatedAt',
      'userCount',
    ]);
    expect(groups.body.pageInfo).toEqual({
      hasNextPage: false,
      hasPreviousPage: false,
      startCursor: expect.any(String),
      endCursor: expect.any(String),
    });
    const attrs = await list(tenant, 'user-attributes');
    expect(attrs.body.items).toEqual([
      {
        id: expect.any(String),
        name: 'plan',
        type: 'string',
        displayName: 'Plan',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
  });

  test('an unknown tenant is 404; bad page sizes and cursors are 400; member keys are 403', async () => {
    expect((await list('never-used-tenant', 'groups')).status).toBe(404);
    expect((await list('never-used-tenant', 'groups')).body.code).toBe('EMBED_TENANT_NOT_FOUND');
    const tenant = tenantName();
    await bootstrap(tenant, { groupDefinitions: [{ name: 'a' }, { name: 'b' }] });
    for (const query of [
      '?first=0',
      '?first=101',
      '?first=abc',
      '?after=garbage',
      '?first=1&after=abc.def',
      '?color=red',
    ]) {
      const reply = await list(tenant, 'groups', query);
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe('VALIDATION_ERROR');
    }
    const page = await list(tenant, 'groups', '?first=1');
    const cursor = String(page.body.pageInfo.endCursor);
    // A cursor of the groups list is not valid for the attributes list or another tenant.
    expect((await list(tenant, 'user-attributes', `?after=${cursor}`)).status).toBe(400);
    const other = tenantName();
    await bootstrap(other, { groupDefinitions: [{ name: 'x' }] });
    expect((await list(other, 'groups', `?after=${cursor}`)).status).toBe(400);
    // Tampering with the payload breaks the signature.
    const [body, sig] = cursor.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(String(body), 'base64url').toString()), n: '' }),
    ).toString('base64url');
    expect((await list(tenant, 'groups', `?after=${forged}.${sig}`)).status).toBe(400);
    expect((await list(tenant, 'groups', '', svc.memberKey)).status).toBe(403);
    expect((await list(tenant, 'groups', '', svc.starterKey)).status).toBe(404);
  });

  test("groups come newest first, as Cube lists them, each with its count of the tenant's live members", async () => {
    const tenant = tenantName();
    await bootstrap(tenant, { groupDefinitions: [{ name: 'older' }] });
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Two members of "newer", one of "older"; a tenant-wide membership of the same name is not the tenant's.
    await bootstrap(tenant, { groupDefinitions: [{ name: 'newer' }], groups: ['newer', 'older'] });
    await bootstrap(tenant, { groups: ['newer'] });
    const page = await list(tenant, 'groups');
    expect(page.body.items.map((g) => [g.name, g.userCount])).toEqual([
      ['newer', 2],
      ['older', 1],
    ]);
    // A page of one, then the next after its cursor.
    const head = await list(tenant, 'groups', '?first=1');
    expect(head.body.items.map((g) => g.name)).toEqual(['newer']);
    const next = await list(tenant, 'groups', `?first=1&after=${head.body.pageInfo.endCursor}`);
    expect(next.body.items.map((g) => g.name)).toEqual(['older']);
    expect(next.body.pageInfo.hasNextPage).toBe(false);
  });

  test('pagination returns every item exactly once, in order, for any page size (property)', async () => {
    const tenant = tenantName();
    const names = Array.from({ length: 23 }, (_, i) => `g-${String(i).padStart(2, '0')}-${(i * 7919) % 97}`);
    await bootstrap(tenant, { groupDefinitions: names.map((name) => ({ name })) });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 25 }), async (first) => {
        const seen: string[] = [];
        let after: string | null = null;
        for (let guard = 0; guard < 30; guard += 1) {
          const query: string = `?first=${first}${after ? `&after=${after}` : ''}`;
          const page = await list(tenant, 'groups', query);
          expect(page.status).toBe(200);
          expect(page.body.items.length).toBeLessThanOrEqual(first);
          // Cube's PageInfoDto: a page after a cursor has a previous page; startCursor names its first item.
          expect(page.body.pageInfo.hasPreviousPage).toBe(after !== null);
          expect(page.body.pageInfo.startCursor === null).toBe(page.body.items.length === 0);
          seen.push(...page.body.items.map((g) => String(g.name)));
          if (!page.body.pageInfo.hasNextPage) break;
          after = page.body.pageInfo.endCursor;
        }
        expect(seen).toEqual([...names].sort());
      }),
      { numRuns: 8 },
    );
  });
});

describe('deleting', () => {
  test('deleting a group removes it and every membership; the name can be defined again', async () => {
    const tenant = tenantName();
    const externalId = `member-${n++}`;
    await bootstrap(
      tenant,
      { groupDefinitions: [{ name: 'team' }, { name: 'other' }], groups: ['team', 'other'] },
      externalId,
    );
    const before = await list(tenant, 'groups');
    const team = before.body.items.find((g) => g.name === 'team');
    const deleted = await api.delete(`/api/v1/embed-tenants/${tenant}/groups/${String(team?.id)}`, {
      key: svc.adminKey,
    });
    expect(deleted.status).toBe(204);
    expect(
      (await api.delete(`/api/v1/embed-tenants/${tenant}/groups/${String(team?.id)}`, { key: svc.adminKey }))
        .status,
    ).toBe(404);
    expect((await list(tenant, 'groups')).body.items.map((g) => g.name)).toEqual(['other']);
    // The name no longer resolves ...
    const reply = await api.post(
      GS,
      { deploymentId: 1, externalId, creatorMode: true, embedTenantName: tenant, groups: ['team'] },
      { key: svc.adminKey },
    );
    expect(reply.status).toBe(400);
    // ... and no user keeps the membership.
    const sessionId = await bootstrap(tenant, {}, externalId);
    const exchanged = await api.post<{ user: { groups: string[] } }>(EXCHANGE, { sessionId });
    expect(exchanged.body.user.groups).toEqual(['other']);
    // Defined again, it is a new group with a new id.
    await bootstrap(tenant, { groupDefinitions: [{ name: 'team' }] });
    const again = (await list(tenant, 'groups')).body.items.find((g) => g.name === 'team');
    expect(again?.id).not.toBe(team?.id);
  });

  test('deleting an attribute removes every value; it can come back with another type', async () => {
    const tenant = tenantName();
    const externalId = `valued-${n++}`;
    await bootstrap(
      tenant,
      {
        userAttributeDefinitions: [{ name: 'level', type: 'number' }],
        userAttributes: [{ name: 'level', value: 3 }],
      },
      externalId,
    );
    const attr = (await list(tenant, 'user-attributes')).body.items[0];
    const url = `/api/v1/embed-tenants/${tenant}/user-attributes/${String(attr?.id)}`;
    expect((await api.delete(url, { key: svc.adminKey })).status).toBe(204);
    const sessionId = await bootstrap(
      tenant,
      { userAttributeDefinitions: [{ name: 'level', type: 'string' }] },
      externalId,
    );
    const exchanged = await api.post<{ user: { userAttributes: unknown[] } }>(EXCHANGE, { sessionId });
    expect(exchanged.body.user.userAttributes).toEqual([]);
    expect((await list(tenant, 'user-attributes')).body.items[0]).toMatchObject({
      name: 'level',
      type: 'string',
    });
  });

  test('ids of another tenant, another account or malformed are 404', async () => {
    const a = tenantName();
    const b = tenantName();
    await bootstrap(a, { groupDefinitions: [{ name: 'shared' }] });
    await bootstrap(b, { groupDefinitions: [{ name: 'shared' }] });
    const idA = String((await list(a, 'groups')).body.items[0]?.id);
    expect((await api.delete(`/api/v1/embed-tenants/${b}/groups/${idA}`, { key: svc.adminKey })).status).toBe(
      404,
    );
    expect(
      (await api.delete(`/api/v1/embed-tenants/${a}/groups/${idA}`, { key: svc.starterKey })).status,
    ).toBe(404);
    expect(
      (await api.delete(`/api/v1/embed-tenants/${a}/groups/not-an-id`, { key: svc.adminKey })).status,
    ).toBe(404);
    expect(
      (await api.delete(`/api/v1/embed-tenants/${a}/user-attributes/${idA}`, { key: svc.adminKey })).status,
    ).toBe(404);
    expect((await list(a, 'groups')).body.items).toHaveLength(1);
    expect((await list(b, 'groups')).body.items).toHaveLength(1);
  });
});
