import { accounts } from '../store/accounts';
import { agents } from '../store/agents';
import { apiKeys } from '../store/api-keys';
import type { Store } from '../store/client';
import { definitions } from '../store/definitions';
import { type DataSourceConfig, deployments, type ModelFileRecord } from '../store/deployments';
import { users } from '../store/users';

/** The keys of the demo seed (README, "Configuration"); when not supplied they are generated. */
/** The demo account's groups (the question files of `npm run eval` may only ask as members of these). */
export const DEMO_GROUPS = [
  { name: 'analysts', description: 'Analysts' },
  { name: 'managers', description: 'Managers see every row' },
];

export interface DemoKeys {
  demo: string;
  demoMember: string;
  starter: string;
}

/** Model files per branch of the sample deployment; supplied by the semantic layer. */
export type ModelBranches = Record<string, ModelFileRecord[]>;

const SAMPLE_SOURCE: DataSourceConfig = { kind: 'duckdb', database: 'sample' };

/** One seeded account; add entries here to extend the demo. */
interface SeedAccount {
  name: string;
  plan: 'free' | 'premium' | 'enterprise';
  flags: 'useCreatorMode'[];
  keys: { key: string; role: 'admin' | 'member'; description: string }[];
  attributes: {
    name: string;
    type: 'string' | 'number' | 'string_array' | 'number_array';
    description: string;
  }[];
  groups: { name: string; description: string }[];
  internalUsers: { internalId: string; email: string; groups: string[] }[];
}

function demoAccounts(keys: DemoKeys): SeedAccount[] {
  return [
    {
      name: 'demo',
      plan: 'premium',
      flags: ['useCreatorMode'],
      keys: [
        { key: keys.demo, role: 'admin', description: 'demo admin key' },
        { key: keys.demoMember, role: 'member', description: 'demo member key' },
      ],
      attributes: [
        { name: 'region', type: 'string', description: 'Sales region the user may see' },
        {
          name: 'allowed_categories',
          type: 'string_array',
          description: 'Product categories the user may see',
        },
        { name: 'min_order_amount', type: 'number', description: 'Orders below this amount are hidden' },
      ],
      groups: DEMO_GROUPS,
      internalUsers: [{ internalId: 'admin@example.com', email: 'admin@example.com', groups: ['managers'] }],
    },
    {
      name: 'starter',
      plan: 'free',
      flags: [],
      keys: [{ key: keys.starter, role: 'admin', description: 'starter admin key' }],
      attributes: [],
      groups: [],
      internalUsers: [],
    },
  ];
}

/** Applies the demo seed of README, "Configuration". Idempotent: running it again changes nothing but adds keys. */
export async function applyDemoSeed(store: Store, keys: DemoKeys, models: ModelBranches): Promise<void> {
  for (const account of demoAccounts(keys)) {
    await accounts.upsert(store, { name: account.name, plan: account.plan, flags: account.flags });
    for (const key of account.keys) {
      await apiKeys.create(store, {
        account: account.name,
        role: key.role,
        key: key.key,
        description: key.description,
      });
    }
    for (const attribute of account.attributes) {
      await definitions.upsertAttribute(store, account.name, { kind: 'tenant' }, attribute);
    }
    for (const group of account.groups) {
      await definitions.upsertGroup(store, account.name, { kind: 'tenant' }, group);
    }
    for (const user of account.internalUsers) {
      await users.putInternal(store, account.name, { ...user, attributes: {} });
    }
    await deployments.upsert(store, {
      account: account.name,
      id: 1,
      name: 'Sample orders',
      dataSource: SAMPLE_SOURCE,
      defaultBranch: 'main',
    });
    for (const [branch, files] of Object.entries(models)) {
      await deployments.putModel(store, account.name, 1, branch, files);
    }
    await agents.put(store, {
      account: account.name,
      agentId: '1',
      name: 'Data analyst',
      deploymentId: 1,
      showThinking: false,
    });
  }
}
