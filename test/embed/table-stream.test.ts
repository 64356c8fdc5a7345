import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { applyStreamRecords } from '../../functions/embed/table-stream';
import type { Store } from '../../functions/store/client';
import { definitions } from '../../functions/store/definitions';
import { keys, type Scope } from '../../functions/store/keys';
import { sweeps } from '../../functions/store/sweeps';
import { readItem } from '../support/store';
import { creatorSession, type Seeded, seededDemo } from './support';

let store: Store;
let seeded: Seeded;
const tenant = `ts-${Date.now().toString(36)}`;
const scope: Scope = { kind: 'embed', embedTenantName: tenant };

beforeAll(async () => {
  seeded = await seededDemo('ts');
  ({ store } = seeded);
});

const session = (externalId: string, extra: Record<string, unknown>) =>
  creatorSession(seeded, tenant, externalId, extra);

/** A record as DynamoDB Streams delivers it (the shape the stack's filter matches). */
function record(
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE',
  key: { pk: string; sk: string },
  old?: Record<string, unknown>,
  byTtl = false,
): DynamoDBRecord {
  return {
    eventID: `ev-${Math.random()}`,
    eventName,
    ...(byTtl ? { userIdentity: { type: 'Service', principalId: 'dynamodb.amazonaws.com' } } : {}),
    dynamodb: {
      Keys: marshall(key) as never,
      ...(old ? { OldImage: marshall(old, { removeUndefinedValues: true }) as never } : {}),
      SequenceNumber: String(Date.now()),
    },
  };
}

const count = async (name: string) => (await readItem(store, keys.group('demo', scope, name)))?.userCount;

describe('table-stream worker', () => {
  test('a user the TTL deleted leaves the counts; a delete by anyone else, or a redelivery, changes nothing', async () => {
    await session('ttl-user', { groupDefinitions: [{ name: 'x' }], groups: ['x'], isEphemeral: true });
    await session('other-user', { groups: ['x'] });
    expect(await count('x')).toBe(2);
    const key = keys.externalUser('demo', 'ttl-user');
    const old = await readItem(store, key);
    const removed = record('REMOVE', key, old, true);
    expect(await applyStreamRecords(store, [removed, removed])).toEqual({ batchItemFailures: [] });
    expect(await count('x')).toBe(1);
    // Not the TTL's: the delete's own writer kept the counts.
    await applyStreamRecords(store, [record('REMOVE', keys.externalUser('demo', 'other-user'), old)]);
    expect(await count('x')).toBe(1);
  });

  test('a sweep job record runs one batch; a failure is reported for retry from that record', async () => {
    await session('sw-user', { groupDefinitions: [{ name: 'gone' }], groups: ['gone', 'x'] });
    const id = String((await definitions.getGroup(store, 'demo', scope, 'gone'))?.id);
    await sweeps.start(store, 'demo', scope, 'group', id, 'gone');
    const job = keys.sweepJob('demo', id);
    expect(await applyStreamRecords(store, [record('INSERT', job)])).toEqual({ batchItemFailures: [] });
    // The whole account fits one batch: the sweep ended.
    expect(await sweeps.job(store, 'demo', id)).toBeUndefined();
    const groups = (await readItem(store, keys.externalUser('demo', 'sw-user')))?.groups as Record<
      string,
      string[]
    >;
    expect(groups[tenant]).toEqual(['x']);
    // A record the worker cannot apply (an image DynamoDB would never send) is reported, not swallowed.
    const broken = record('REMOVE', keys.externalUser('demo', 'sw-user'), { groups: 'not a map' }, true);
    broken.dynamodb = { ...broken.dynamodb, OldImage: { groups: { BAD: true } } as never };
    const failed = await applyStreamRecords(store, [record('MODIFY', job), broken]);
    expect(failed.batchItemFailures).toEqual([{ itemIdentifier: broken.dynamodb?.SequenceNumber }]);
  });
});
