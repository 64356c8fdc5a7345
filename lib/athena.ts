/**
 * Amazon Athena for deployments whose data source is `{kind: "athena"}` (docs/operating.md, "Data sources"): one
 * workgroup per deployment, created here with a bytes-scanned cutoff per query and its results under its own
 * prefix of one results bucket (or an existing workgroup taken by name), and grants that let the data functions
 * run queries in those workgroups only, read the Glue databases and tables they name, and use their result
 * locations. No VPC and no secret: Athena is reached through its public API with the functions' role.
 */
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { CfnWorkGroup } from 'aws-cdk-lib/aws-athena';
import { Effect, type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/** One deployment's Athena workgroup (context `athenaWorkgroups`, docs/operating.md). */
export interface AthenaWorkgroupSettings {
  /** The workgroup's name: the data source's `workgroup` (`deployment create --athena-workgroup`). */
  readonly name: string;
  /** Glue databases the deployment's model reads (the data source's `database` first). */
  readonly databases: string[];
  /** Bytes one query may scan before Athena cancels it (created workgroups; at least 10 MB, Athena's minimum). */
  readonly bytesScannedCutoff: number;
  /** An existing workgroup, taken as it is (its cutoff and result location are its own); else created here. */
  readonly existing: boolean;
  /** An existing workgroup's result location (`s3://bucket/prefix/`), granted read and write. */
  readonly resultLocation?: string;
  /** S3 prefixes of the tables' data (`s3://bucket/prefix/`), granted read-only; none under Lake Formation. */
  readonly dataLocations: string[];
}

/** Athena's lower bound on a workgroup's bytes-scanned cutoff. */
export const MIN_BYTES_SCANNED_CUTOFF = 10_000_000;

const s3Parts = (location: string): { bucket: string; prefix: string } => {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])\/?(.*)$/.exec(location);
  if (!match) throw new Error(`context athenaWorkgroups: ${location} is not an s3://bucket/prefix/ location`);
  const prefix = match[2] ?? '';
  return { bucket: match[1] ?? '', prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix };
};

/** The deployments' workgroups and what the data functions may do with them. */
export class AthenaWorkgroups extends Construct {
  /** Where created workgroups keep their results (one prefix each); undefined when every workgroup is taken. */
  readonly resultsBucket: Bucket | undefined;
  private readonly statements: PolicyStatement[];

  constructor(scope: Construct, id: string, workgroups: readonly AthenaWorkgroupSettings[]) {
    super(scope, id);
    const stack = Stack.of(this);
    const arn = (service: string, resource: string, resourceName?: string) =>
      stack.formatArn({ service, resource, ...(resourceName ? { resourceName } : {}) });
    const created = workgroups.filter((w) => !w.existing);
    this.resultsBucket =
      created.length > 0
        ? new Bucket(this, 'Results', {
            encryption: BucketEncryption.S3_MANAGED,
            blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
            enforceSSL: true,
            // Query results are caches of answers already returned: a week is plenty, and bounds the cost.
            lifecycleRules: [{ expiration: Duration.days(7) }],
            removalPolicy: RemovalPolicy.RETAIN,
          })
        : undefined;
    const results: { bucket: string; prefix: string }[] = [];
    for (const workgroup of workgroups) {
      if (workgroup.existing) {
        if (workgroup.resultLocation) results.push(s3Parts(workgroup.resultLocation));
        continue;
      }
      const bucket = this.resultsBucket?.bucketName ?? '';
      const prefix = `${workgroup.name}/`;
      results.push({ bucket, prefix });
      new CfnWorkGroup(this, `WorkGroup-${workgroup.name}`, {
        name: workgroup.name,
        description: 'One deployment of the embedded analytics service (its queries, cutoff and results)',
        recursiveDeleteOption: false,
        workGroupConfiguration: {
          // Queries cannot override the cutoff or the result location with client-side settings.
          enforceWorkGroupConfiguration: true,
          bytesScannedCutoffPerQuery: workgroup.bytesScannedCutoff,
          publishCloudWatchMetricsEnabled: true,
          engineVersion: { selectedEngineVersion: 'Athena engine version 3' },
          resultConfiguration: {
            outputLocation: `s3://${bucket}/${prefix}`,
            encryptionConfiguration: { encryptionOption: 'SSE_S3' },
          },
        },
      });
    }
    const databases = [...new Set(workgroups.flatMap((w) => w.databases))];
    const data = workgroups.flatMap((w) => w.dataLocations.map(s3Parts));
    this.statements = [
      new PolicyStatement({
        sid: 'AthenaWorkgroups',
        effect: Effect.ALLOW,
        actions: [
          'athena:StartQueryExecution',
          'athena:GetQueryExecution',
          'athena:GetQueryResults',
          'athena:GetQueryRuntimeStatistics',
          'athena:StopQueryExecution',
          'athena:GetWorkGroup',
        ],
        resources: workgroups.map((w) => arn('athena', 'workgroup', w.name)),
      }),
      new PolicyStatement({
        sid: 'AthenaGlueTables',
        effect: Effect.ALLOW,
        actions: [
          'glue:GetDatabase',
          'glue:GetTable',
          'glue:GetTables',
          'glue:GetPartition',
          'glue:GetPartitions',
          'glue:BatchGetPartition',
        ],
        resources: [
          arn('glue', 'catalog'),
          ...databases.flatMap((db) => [arn('glue', 'database', db), arn('glue', 'table', `${db}/*`)]),
        ],
      }),
      new PolicyStatement({
        sid: 'AthenaResults',
        effect: Effect.ALLOW,
        actions: ['s3:GetObject', 's3:PutObject', 's3:AbortMultipartUpload', 's3:ListMultipartUploadParts'],
        resources: results.map((r) => `arn:${stack.partition}:s3:::${r.bucket}/${r.prefix}*`),
      }),
      new PolicyStatement({
        sid: 'AthenaResultBuckets',
        effect: Effect.ALLOW,
        actions: ['s3:GetBucketLocation', 's3:ListBucket'],
        resources: [...new Set(results.map((r) => `arn:${stack.partition}:s3:::${r.bucket}`))],
      }),
      ...(data.length > 0
        ? [
            new PolicyStatement({
              sid: 'AthenaTableData',
              effect: Effect.ALLOW,
              actions: ['s3:GetObject', 's3:ListBucket', 's3:GetBucketLocation'],
              resources: [
                ...new Set(
                  data.flatMap((d) => [
                    `arn:${stack.partition}:s3:::${d.bucket}`,
                    `arn:${stack.partition}:s3:::${d.bucket}/${d.prefix}*`,
                  ]),
                ),
              ],
            }),
          ]
        : []),
    ];
  }

  /** Lets `grantee` (a data function) run queries in these workgroups and nothing else of Athena. */
  grantQuery(grantee: IGrantable): void {
    for (const statement of this.statements) grantee.grantPrincipal.addToPrincipalPolicy(statement);
  }
}

const WORKGROUP = /^[A-Za-z0-9._-]{1,128}$/;
const GLUE_DATABASE = /^[a-z0-9_]{1,255}$/;

/** Context `athenaWorkgroups`: a JSON list (a string from `-c`, or a list in cdk.json) of one entry per deployment. */
export function athenaWorkgroupSettings(value: unknown): AthenaWorkgroupSettings[] {
  if (value === undefined || value === null || value === '') return [];
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(parsed)) throw new Error('context athenaWorkgroups: a JSON list of workgroups');
  const names = new Set<string>();
  return parsed.map((entry: unknown, i) => {
    const at = `context athenaWorkgroups[${i}]`;
    if (typeof entry !== 'object' || entry === null) throw new Error(`${at}: an object`);
    const e = entry as Record<string, unknown>;
    const name = typeof e.name === 'string' ? e.name : '';
    if (!WORKGROUP.test(name)) throw new Error(`${at}.name: 1-128 letters, digits, ".", "_" or "-"`);
    if (names.has(name)) throw new Error(`${at}.name: ${name} is listed twice`);
    names.add(name);
    const databases = Array.isArray(e.databases) ? e.databases : [e.database];
    if (databases.length === 0 || !databases.every((d) => typeof d === 'string' && GLUE_DATABASE.test(d))) {
      throw new Error(`${at}.database(s): Glue database names (lower-case letters, digits, "_")`);
    }
    const megabytes = e.bytesScannedCutoffMb ?? 10_240;
    if (
      typeof megabytes !== 'number' ||
      !Number.isInteger(megabytes) ||
      megabytes * 1_000_000 < MIN_BYTES_SCANNED_CUTOFF
    ) {
      throw new Error(
        `${at}.bytesScannedCutoffMb: a whole number of megabytes, at least 10 (Athena's minimum)`,
      );
    }
    const locations = (key: string): string[] => {
      const list = e[key] === undefined ? [] : Array.isArray(e[key]) ? e[key] : [e[key]];
      for (const location of list) {
        if (typeof location !== 'string') throw new Error(`${at}.${key}: s3://bucket/prefix/ locations`);
        s3Parts(location);
      }
      return list as string[];
    };
    const existing = e.existing === true;
    const [resultLocation] = locations('resultLocation');
    if (existing && !resultLocation) {
      throw new Error(
        `${at}.resultLocation: an existing workgroup's result location (s3://bucket/prefix/) to grant`,
      );
    }
    return {
      name,
      databases: databases as string[],
      bytesScannedCutoff: megabytes * 1_000_000,
      existing,
      ...(resultLocation ? { resultLocation } : {}),
      dataLocations: locations('dataLocations'),
    };
  });
}
