import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { secretCache, secretsManagerFetcher } from '../aws/secrets';
import { budgetsOf } from '../chat/budget';
import { config } from '../config';
import { cubeTokenSecrets } from '../embed/cube-token-secret';
import { sweepAll } from '../embed/sweep';
import { AppError, DefinitionsNotFoundError, ModelValidationError, NotFoundError } from '../errors';
import { TOOL_NAMINGS, type ToolNaming } from '../protocol';
import { clickHouseSource } from '../query/clickhouse-source';
import { athenaSource, hasPassword } from '../query/data-source';
import type { AttributeValue } from '../query-user';
import type { ModelIssue } from '../semantic';
import { type AccountFlag, accounts, FLAGS, PLANS, type Plan } from '../store/accounts';
import { agents } from '../store/agents';
import { apiKeys, type KeyRole } from '../store/api-keys';
import type { Store } from '../store/client';
import { cubeTokenPolicies, MAX_CUBE_TOKEN_LIFETIME_SECONDS } from '../store/cube-token-policy';
import { ATTRIBUTE_TYPES, type AttributeType, definitions } from '../store/definitions';
import { type DataSourceConfig, deployments } from '../store/deployments';
import { groupCounts } from '../store/group-counts';
import { effectiveRates, RATE_NAMES, type RateName } from '../store/rate-limits';
import { sweeps } from '../store/sweeps';
import { tokenUsage } from '../store/token-usage';
import { users } from '../store/users';
import { smoke } from './smoke';

/** A usage mistake: exit code 2 and the help text. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export { HELP } from './help';

const options = {
  name: { type: 'string' },
  plan: { type: 'string' },
  flag: { type: 'string', multiple: true },
  limit: { type: 'string' },
  rate: { type: 'string' },
  account: { type: 'string' },
  role: { type: 'string' },
  deployment: { type: 'string' },
  description: { type: 'string' },
  id: { type: 'string' },
  duckdb: { type: 'string' },
  postgres: { type: 'string' },
  'postgres-secret': { type: 'string' },
  'athena-workgroup': { type: 'string' },
  'athena-database': { type: 'string' },
  'athena-catalog': { type: 'string' },
  clickhouse: { type: 'string' },
  'clickhouse-database': { type: 'string' },
  'clickhouse-secret': { type: 'string' },
  'default-branch': { type: 'string' },
  branch: { type: 'string' },
  version: { type: 'string' },
  dir: { type: 'string' },
  'show-thinking': { type: 'boolean' },
  disable: { type: 'boolean' },
  'max-lifetime': { type: 'string' },
  'deny-jti': { type: 'string' },
  until: { type: 'string' },
  'tool-names': { type: 'string' },
  type: { type: 'string' },
  email: { type: 'string' },
  group: { type: 'string', multiple: true },
  attr: { type: 'string', multiple: true },
  help: { type: 'boolean' },
  verbose: { type: 'boolean' },
  update: { type: 'boolean' },
  'base-url': { type: 'string' },
  daily: { type: 'string' },
  monthly: { type: 'string' },
  agent: { type: 'string' },
  question: { type: 'string' },
  sql: { type: 'string' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>['values'];

function required(values: Values, name: keyof Values): string {
  const value = values[name];
  if (typeof value !== 'string' || value.length === 0) throw new UsageError(`--${name} is required`);
  return value;
}

function positiveInt(text: string, name: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`--${name} must be a positive integer`);
  return Number(text);
}

function oneOf<T extends string>(text: string, allowed: readonly T[], name: string): T {
  if (!(allowed as readonly string[]).includes(text))
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')}`);
  return text as T;
}

async function allDefinitions(store: Store, account: string, kind: 'group' | 'attribute') {
  const items: unknown[] = [];
  let afterName: string | undefined;
  for (;;) {
    const page = await definitions.list(store, account, { kind: 'tenant' }, kind, {
      first: 100,
      ...(afterName ? { afterName } : {}),
    });
    items.push(...page.items);
    afterName = page.items.at(-1)?.name;
    if (!page.hasNextPage || !afterName) return items;
  }
}

async function requireAccount(store: Store, name: string): Promise<void> {
  if (!(await accounts.get(store, name))) throw new NotFoundError('ACCOUNT', `Account ${name} not found`);
}

/**
 * How the CLI reads the Cube token key: against AWS, from the secret the stack made (its ARN in
 * CUBE_TOKEN_KEY_SECRET_ARN, the stack output CubeTokenKeySecretArn) with the CLI's own credentials; locally the
 * local key. Against AWS without the ARN it refuses, rather than seal with a key the functions do not have.
 */
function cubeTokenKeyLookup(store: Store) {
  const settings = config();
  if (settings.dynamodbEndpoint === undefined && !(settings.cubeTokenKey && 'arn' in settings.cubeTokenKey)) {
    throw new UsageError(
      'deployment cube-token against AWS needs CUBE_TOKEN_KEY_SECRET_ARN (the stack output CubeTokenKeySecretArn)',
    );
  }
  return secretCache(
    secretsManagerFetcher({
      credentials: async () => {
        const { accessKeyId, secretAccessKey, sessionToken } = await store.doc.config.credentials();
        return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
      },
    }),
  );
}

/** Validates a model directory with the semantic layer before it is stored. */
export type ModelLoader = (dir: string) => Promise<{ path: string; content: string }[]>;

/** Runs one CLI command against a store; returns the JSON result (the binary prints it). */
export async function runCommand(store: Store, argv: string[], loadModel: ModelLoader): Promise<unknown> {
  const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  const [noun, verb] = positionals;
  const command = `${noun ?? ''} ${verb ?? ''}`.trim();
  switch (command) {
    case 'account create': {
      const name = required(values, 'name');
      if (!/^[a-z][a-z0-9-]{1,62}$/.test(name))
        throw new UsageError('--name: lowercase letters, digits and hyphens');
      const plan = oneOf<Plan>(required(values, 'plan'), PLANS, 'plan');
      const flags = (values.flag ?? []).map((f) => oneOf<AccountFlag>(f, FLAGS, 'flag'));
      // Re-running create must not silently drop an account's flags: changing one is explicit.
      if (!values.update && (await accounts.get(store, name))) {
        throw new AppError(
          409,
          'ACCOUNT_EXISTS',
          `Account ${name} exists: pass --update to replace its plan and flags (now: --plan ${plan}${flags.map((f) => ` --flag ${f}`).join('')})`,
        );
      }
      return accounts.upsert(store, { name, plan, flags });
    }
    case 'account list':
      return accounts.list(store);
    case 'account set-limit': {
      const name = required(values, 'name');
      await requireAccount(store, name);
      const limit = required(values, 'limit');
      await accounts.setUserLimit(store, name, limit === 'default' ? undefined : positiveInt(limit, 'limit'));
      return accounts.get(store, name);
    }
    case 'account set-rate': {
      // Requests per minute per credential (API key or embed token) and operation; default: store/rate-limits.ts.
      const name = required(values, 'name');
      await requireAccount(store, name);
      const rate = oneOf<RateName>(required(values, 'rate'), RATE_NAMES, 'rate');
      const limit = required(values, 'limit');
      await accounts.setRateLimit(
        store,
        name,
        rate,
        limit === 'default' ? undefined : positiveInt(limit, 'limit'),
      );
      const account = await accounts.get(store, name);
      return { ...account, rates: account ? effectiveRates(account) : {} };
    }
    case 'account set-budget': {
      const name = required(values, 'name');
      if (values.daily === undefined && values.monthly === undefined) {
        throw new UsageError('give --daily and/or --monthly (<tokens>, none or default)');
      }
      const parse = (text: string, flag: string): number | 'none' | undefined =>
        text === 'default' ? undefined : text === 'none' ? 'none' : positiveInt(text, flag);
      const changes = (['daily', 'monthly'] as const).flatMap((period) => {
        const text = values[period];
        return text === undefined ? [] : [[period, parse(text, period)] as const];
      });
      await requireAccount(store, name);
      for (const [period, budget] of changes) await accounts.setTokenBudget(store, name, period, budget);
      const account = await accounts.get(store, name);
      if (!account) throw new NotFoundError('ACCOUNT', `Account ${name} not found`);
      const budgets = budgetsOf(account);
      const used = await tokenUsage.get(store, name);
      return {
        name,
        tokenBudgets: { daily: budgets.daily ?? 'none', monthly: budgets.monthly ?? 'none' },
        usedTokens: used,
        note: 'Warm functions see a changed budget within 30 s (account cache); budgets reset at 00:00 UTC and on the 1st.',
      };
    }
    case 'key create': {
      const account = required(values, 'account');
      await requireAccount(store, account);
      const role = oneOf<KeyRole>(required(values, 'role'), ['admin', 'member'], 'role');
      const created = await apiKeys.create(store, {
        account,
        role,
        ...(values.deployment ? { deploymentId: positiveInt(values.deployment, 'deployment') } : {}),
        ...(values.description ? { description: values.description } : {}),
      });
      return {
        ...created.record,
        key: created.key,
        note: 'The key is shown once and stored only as a hash.',
      };
    }
    case 'key list':
      return apiKeys.listByAccount(store, required(values, 'account'));
    case 'key revoke': {
      const revoked = await apiKeys.revoke(store, required(values, 'account'), required(values, 'id'));
      if (!revoked) throw new NotFoundError('KEY', `Key ${values.id} not found`);
      return { revoked: values.id, note: 'Warm functions may accept it for up to 30 s (key cache).' };
    }
    case 'deployment create': {
      const account = required(values, 'account');
      await requireAccount(store, account);
      const secretArn = values['postgres-secret'];
      const athena = values['athena-workgroup'] ?? values['athena-database'] ?? values['athena-catalog'];
      if ([values.duckdb, values.postgres, secretArn, athena, values.clickhouse].filter(Boolean).length > 1) {
        throw new UsageError(
          'give one of --duckdb, --postgres, --postgres-secret, --athena-workgroup or --clickhouse',
        );
      }
      if (!values.clickhouse && (values['clickhouse-database'] || values['clickhouse-secret']))
        throw new UsageError('--clickhouse-database and --clickhouse-secret go with --clickhouse <url>');
      if (values.postgres && hasPassword(values.postgres)) {
        // The table is readable by every function and by backups: a password does not belong in it.
        throw new UsageError(
          '--postgres: the connection string holds a password; store it in Secrets Manager and pass --postgres-secret <ARN> (or give the password to the functions as PGPASSWORD)',
        );
      }
      if (secretArn && !/^arn:aws[\w-]*:secretsmanager:[\w-]+:\d{12}:secret:.+$/.test(secretArn)) {
        throw new UsageError('--postgres-secret: a Secrets Manager secret ARN (arn:aws:secretsmanager:...)');
      }
      const dataSource: DataSourceConfig = values.clickhouse
        ? clickHouseSource({
            url: values.clickhouse,
            ...(values['clickhouse-database'] ? { database: values['clickhouse-database'] } : {}),
            ...(values['clickhouse-secret'] ? { secretArn: values['clickhouse-secret'] } : {}),
          })
        : athena
          ? athenaSource({
              workgroup: values['athena-workgroup'],
              database: values['athena-database'],
              catalog: values['athena-catalog'],
            })
          : secretArn
            ? { kind: 'postgres', connectionSecretArn: secretArn }
            : values.postgres
              ? { kind: 'postgres', connectionString: values.postgres }
              : { kind: 'duckdb', database: values.duckdb ?? 'sample' };
      return deployments.upsert(store, {
        account,
        id: positiveInt(required(values, 'id'), 'id'),
        name: required(values, 'name'),
        dataSource,
        ...(values['default-branch'] ? { defaultBranch: values['default-branch'] } : {}),
      });
    }
    case 'deployment list':
      return deployments.list(store, required(values, 'account'));
    case 'deployment cube-token': {
      const account = required(values, 'account');
      const id = positiveInt(required(values, 'id'), 'id');
      const secret = values.disable ? undefined : randomBytes(32).toString('base64url');
      if (!(await cubeTokenSecrets.set(store, account, id, secret, { lookup: cubeTokenKeyLookup(store) }))) {
        throw new NotFoundError('DEPLOYMENT', `Deployment ${id} of ${account} not found`);
      }
      if (!secret) return { deploymentId: id, cubeToken: 'disabled' };
      return {
        deploymentId: id,
        cubeTokenSecret: secret,
        note: 'Sign X-Cube-Auth-Token JWTs with HS256 and this secret: {"externalId" (or "sub"), "scope": ["chat"], "exp", ...security context}. Shown once; run again to rotate.',
      };
    }
    case 'deployment cube-token-policy': {
      const account = required(values, 'account');
      const id = positiveInt(required(values, 'id'), 'id');
      const lifetime = values['max-lifetime'];
      const maxLifetimeSeconds =
        lifetime === undefined || lifetime === 'default' ? lifetime : positiveInt(lifetime, 'max-lifetime');
      if (typeof maxLifetimeSeconds === 'number' && maxLifetimeSeconds > MAX_CUBE_TOKEN_LIFETIME_SECONDS)
        throw new UsageError(`--max-lifetime: at most ${MAX_CUBE_TOKEN_LIFETIME_SECONDS} seconds (30 days)`);
      const jti = values['deny-jti'];
      if ((jti === undefined) !== (values.until === undefined))
        throw new UsageError('--deny-jti and --until go together');
      const policy = await cubeTokenPolicies.update(store, account, id, {
        ...(maxLifetimeSeconds !== undefined ? { maxLifetimeSeconds } : {}),
        ...(jti !== undefined ? { deny: { jti, until: positiveInt(values.until ?? '', 'until') } } : {}),
      });
      if (!policy) throw new NotFoundError('DEPLOYMENT', `Deployment ${id} of ${account} not found`);
      return {
        deploymentId: id,
        maxLifetimeSeconds: policy.maxLifetimeSeconds,
        deniedJtis: [...policy.denied.keys()],
      };
    }
    case 'model push': {
      const account = required(values, 'account');
      const id = positiveInt(required(values, 'deployment'), 'deployment');
      const branch = required(values, 'branch');
      if (!/^[A-Za-z0-9._-]{1,128}$/.test(branch))
        throw new UsageError('--branch: letters, digits, . _ - only');
      if (!(await deployments.get(store, account, id))) {
        throw new NotFoundError('DEPLOYMENT', `Deployment ${id} of ${account} not found`);
      }
      const files = await loadModel(required(values, 'dir'));
      // A model that does not compile never replaces the one queries use. The semantic layer (SQL parser, YAML)
      // loads only here: every other command starts without it.
      const { parseModel } = await import('../semantic');
      let notes: readonly ModelIssue[] | undefined;
      try {
        notes = parseModel(files).notes;
      } catch (error) {
        if (error instanceof AppError)
          throw new ModelValidationError(
            error instanceof ModelValidationError
              ? error.issues
              : [{ file: '(model)', path: '(root)', message: error.message }],
            { prefix: 'model push: ', cause: error },
          );
        throw error;
      }
      const version = await deployments.putModel(store, account, id, branch, files);
      return {
        account,
        deploymentId: id,
        branch,
        version,
        files: files.map((f) => f.path),
        ...(notes ? { notes: notes.map((n) => `${n.file}: ${n.path}: ${n.message}`) } : {}),
      };
    }
    case 'model versions': {
      const id = positiveInt(required(values, 'deployment'), 'deployment');
      return deployments.listModelVersions(
        store,
        required(values, 'account'),
        id,
        required(values, 'branch'),
      );
    }
    case 'model rollback': {
      const account = required(values, 'account');
      const id = positiveInt(required(values, 'deployment'), 'deployment');
      const branch = required(values, 'branch');
      const version = positiveInt(required(values, 'version'), 'version');
      if (!(await deployments.rollbackModel(store, account, id, branch, version))) {
        throw new NotFoundError('MODEL_VERSION', `Version ${version} of ${branch} not found`);
      }
      return { account, deploymentId: id, branch, version, note: 'Live within 30 s (model cache).' };
    }
    case 'agent create': {
      const account = required(values, 'account');
      const deploymentId = positiveInt(required(values, 'deployment'), 'deployment');
      if (!(await deployments.get(store, account, deploymentId))) {
        throw new NotFoundError('DEPLOYMENT', `Deployment ${deploymentId} of ${account} not found`);
      }
      return agents.put(store, {
        account,
        agentId: required(values, 'id'),
        name: values.name ?? 'Data analyst',
        deploymentId,
        showThinking: values['show-thinking'] === true,
        // Cube's names (cubeMeta, cubeSqlApi, cube_data_analyst_agent) for clients written for Cube.
        toolNames: oneOf<ToolNaming>(values['tool-names'] ?? 'core', TOOL_NAMINGS, 'tool-names'),
      });
    }
    case 'agent list':
      return agents.list(store, required(values, 'account'));
    case 'attribute create': {
      const account = required(values, 'account');
      await requireAccount(store, account);
      return definitions.upsertAttribute(
        store,
        account,
        { kind: 'tenant' },
        {
          name: required(values, 'name'),
          type: oneOf<AttributeType>(required(values, 'type'), ATTRIBUTE_TYPES, 'type'),
          ...(values.description ? { description: values.description } : {}),
        },
      );
    }
    case 'attribute list':
      return allDefinitions(store, required(values, 'account'), 'attribute');
    case 'group create': {
      const account = required(values, 'account');
      await requireAccount(store, account);
      return definitions.upsertGroup(
        store,
        account,
        { kind: 'tenant' },
        {
          name: required(values, 'name'),
          ...(values.description ? { description: values.description } : {}),
        },
      );
    }
    case 'group list':
      return allDefinitions(store, required(values, 'account'), 'group');
    case 'group recount': {
      // The one-time backfill of the kept member counts (docs/operating.md, "Group member counts").
      const account = required(values, 'account');
      await requireAccount(store, account);
      return groupCounts.recount(store, account);
    }
    case 'sweep list':
      return sweeps.jobs(store, required(values, 'account'));
    case 'sweep resume': {
      // Runs every pending sweep of the account to its end from where it stopped (docs/operating.md, after a DLQ
      // alarm); safe beside the table-stream worker: each batch conditions on the position it read.
      const account = required(values, 'account');
      const pending = await sweeps.jobs(store, account);
      for (const job of pending) await sweepAll(store, account, job.id);
      return { resumed: pending.map((job) => job.id), pending: (await sweeps.jobs(store, account)).length };
    }
    case 'user create-internal': {
      const account = required(values, 'account');
      await requireAccount(store, account);
      const groups = values.group ?? [];
      const found = await definitions.getMany(store, account, { kind: 'tenant' }, 'group', groups);
      const missing = groups.filter((g) => !found.has(g));
      if (missing.length) throw new DefinitionsNotFoundError('group', missing);
      const attributes: Record<string, AttributeValue> = {};
      for (const pair of values.attr ?? []) {
        const at = pair.indexOf('=');
        if (at < 1) throw new UsageError('--attr must look like name=<JSON value>, e.g. region="north"');
        try {
          attributes[pair.slice(0, at)] = JSON.parse(pair.slice(at + 1)) as AttributeValue;
        } catch {
          throw new UsageError(`--attr ${pair}: the value must be JSON, e.g. region="north" or ids=[1,2]`);
        }
      }
      return users.putInternal(store, account, {
        internalId: required(values, 'id'),
        ...(values.email ? { email: values.email } : {}),
        groups,
        attributes,
      });
    }
    case 'user list':
      return users.list(store, required(values, 'account'));
    case 'smoke': {
      const baseUrl = required(values, 'base-url');
      if (!/^https?:\/\/[^\s/]+/.test(baseUrl))
        throw new UsageError('--base-url: https://... (the stack output BaseUrl)');
      return smoke(store, {
        baseUrl,
        account: required(values, 'account'),
        ...(values.agent ? { agentId: values.agent } : {}),
        ...(values.question ? { question: values.question } : {}),
        ...(values.sql ? { sql: values.sql } : {}),
      });
    }
    default:
      throw new UsageError(command ? `Unknown command: ${command}` : 'No command given');
  }
}
