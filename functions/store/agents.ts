import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ToolNaming } from '../protocol';
import { queryAll, type Store } from './client';
import { keys } from './keys';

export interface Agent {
  account: string;
  agentId: string;
  name: string;
  deploymentId: number;
  /** Show the agent's reasoning also outside development mode. */
  showThinking: boolean;
  /** The tool and node names of its stream: the service spec's (`core`, default) or Cube's (`cube`). */
  toolNames: ToolNaming;
}

function toAgent(item: Record<string, unknown>): Agent {
  return {
    account: String(item.account),
    agentId: String(item.agentId),
    name: String(item.name),
    deploymentId: Number(item.deploymentId),
    showThinking: item.showThinking === true,
    toolNames: item.toolNames === 'cube' ? 'cube' : 'core',
  };
}

/** AI agents of an account; each answers over one deployment. */
export const agents = {
  async get(store: Store, account: string, agentId: string): Promise<Agent | undefined> {
    const out = await store.doc.send(
      new GetCommand({ TableName: store.tableName, Key: keys.agent(account, agentId) }),
    );
    return out.Item ? toAgent(out.Item) : undefined;
  },

  async list(store: Store, account: string): Promise<Agent[]> {
    const items = await queryAll(store, { pk: keys.accountPartition(account), prefix: keys.agentPrefix });
    return items.map(toAgent);
  },

  /** Creates or replaces an agent; without `toolNames` it uses the service spec's names. */
  async put(store: Store, input: Omit<Agent, 'toolNames'> & { toolNames?: ToolNaming }): Promise<Agent> {
    const agent: Agent = { ...input, toolNames: input.toolNames ?? 'core' };
    await store.doc.send(
      new PutCommand({
        TableName: store.tableName,
        Item: { ...keys.agent(agent.account, agent.agentId), kind: 'agent', ...agent },
      }),
    );
    return agent;
  },
};
