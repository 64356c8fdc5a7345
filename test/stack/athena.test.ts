/**
 * Athena in the stack: one workgroup per deployment with a bytes-scanned cutoff (or one taken by name), and the
 * data functions alone allowed those workgroups, their Glue databases and tables, and their result locations.
 */
import { routes } from '../../functions/routes';
import { athenaWorkgroupSettings } from '../../lib/athena';
import { statementsOf, synthesize } from './support';

const WORKGROUPS = [
  {
    name: 'ea-acme-12',
    database: 'sales_lake',
    bytesScannedCutoffMb: 2_048,
    dataLocations: ['s3://acme-lake/sales/'],
  },
  {
    name: 'shared-analytics',
    databases: ['events', 'crm'],
    existing: true,
    resultLocation: 's3://acme-athena-results/shared/',
  },
];
const DATA = new Set(routes.filter((r) => r.data).map((r) => r.id));
const ATHENA_SIDS = [
  'AthenaWorkgroups',
  'AthenaGlueTables',
  'AthenaResults',
  'AthenaResultBuckets',
  'AthenaTableData',
];

describe('athenaWorkgroups', () => {
  const synth = synthesize({ athenaWorkgroups: JSON.stringify(WORKGROUPS) });
  const template = synth.template;
  const bySid = (id: string) =>
    Object.fromEntries(
      statementsOf(template, synth.roleIds.get(id) ?? '')
        .filter((s) => ATHENA_SIDS.includes((s as { Sid?: string }).Sid ?? ''))
        .map((s) => [(s as { Sid?: string }).Sid ?? '', s]),
    );

  it('creates the workgroup with its cutoff, enforced, results under its own prefix of an encrypted bucket', () => {
    template.resourceCountIs('AWS::Athena::WorkGroup', 1);
    const [workgroup] = Object.values(template.findResources('AWS::Athena::WorkGroup'));
    const props = workgroup?.Properties as Record<string, unknown>;
    expect(props.Name).toBe('ea-acme-12');
    expect(props.WorkGroupConfiguration).toMatchObject({
      BytesScannedCutoffPerQuery: 2_048_000_000,
      EnforceWorkGroupConfiguration: true,
      EngineVersion: { SelectedEngineVersion: 'Athena engine version 3' },
    });
    expect(JSON.stringify(props.WorkGroupConfiguration)).toContain('/ea-acme-12/');
    const buckets = Object.values(template.findResources('AWS::S3::Bucket')).filter((b) =>
      JSON.stringify(b.Properties ?? {}).includes('"ExpirationInDays":7'),
    );
    expect(buckets).toHaveLength(1);
    expect(JSON.stringify(buckets[0]?.Properties)).toContain('"BlockPublicAcls":true');
  });

  it('grants the data functions only these workgroups, their Glue databases and tables, and their result locations', () => {
    for (const id of DATA) {
      const statements = bySid(id);
      expect(Object.keys(statements).sort()).toEqual([...ATHENA_SIDS].sort());
      const resources = (sid: string) => JSON.stringify(statements[sid]?.Resource);
      expect(statements.AthenaWorkgroups?.Resource).toEqual([
        {
          'Fn::Join': [
            '',
            ['arn:', { Ref: 'AWS::Partition' }, ':athena:eu-west-1:111122223333:workgroup/ea-acme-12'],
          ],
        },
        {
          'Fn::Join': [
            '',
            ['arn:', { Ref: 'AWS::Partition' }, ':athena:eu-west-1:111122223333:workgroup/shared-analytics'],
          ],
        },
      ]);
      expect(statements.AthenaWorkgroups?.Action).toContain('athena:StopQueryExecution');
      expect(JSON.stringify(statements.AthenaWorkgroups?.Action)).not.toContain('*');
      for (const db of ['sales_lake', 'events', 'crm']) {
        expect(resources('AthenaGlueTables')).toContain(`:glue:eu-west-1:111122223333:database/${db}`);
        expect(resources('AthenaGlueTables')).toContain(`:glue:eu-west-1:111122223333:table/${db}/*`);
      }
      expect(resources('AthenaGlueTables')).not.toContain('database/*');
      expect(JSON.stringify(statements.AthenaGlueTables?.Action)).not.toMatch(/Create|Update|Delete|Put/);
      expect(resources('AthenaResults')).toContain('/ea-acme-12/*');
      expect(resources('AthenaResults')).toContain('acme-athena-results/shared/*');
      expect(statements.AthenaTableData?.Action).toEqual([
        's3:GetObject',
        's3:ListBucket',
        's3:GetBucketLocation',
      ]);
      expect(resources('AthenaTableData')).toContain('acme-lake/sales/*');
    }
  });

  it('grants nothing of Athena to the other functions, and needs no VPC or secret', () => {
    for (const [id] of synth.roleIds) {
      if (!DATA.has(id)) expect({ id, athena: Object.keys(bySid(id)) }).toEqual({ id, athena: [] });
    }
    for (const fn of Object.values(template.findResources('AWS::Lambda::Function'))) {
      expect((fn.Properties as Record<string, unknown>).VpcConfig).toBeUndefined();
    }
  });

  it('without the setting there is no workgroup, bucket or grant', () => {
    const plain = synthesize();
    plain.template.resourceCountIs('AWS::Athena::WorkGroup', 0);
    for (const [, role] of plain.roleIds) {
      const sids = statementsOf(plain.template, role).map((s) => (s as { Sid?: string }).Sid);
      expect(sids.filter((sid) => ATHENA_SIDS.includes(sid ?? ''))).toEqual([]);
    }
  });

  it('refuses a setting it cannot grant exactly', () => {
    expect(() => athenaWorkgroupSettings([{ name: 'a b', database: 'x' }])).toThrow(/name/);
    expect(() => athenaWorkgroupSettings([{ name: 'wg', database: 'Sales' }])).toThrow(/database/);
    expect(() => athenaWorkgroupSettings([{ name: 'wg', database: 'x', bytesScannedCutoffMb: 5 }])).toThrow(
      /at least 10/,
    );
    expect(() => athenaWorkgroupSettings([{ name: 'wg', database: 'x', existing: true }])).toThrow(
      /resultLocation/,
    );
    expect(() =>
      athenaWorkgroupSettings([{ name: 'wg', database: 'x', dataLocations: ['https://x'] }]),
    ).toThrow(/s3:/);
    expect(() =>
      athenaWorkgroupSettings([
        { name: 'wg', database: 'x' },
        { name: 'wg', database: 'y' },
      ]),
    ).toThrow(/twice/);
    expect(athenaWorkgroupSettings([{ name: 'wg', database: 'x' }])[0]?.bytesScannedCutoff).toBe(
      10_240_000_000,
    );
  });
});
