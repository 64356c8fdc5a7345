import { existsSync } from 'node:fs';
import path from 'node:path';
import { Annotations, Duration, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import {
  type ISecurityGroup,
  type ISubnet,
  type IVpc,
  SecurityGroup,
  Subnet,
  Vpc,
} from 'aws-cdk-lib/aws-ec2';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import {
  Architecture,
  FunctionUrlAuthType,
  type FunctionUrlCorsOptions,
  HttpMethod,
  type ILayerVersion,
  InvokeMode,
  type FunctionUrl as LambdaFunctionUrl,
  Runtime,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { type BundlingOptions, LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import {
  functionIds,
  type RouteDefinition,
  routes,
  type TableAccess,
  type TableAction,
} from '../functions/routes';
import { PARTITION_PREFIXES, type Partition } from '../functions/store/keys';
import { byOwnerIndex } from '../functions/store/table';
import type { AthenaWorkgroups } from './athena';
import { copySidecarsIfUsedCommand, entryOf, projectRoot, sharedBundling } from './bundling';
import {
  type DeployConfig,
  reservedFor,
  reservedTotal,
  UNRESERVED_MINIMUM,
  type VpcSettings,
} from './config';
import { installDuckdbIfImportedCommand, LAYER_SAMPLE_DIR } from './duckdb-asset';
import { DuckdbLayer } from './duckdb-layer';

/** One function's settings, merged from all routes that share its id. */
export interface EndpointSpec {
  readonly id: string;
  readonly routes: RouteDefinition[];
  readonly streaming: boolean;
  /** The union of its routes' table access, per partition. */
  readonly table: TableAccess;
  readonly bedrock: boolean;
  readonly data: boolean;
  readonly cursorSecret: boolean;
  readonly tokenSecret: boolean;
  readonly cubeTokenKey: boolean;
  readonly expiryIndex: boolean;
}

/** Merges route access: the union of actions per partition, in a stable order. */
export function mergeAccess(accesses: readonly TableAccess[]): TableAccess {
  const out: Partial<Record<Partition, TableAction[]>> = {};
  for (const access of accesses) {
    for (const [partition, actions] of Object.entries(access) as [Partition, readonly TableAction[]][]) {
      out[partition] = [...new Set([...(out[partition] ?? []), ...actions])].sort();
    }
  }
  return out;
}

export const usesTable = (access: TableAccess): boolean =>
  Object.values(access).some((actions) => actions.length > 0);

/** Groups routes.ts into functions (one per id), keeping the union of its routes' needs. */
export function endpointSpecs(): EndpointSpec[] {
  return functionIds().map((id) => {
    const own = routes.filter((route) => route.id === id);
    return {
      id,
      routes: own,
      streaming: own.some((route) => route.streaming),
      table: mergeAccess(own.map((route) => route.table)),
      bedrock: own.some((route) => route.bedrock === true),
      data: own.some((route) => route.data === true),
      cursorSecret: own.some((route) => route.cursorSecret === true),
      tokenSecret: own.some((route) => route.tokenSecret === true),
      cubeTokenKey: own.some((route) => route.cubeTokenKey === true),
      expiryIndex: own.some((route) => route.expiryIndex === true),
    };
  });
}

/**
 * One statement per partition: its actions on the table itself (the one index read, list-groups', has its own
 * statement: expiryIndexStatement), only for items whose partition key starts with that partition's prefix. TransactWriteItems and BatchGet/BatchWrite are
 * authorized per item against these statements, so a transaction cannot reach another partition either.
 */
export function tableStatements(access: TableAccess, tableArn: string): PolicyStatement[] {
  return (Object.entries(access) as [Partition, readonly TableAction[]][])
    .filter(([, actions]) => actions.length > 0)
    .map(
      ([partition, actions]) =>
        new PolicyStatement({
          sid: `Table${partition.charAt(0).toUpperCase()}${partition.slice(1)}`,
          effect: Effect.ALLOW,
          actions: actions.map((action) => `dynamodb:${action}`),
          resources: [tableArn],
          conditions: {
            'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${PARTITION_PREFIXES[partition]}*`] },
          },
        }),
    );
}

/** Query on the byOwner index for account keys only: the expiring users the group counts subtract. */
export function expiryIndexStatement(tableArn: string): PolicyStatement {
  return new PolicyStatement({
    sid: 'ExpiringUsersIndex',
    effect: Effect.ALLOW,
    actions: ['dynamodb:Query'],
    resources: [`${tableArn}/index/${byOwnerIndex.name}`],
    conditions: {
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${PARTITION_PREFIXES.account}*`] },
    },
  });
}

/** The stack's NodejsFunction bundling, from the options the benchmark also uses. */
export function nodejsBundling(id?: string): BundlingOptions {
  const shared = sharedBundling(id);
  return {
    target: shared.target,
    format: OutputFormat.ESM,
    minify: shared.minify,
    sourceMap: shared.sourcemap,
    sourcesContent: shared.sourcesContent,
    logLevel: LogLevel.WARNING,
    mainFields: shared.mainFields,
    banner: shared.banner,
    externalModules: shared.external,
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (_inputDir: string, outputDir: string) => [
        installDuckdbIfImportedCommand(outputDir, shared.outfile),
        copySidecarsIfUsedCommand(outputDir, shared.outfile),
      ],
    },
  };
}

const pascal = (id: string) =>
  id.replace(/(^|-)([a-z0-9])/g, (_match, _dash, char: string) => char.toUpperCase());

export interface EndpointFunctionsProps {
  readonly table: ITable;
  readonly config: DeployConfig;
  /** The value CloudFront sends in the origin-verify header; every function requires it. */
  readonly originVerifySecret: ISecret;
  /** Signs pagination cursors; only the functions whose routes set `cursorSecret` may read it. */
  readonly cursorSecret: ISecret;
  /** Signs embed tokens (JWT, HS256); only the functions whose routes set `tokenSecret` may read it. */
  readonly tokenSecret: ISecret;
  /** Seals deployments' Cube token secrets; only the functions whose routes set `cubeTokenKey` may read it. */
  readonly cubeTokenKey: ISecret;
  /** The deployments' Athena workgroups, granted to the data functions only (lib/athena.ts). */
  readonly athena?: AthenaWorkgroups;
}

export interface Endpoint {
  readonly spec: EndpointSpec;
  readonly fn: NodejsFunction;
  readonly url: LambdaFunctionUrl;
}

/** One Lambda per route id with its function URL and only the permissions its routes declare. */
export class EndpointFunctions extends Construct {
  readonly endpoints: Endpoint[];

  constructor(scope: Construct, id: string, props: EndpointFunctionsProps) {
    super(scope, id);
    const specs = endpointSpecs();
    const missing = specs.map((spec) => entryOf(spec.id)).filter((entry) => !existsSync(entry));
    if (missing.length > 0) {
      throw new Error(
        `Missing Lambda entry modules: ${missing.map((m) => path.relative(projectRoot, m)).join(', ')}`,
      );
    }
    this.network = props.config.vpc ? this.dataNetwork(props.config.vpc) : undefined;
    this.duckdb = specs.some((spec) => spec.data) ? new DuckdbLayer(this, 'DuckDb').layer : undefined;
    this.endpoints = specs.map((spec) => this.endpoint(spec, props));
    const reserved = reservedTotal(props.config.reservedConcurrency);
    if (reserved > 0) {
      Annotations.of(this).addInfoV2(
        'embedded-analytics:reservedConcurrency',
        `Reserves ${reserved} concurrent executions: the account's Lambda concurrency limit must be at least ` +
          `${reserved + UNRESERVED_MINIMUM} (aws lambda get-account-settings; docs/operating.md, Concurrency).`,
      );
    }
  }

  /** DuckDB and the demo dataset, shared by the data functions. */
  readonly duckdb: ILayerVersion | undefined;

  /** Where the data functions run when a VPC is configured (so a private database is reachable). */
  readonly network: { vpc: IVpc; subnets: ISubnet[]; securityGroups: ISecurityGroup[] } | undefined;

  private dataNetwork(settings: VpcSettings) {
    const vpc = Vpc.fromVpcAttributes(this, 'Vpc', {
      vpcId: settings.vpcId,
      // Only the subnets below are used; the zones are not needed to place the functions.
      availabilityZones: Fn.getAzs(),
    });
    const subnets = settings.subnetIds.map((id) => Subnet.fromSubnetId(this, `Subnet-${id}`, id));
    const securityGroups =
      settings.securityGroupIds.length > 0
        ? settings.securityGroupIds.map((id) => SecurityGroup.fromSecurityGroupId(this, `Sg-${id}`, id))
        : [
            new SecurityGroup(this, 'DataAccess', {
              vpc,
              description: 'Chat and SQL functions: outbound only (allow it on your database security group)',
              allowAllOutbound: true,
            }),
          ];
    return { vpc, subnets, securityGroups };
  }

  private endpoint(spec: EndpointSpec, props: EndpointFunctionsProps): Endpoint {
    const name = pascal(spec.id);
    const heavy = spec.data || spec.bedrock;
    const logGroup = new LogGroup(this, `${name}Logs`, {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const fn = new NodejsFunction(this, name, {
      entry: entryOf(spec.id),
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      // More memory is also more CPU: it shortens cold starts; DuckDB wants room for its buffers.
      memorySize: heavy ? 2048 : 512,
      timeout: this.timeout(spec, props.config),
      description: spec.routes.map((route) => `${route.method} ${route.path}`).join(' | '),
      projectRoot,
      depsLockFilePath: path.join(projectRoot, 'package-lock.json'),
      bundling: nodejsBundling(spec.id),
      ...(spec.data && this.duckdb ? { layers: [this.duckdb] } : {}),
      environment: this.environment(spec, props),
      logGroup,
      tracing: Tracing.ACTIVE,
      ...this.concurrency(spec, props.config),
      ...(spec.data && this.network
        ? {
            vpc: this.network.vpc,
            vpcSubnets: { subnets: this.network.subnets },
            securityGroups: this.network.securityGroups,
          }
        : {}),
    });
    this.grant(fn, spec, props);
    const url = fn.addFunctionUrl({
      // Callers authenticate with Api-Key/Bearer inside the function; IAM auth (CloudFront OAC) would
      // replace that Authorization header and makes POST bodies need a client-side SHA-256 header.
      authType: FunctionUrlAuthType.NONE,
      invokeMode: spec.streaming ? InvokeMode.RESPONSE_STREAM : InvokeMode.BUFFERED,
      ...(props.config.allowedOrigins.length > 0 ? { cors: this.cors(spec, props.config) } : {}),
    });
    return { spec, fn, url };
  }

  /** Chat: 300 s, or the turn timeout plus 60 s; SQL: 60 s, or the SQL timeout plus 15 s; others 15 s. */
  private timeout(spec: EndpointSpec, config: DeployConfig): Duration {
    const { chatTurnTimeoutSeconds, sqlTimeoutSeconds } = config.settings;
    if (spec.bedrock) return Duration.seconds(Math.max(300, (chatTurnTimeoutSeconds ?? 0) + 60));
    if (spec.data) return Duration.seconds(Math.max(60, (sqlTimeoutSeconds ?? 0) + 15));
    return Duration.seconds(15);
  }

  private concurrency(spec: EndpointSpec, config: DeployConfig): { reservedConcurrentExecutions?: number } {
    const limit = reservedFor(config.reservedConcurrency, spec.id);
    return limit === undefined ? {} : { reservedConcurrentExecutions: limit };
  }

  private environment(spec: EndpointSpec, props: EndpointFunctionsProps): Record<string, string> {
    const { config } = props;
    const env: Record<string, string> = {
      NODE_OPTIONS: '--enable-source-maps',
      // Only the ARN: functions/http/origin-verify.ts reads the accepted values at runtime.
      ORIGIN_VERIFY_SECRET_ARN: props.originVerifySecret.secretArn,
    };
    const { settings } = config;
    env.LOG_LEVEL = settings.logLevel;
    if (spec.id === 'embed-page') {
      env.EMBED_FRAME_ANCESTORS = config.frameAncestors;
      if (settings.embedAssetsUrl) env.EMBED_ASSETS_URL = settings.embedAssetsUrl;
    }
    // Functions that provision users count them against the limit.
    if (settings.externalUserLimit && spec.table.account?.includes('PutItem')) {
      env.EXTERNAL_USER_LIMIT = String(settings.externalUserLimit);
    }
    if (spec.data && settings.sqlTimeoutSeconds)
      env.SQL_TIMEOUT_MS = String(settings.sqlTimeoutSeconds * 1000);
    if (usesTable(spec.table)) env.TABLE_NAME = props.table.tableName;
    // The ARN only: the function reads the value from Secrets Manager (functions/aws/secrets.ts).
    if (spec.cursorSecret) env.CURSOR_SECRET_ARN = props.cursorSecret.secretArn;
    if (spec.tokenSecret) env.EMBED_TOKEN_SECRET_ARN = props.tokenSecret.secretArn;
    if (spec.cubeTokenKey) env.CUBE_TOKEN_KEY_SECRET_ARN = props.cubeTokenKey.secretArn;
    if (spec.data) {
      env.DATA_DIR = '/tmp/data';
      env.SAMPLE_DATA_DIR = LAYER_SAMPLE_DIR;
      env.DUCKDB_MEMORY_LIMIT = '1GB';
      env.DUCKDB_THREADS = '2';
    }
    if (spec.bedrock) {
      env.MODEL_PROVIDER = config.modelProvider;
      env.STREAM_KEEPALIVE_MS = String(settings.keepaliveSeconds * 1000);
      if (settings.chatTurnTimeoutSeconds)
        env.CHAT_TURN_TIMEOUT_MS = String(settings.chatTurnTimeoutSeconds * 1000);
      if (settings.dailyTokenBudget !== undefined) env.TOKEN_BUDGET_DAILY = String(settings.dailyTokenBudget);
      if (settings.monthlyTokenBudget !== undefined)
        env.TOKEN_BUDGET_MONTHLY = String(settings.monthlyTokenBudget);
      if (config.modelProvider === 'bedrock') {
        env.BEDROCK_MODEL_ID = config.bedrockModelId;
        if (settings.bedrockMaxTokens) env.BEDROCK_MAX_TOKENS = String(settings.bedrockMaxTokens);
        if (settings.bedrockReasoningBudget)
          env.BEDROCK_REASONING_BUDGET = String(settings.bedrockReasoningBudget);
      }
      if (config.modelProvider === 'openai') {
        env.OPENAI_BASE_URL = config.openaiBaseUrl ?? '';
        if (config.openaiModel) env.OPENAI_MODEL = config.openaiModel;
        if (settings.openaiApiKeySecretArn) env.OPENAI_API_KEY_SECRET_ARN = settings.openaiApiKeySecretArn;
      }
    }
    return env;
  }

  private grant(fn: NodejsFunction, spec: EndpointSpec, props: EndpointFunctionsProps): void {
    for (const statement of tableStatements(spec.table, props.table.tableArn)) fn.addToRolePolicy(statement);
    if (spec.expiryIndex) fn.addToRolePolicy(expiryIndexStatement(props.table.tableArn));
    if (spec.cursorSecret) props.cursorSecret.grantRead(fn);
    if (spec.tokenSecret) props.tokenSecret.grantRead(fn);
    if (spec.cubeTokenKey) props.cubeTokenKey.grantRead(fn);
    props.originVerifySecret.grantRead(fn);
    if (spec.data) props.athena?.grantQuery(fn);
    if (spec.data && props.config.databaseSecretArns.length > 0) {
      fn.addToRolePolicy(
        new PolicyStatement({
          sid: 'DatabaseSecrets',
          effect: Effect.ALLOW,
          actions: ['secretsmanager:GetSecretValue'],
          resources: props.config.databaseSecretArns,
        }),
      );
    }
    const openaiKey = props.config.settings.openaiApiKeySecretArn;
    if (spec.bedrock && props.config.modelProvider === 'openai' && openaiKey) {
      fn.addToRolePolicy(
        new PolicyStatement({
          sid: 'OpenAiApiKey',
          effect: Effect.ALLOW,
          actions: ['secretsmanager:GetSecretValue'],
          resources: [openaiKey],
        }),
      );
    }
    if (spec.bedrock && props.config.modelProvider === 'bedrock') {
      for (const statement of bedrockStatements(Stack.of(this), props.config.bedrockModelId)) {
        fn.addToRolePolicy(statement);
      }
    }
  }

  private cors(spec: EndpointSpec, config: DeployConfig): FunctionUrlCorsOptions {
    return {
      allowedOrigins: config.allowedOrigins,
      allowedMethods: [...new Set(spec.routes.map((route) => HttpMethod[route.method]))],
      allowedHeaders: ['authorization', 'content-type', 'accept'],
      maxAge: Duration.hours(1),
    };
  }
}

const CROSS_REGION_PREFIX = /^(us|eu|apac|us-gov|jp|au|ca|global)\.(.+)$/;

/**
 * The grant for a model id: a foundation model in this region; or a cross-region inference profile, plus the
 * foundation model it routes to in any region but only when invoked through that profile
 * (`bedrock:InferenceProfileArn`), so the function cannot call the model directly in another region.
 */
export function bedrockStatements(stack: Stack, modelId: string): PolicyStatement[] {
  const action = 'bedrock:InvokeModelWithResponseStream';
  const [first, model] = bedrockResources(stack, modelId);
  if (!first) return [];
  if (!model)
    return [
      new PolicyStatement({
        sid: 'BedrockModel',
        effect: Effect.ALLOW,
        actions: [action],
        resources: [first],
      }),
    ];
  return [
    new PolicyStatement({
      sid: 'BedrockInferenceProfile',
      effect: Effect.ALLOW,
      actions: [action],
      resources: [first],
    }),
    new PolicyStatement({
      sid: 'BedrockModelViaProfile',
      effect: Effect.ALLOW,
      actions: [action],
      resources: [model],
      conditions: { StringEquals: { 'bedrock:InferenceProfileArn': first } },
    }),
  ];
}

/**
 * What a model id may invoke: a foundation model in this region, or a cross-region inference profile
 * plus the foundation model it routes to in any region.
 */
export function bedrockResources(stack: Stack, modelId: string): string[] {
  if (modelId.startsWith('arn:')) return [modelId];
  const profile = CROSS_REGION_PREFIX.exec(modelId);
  if (profile?.[2]) {
    return [
      `arn:${stack.partition}:bedrock:${stack.region}:${stack.account}:inference-profile/${modelId}`,
      `arn:${stack.partition}:bedrock:*::foundation-model/${profile[2]}`,
    ];
  }
  return [`arn:${stack.partition}:bedrock:${stack.region}::foundation-model/${modelId}`];
}
