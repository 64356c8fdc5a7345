/**
 * Embed-tenant (creator-mode) groups and attributes in access policies: tenant-wide `group(s)` and
 * `{ userAttributes.x }` never match scoped names; `embed_group(s)` and `{ embedUserAttributes.x }` name them.
 */
import fc from 'fast-check';
import { type QueryUserContext, queryContext } from '../../functions/access/identity';
import { foldExternalId, normaliseExternalId } from '../../functions/embed/sessions';
import { parseModel } from '../../functions/semantic';
import type { PolicyDef } from '../../functions/semantic/model';
import { policyCondition } from '../../functions/semantic/model/policy';
import type { UserRecord } from '../../functions/store/users';

const stored: UserRecord = {
  ref: { kind: 'external', externalId: 'kate' },
  groups: { '*': ['analysts'], 'acme-corp': ['managers', 'editors'] },
  attributes: { '*/region': 'north', 'acme-corp/region': 'south', 'other-co/region': 'west' },
  createdAt: '2026-01-01T00:00:00.000Z',
};
const column = (member: string) => `t.${member}`;
const condition = (policies: PolicyDef[], user: QueryUserContext) =>
  policyCondition(policies, user, [], column);

describe('the query context keeps embed-tenant names apart', () => {
  test('tenant-wide names as stored; the session tenant under embed; other tenants nowhere', () => {
    expect(
      queryContext(stored, undefined, undefined, { kind: 'embed', embedTenantName: 'acme-corp' }),
    ).toEqual({
      groups: ['analysts'],
      userAttributes: { region: 'north' },
      securityContext: {},
      embed: { groups: ['editors', 'managers'], userAttributes: { region: 'south' } },
    });
    expect(queryContext(stored)).toEqual({
      groups: ['analysts'],
      userAttributes: { region: 'north' },
      securityContext: {},
    });
  });
});

describe('policies', () => {
  const creator = queryContext(stored, undefined, undefined, { kind: 'embed', embedTenantName: 'acme-corp' });
  const regionFilter = (source: string) => ({
    filters: [{ member: 'region', operator: 'equals' as const, values: [`{ ${source}.region }`] }],
  });

  test('a tenant-wide group policy does not match a scoped group of the same name', () => {
    const policies: PolicyDef[] = [{ group: 'managers', row_level: { allow_all: true } }];
    expect(condition(policies, creator)).toEqual({ kind: 'none' });
  });

  test('embed_group and embed_groups match the session tenant’s scoped groups only', () => {
    expect(condition([{ embed_group: 'managers', row_level: { allow_all: true } }], creator)).toEqual({
      kind: 'all',
    });
    expect(condition([{ embed_groups: ['x', 'editors'], row_level: { allow_all: true } }], creator)).toEqual({
      kind: 'all',
    });
    const tenantWide = queryContext({ ...stored, groups: { '*': ['managers'] } });
    expect(condition([{ embed_group: 'managers', row_level: { allow_all: true } }], tenantWide)).toEqual({
      kind: 'none',
    });
  });

  test('{ userAttributes.x } is the tenant-wide value; { embedUserAttributes.x } the scoped one', () => {
    expect(condition([{ group: '*', row_level: regionFilter('userAttributes') }], creator)).toEqual({
      kind: 'sql',
      sql: '(t.region = $1)',
      params: ['north'],
    });
    expect(condition([{ group: '*', row_level: regionFilter('embedUserAttributes') }], creator)).toEqual({
      kind: 'sql',
      sql: '(t.region = $1)',
      params: ['south'],
    });
    // Without a scoped value (a tenant-wide session) the scoped reference is missing: no rows.
    const plain = queryContext(stored);
    expect(condition([{ group: '*', row_level: regionFilter('embedUserAttributes') }], plain)).toEqual({
      kind: 'none',
    });
  });

  test('inherited names never resolve', () => {
    const policies: PolicyDef[] = [
      {
        group: '*',
        row_level: {
          filters: [{ member: 'region', operator: 'equals', values: ['{ userAttributes.constructor }'] }],
        },
      },
    ];
    expect(condition(policies, creator)).toEqual({ kind: 'none' });
  });

  test('the model format accepts embed_group(s) and still needs some group', () => {
    const file = (policy: string) => ({
      path: 'a.yml',
      content: `cubes:\n  - name: c\n    sql_table: t\n    dimensions:\n      - name: region\n        sql: region\n        type: string\n    access_policy:\n      - ${policy}\n        row_level:\n          allow_all: true\n`,
    });
    expect(() => parseModel([file('embed_groups: [editors]')])).not.toThrow();
    expect(() => parseModel([file('embed_group: editors')])).not.toThrow();
    expect(() => parseModel([file('member_level: {}')])).toThrow(/embed_group/);
  });
});

describe('external id folding', () => {
  test('is idempotent and never leaves a string that folds again (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (raw) => {
        const once = foldExternalId(raw);
        expect(foldExternalId(once)).toBe(once);
        expect(once.normalize('NFC')).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });

  test('well-formed ids fold to NFC lowercase; ill-formed ones are refused', () => {
    expect(normaliseExternalId(' \u212Aate ', 'f')).toBe('kate');
    expect(normaliseExternalId('E\u0301MILE', 'f')).toBe('\u00e9mile');
    expect(() => normaliseExternalId('sur\ud800', 'f')).toThrow(/U\+D800/);
    expect(() => normaliseExternalId('a\u200db', 'f')).toThrow(/U\+200D/);
  });
});
