/**
 * The embed tenant's groups list with its member counts, in an account of many users, beside the count-on-read it
 * replaced (every user of the account read, consistently, on every page), measured in the same run on the same
 * DynamoDB Local; and one definition sweep of the same account (docs/operating.md, "Group member counts",
 * "Deleting groups and attributes").
 */
import { sweepAll } from '../functions/embed/sweep';
import { listTenantDefinitions } from '../functions/embed/tenant-admin';
import { batchPut, countRoundTrips, createStore, queryAll } from '../functions/store/client';
import { definitions } from '../functions/store/definitions';
import { startDynamoDbLocal } from '../functions/store/dynamodb-local';
import { groupCounts } from '../functions/store/group-counts';
import { keys, type Scope } from '../functions/store/keys';
import { ensureTable } from '../functions/store/local-table';
import { sweeps } from '../functions/store/sweeps';
import { newUserItem } from '../functions/store/users';
import { line, percentile, round, runIfMain, timeSequential } from './stats';

const USERS = 5_000;
const GROUPS = ['g0', 'g1', 'g2', 'g3', 'g4'];

export async function run(): Promise<Record<string, number>> {
  process.env.LOG_LEVEL = 'silent';
  process.env.CURSOR_SECRET ??= 'bench-cursor-secret';
  // DYNAMODB_ENDPOINT: an already running DynamoDB Local (a loaded machine may start one slowly).
  const given = process.env.DYNAMODB_ENDPOINT;
  const dynamo = given ? { endpoint: given, stop: async () => {} } : await startDynamoDbLocal();
  try {
    const store = createStore({ endpoint: dynamo.endpoint, tableName: `bench-groups-${Date.now()}` });
    await ensureTable(store);
    const account = 'bench';
    const tenant = 'acme-corp';
    const scope: Scope = { kind: 'embed', embedTenantName: tenant };
    await batchPut(store, [{ ...keys.embedTenant(account, tenant), kind: 'embedTenant', name: tenant }]);
    for (const name of GROUPS) await definitions.upsertGroup(store, account, scope, { name });
    // Each user in two of the tenant's groups; a tenth of them ephemeral (in the expiry index).
    const later = Math.floor(Date.now() / 1000) + 86_400;
    const items = Array.from({ length: USERS }, (_, i) => {
      const item = newUserItem(
        account,
        { kind: 'external', externalId: `u-${String(i).padStart(5, '0')}` },
        i % 10 === 0 ? { expiresAt: later } : {},
      );
      item.groups = { [tenant]: [GROUPS[i % 5] ?? 'g0', GROUPS[(i + 1) % 5] ?? 'g1'] };
      return item;
    });
    await batchPut(store, items);
    await groupCounts.recount(store, account);

    const list = () => listTenantDefinitions(store, account, tenant, 'group', { first: 20 });
    // What the list did before: the tenant's groups and every user of the account with a membership in it.
    const countOnRead = async () => {
      const [all, users] = await Promise.all([
        definitions.listAll(store, account, scope, 'group'),
        queryAll(store, {
          pk: keys.accountPartition(account),
          prefix: keys.userPrefix,
          filter: { expression: 'attribute_exists(groups.#s)', names: { '#s': tenant } },
          projection: 'groups.#s, expiresAt',
          consistentRead: true,
        }),
      ]);
      return { all, users };
    };
    const check = await list();
    const counted = Object.fromEntries(
      check.items.map((g) => [g.name, (g as { userCount?: number }).userCount]),
    );
    if (counted.g0 !== (USERS / 5) * 2) throw new Error(`unexpected count ${JSON.stringify(counted)}`);

    for (let i = 0; i < 5; i += 1) {
      await list();
      await countOnRead();
    }
    const counter = countRoundTrips(store);
    counter.reset();
    await list();
    const listTrips = counter.count;
    counter.reset();
    await countOnRead();
    const floorTrips = counter.count;
    const kept = await timeSequential(30, list);
    const onRead = await timeSequential(30, countOnRead);

    // One sweep over the whole account: two users in five hold g0.
    const g0 = await definitions.getGroup(store, account, scope, 'g0');
    const id = String(g0?.id);
    await sweeps.start(store, account, scope, 'group', id, 'g0');
    const start = performance.now();
    await sweepAll(store, account, id);
    const sweepMs = performance.now() - start;

    const figures = {
      users: USERS,
      list_kept_p50_ms: round(percentile(kept, 50)),
      list_kept_p99_ms: round(percentile(kept, 99)),
      count_on_read_p50_ms: round(percentile(onRead, 50)),
      count_on_read_p99_ms: round(percentile(onRead, 99)),
      ratio_count_on_read_over_kept: round(percentile(onRead, 50) / percentile(kept, 50)),
      list_round_trips: listTrips,
      count_on_read_round_trips: floorTrips,
      sweep_ms: round(sweepMs, 0),
      sweep_batches: Math.ceil(USERS / 200),
    };
    line(`groups list, ${USERS} users (kept counts)`, {
      p50: figures.list_kept_p50_ms,
      p99: figures.list_kept_p99_ms,
      trips: listTrips,
    });
    line('count on read (before)', {
      p50: figures.count_on_read_p50_ms,
      p99: figures.count_on_read_p99_ms,
      trips: floorTrips,
    });
    line('ratio (p50)', { countOnReadOverKept: figures.ratio_count_on_read_over_kept });
    line(`sweep of one group (${(USERS / 5) * 2} members)`, {
      ms: figures.sweep_ms,
      batches: figures.sweep_batches,
    });
    return figures;
  } finally {
    await dynamo.stop();
  }
}

runIfMain(import.meta.url, run);
