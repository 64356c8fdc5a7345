import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll, type Store } from './client';
import { keys } from './keys';

export interface Agent {
  account: string;
  agentId: string;
  name: string;
  deploymentId: number;
  /** Show the agent's reasoning also outside development mode. */
  showThinking: boolean;
}

function toAgent(item: Record<string, unknown>): Agent {
  return {
    account: String(item.account),
    agentId: String(item.agentId),
    name: String(item.name),
    deploymentId: Number(item.deploymentId),
    showThinking: item.showThinking === true,
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

  async put(store: Store, agent: Agent): Promise<Agent> {
    await store.doc.send(
      new PutCommand({
        TableName: store.tableName,
        Item: { ...keys.agent(agent.account, agent.agentId), kind: 'agent', ...agent },
      }),
    );
    return agent;
  },
};
