import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import {
  type CallerIdentity,
  needsProvisioning,
  prefetchUser,
  requireAi,
  resolveIdentity,
  sessionSettingsSchema,
} from '../access/identity';
import { createAnalystTools, type ModelProvider, providerFromConfig, runAgentTurn } from '../agent';
import { TtlCache } from '../cache';
import { config, type ModelConfig } from '../config';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { describeError } from '../observability/log';
import { allowedBranch, branchModel, deploymentFor } from '../query/models';
import { SQL_TIMEOUT_MS } from '../query/sql-api';
import type { StreamResult } from '../responses';
import { type Agent, agents } from '../store/agents';
import type { Store } from '../store/client';
import { withRate } from '../store/rate-limits';
import { type ThreadMeta, threads } from '../store/threads';
import { nullAsAbsent } from '../zod';
import {
  type ChatPath,
  type ChatRequest,
  chatId,
  cubeTokenTarget,
  ownerOf,
  owns,
  threadNotFound,
} from './abort';
import { checkTokenBudget, recordTokenUsage } from './budget';
import { followStream, running } from './follow';
import { chatSettings } from './settings';
import { loadHistory, type RunAgent, turnStream } from './turn';
import { meterTurnEnd, meterUsage } from './usage';

/** At most this many images per message; the 256 KiB body limit bounds their size. */
const MAX_IMAGES = 10;

/**
 * Cube's `ImageAttachmentDto`: validated (an image type, base64 data) and accepted so Cube clients work; the
 * models of this service receive the text only (README, differences from Cube).
 */
const imageAttachment = z.strictObject({
  mimeType: z.enum(['image/png', 'image/jpeg', 'image/gif', 'image/webp']),
  data: z
    .string()
    .min(1)
    .regex(/^(?:data:image\/[a-z]+;base64,)?[A-Za-z0-9+/]+={0,2}$/, 'must be base64 image data'),
  name: nullAsAbsent(z.string().max(256)),
});

/** Body of POST {chat_url}/stream-chat-state (README, "Chat with the analyst", README, "Chat with the analyst"). */
export const chatStreamBody = z.strictObject({
  input: nullAsAbsent(z.string().min(1).max(20_000)),
  chatId: nullAsAbsent(chatId),
  sessionSettings: nullAsAbsent(sessionSettingsSchema),
  activeBranchName: nullAsAbsent(z.string().min(1).max(128)),
  isDefaultBranch: nullAsAbsent(z.boolean()),
  messageId: nullAsAbsent(
    z
      .string()
      .max(64)
      .regex(/^\d{13,}-message$/, 'must look like <epoch ms>-message'),
  ),
  images: nullAsAbsent(z.array(imageAttachment).max(MAX_IMAGES)),
});
export type ChatStreamBody = z.infer<typeof chatStreamBody>;

/** NDJSON response headers: no caching or buffering on the way (proxies, CloudFront). */
export const STREAM_HEADERS: Record<string, string> = {
  'content-type': 'application/x-ndjson',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

let provider: { model: ModelConfig; provider: ModelProvider } | undefined;
/** One provider per process and configuration (warm Lambdas reuse its clients; tests and benches switch it). */
const modelProvider = (): ModelProvider => {
  const { model } = config();
  if (provider?.model !== model) provider = { model, provider: providerFromConfig(model) };
  return provider.provider;
};

/** Agents change rarely: a found agent is reused for a short, bounded time (models are cached the same way). */
const AGENT_CACHE_MS = 30_000;
const agentCache = new TtlCache<string, Agent>({ ttlMs: AGENT_CACHE_MS, maxEntries: 500 });

/** The agent of the path; another account's name is AGENT_NOT_FOUND (README, "Errors"). */
async function agentFor(store: Store, identity: CallerIdentity, path: ChatPath): Promise<Agent> {
  const missing = () => new NotFoundError('AGENT', `Agent ${path.agentId ?? ''} not found`);
  if (!path.agentId || path.accountName !== identity.account.name) throw missing();
  const key = `${store.tableName}|${identity.account.name}|${path.agentId}`;
  const hit = agentCache.get(key);
  if (hit) return hit;
  const agent = await agents.get(store, identity.account.name, path.agentId);
  if (!agent) throw missing();
  agentCache.set(key, agent);
  return agent;
}

/**
 * Opens a chat stream. Everything that can be refused (body, credentials, plan, agent, branch, thread, busy) is
 * checked before the first line; the returned lines are then a new turn, a re-attach to a running turn started
 * by the same messageId, or a replay of the thread (no input).
 */
export async function openChatStream(request: ChatRequest, body: ChatStreamBody): Promise<StreamResult> {
  const { store, log } = request;
  const settings = chatSettings();
  if (body.input === undefined && body.chatId === undefined) {
    throw new ValidationError('body.input: required when body.chatId is not given');
  }
  const target = await cubeTokenTarget(store, request);
  const cubeToken = target ? { cubeToken: target.cubeToken } : {};
  const authenticate = (provision: boolean, stored?: ReturnType<typeof prefetchUser>) =>
    resolveIdentity(store, request.authorization, body.sessionSettings, {
      purpose: 'chat',
      provision,
      stored,
      ...cubeToken,
    });
  const agentOf = (identity: CallerIdentity) =>
    target ? Promise.resolve(target.agent) : agentFor(store, identity, request.path);

  if (body.input === undefined) {
    // Replay reads only: it never provisions or updates the user.
    const identity = await authenticate(false);
    requireAi(identity);
    const id = body.chatId ?? '';
    const [agent, meta] = await Promise.all([agentOf(identity), threads.get(store, id)]);
    if (!meta || !owns(meta, ownerOf(identity, agent.agentId))) throw threadNotFound(id);
    // A finished thread is read before the first line: a failed read is a plain error response.
    const stored = running(meta) ? undefined : await threads.lines(store, id);
    return stream(
      followStream({ store, log, settings, meta, mode: 'replay', ...(stored ? { stored } : {}) }),
    );
  }

  // Everything that can refuse the turn is read first (the caller and, for internal and token users, the user;
  // the agent, the thread, the deployment and branch); only then are the user and the thread written, so a
  // refusal writes nothing.
  const probe = await resolveIdentity(store, request.authorization, body.sessionSettings, {
    purpose: 'chat',
    provision: false,
    probe: true,
    ...cubeToken,
  });
  requireAi(probe);
  // The account's token budgets are read from here on, beside the agent, the thread, the user and the rate count
  // (no round trip of its own); they are awaited before anything is written.
  const budget = checkTokenBudget(store, probe.account);
  budget.catch(() => undefined);
  const [agent, existing] = await Promise.all([
    agentOf(probe),
    body.chatId === undefined ? undefined : threads.get(store, body.chatId),
  ]);
  if (body.chatId !== undefined) {
    if (!existing || !owns(existing, ownerOf(probe, agent.agentId))) throw threadNotFound(body.chatId);
    if (running(existing) && existing.turnMessageId !== body.messageId) throw busy();
  }
  // A re-attach to the turn this message started is no new turn: only new turns need budget left.
  const reattach = existing !== undefined && running(existing) && existing.turnMessageId === body.messageId;
  const deployment = await deploymentFor(store, probe, agent.deploymentId);
  const branch = allowedBranch(probe, deployment, body.activeBranchName, 'body.activeBranchName');
  const { model, isDefault } = await branchModel(store, deployment, branch);
  // A token's branch is fixed by its session, and so is development mode: its body cannot switch it on.
  const isDefaultBranch =
    probe.via === 'token'
      ? isDefault
      : (body.isDefaultBranch ?? (body.activeBranchName === undefined ? isDefault : false));
  // Token and internal users are never provisioned: the probe is the identity.
  const messageId = body.messageId ?? `${Date.now()}-message`;
  // The turn is counted once everything that refuses cheaply has passed; a later refusal gives the use back.
  // The user is read beside the count (one round trip before the thread is written, not two).
  const stored = prefetchUser(store, probe);
  const started = await withRate(store, probe.account, probe.credential, 'chat', async () => {
    // Over budget: refused before the user or the thread is written (the rate use is given back).
    const overBudget = reattach ? undefined : await budget;
    if (overBudget) throw overBudget;
    const identity = needsProvisioning(probe) ? await authenticate(true, stored) : probe;
    const who = ownerOf(identity, agent.agentId);
    const lease = {
      leaseId: randomUUID(),
      leaseUntil: Date.now() + settings.leaseMs,
      messageId,
      ...(identity.expiresAt !== undefined ? { expiresAt: identity.expiresAt } : {}),
    };
    const isNewThread = body.chatId === undefined;
    const threadId = body.chatId ?? randomUUID();
    try {
      let meta: ThreadMeta;
      if (isNewThread) {
        meta = await threads.create(store, threadId, who, lease);
      } else {
        const outcome = await threads.acquire(store, threadId, who, lease);
        if (outcome.kind === 'missing') throw threadNotFound(threadId);
        if (outcome.kind === 'busy') throw busy();
        if (outcome.kind === 'same-message') return { kind: 'reattach' as const, meta: outcome.meta };
        meta = outcome.meta;
      }
      const start = await loadHistory(store, meta, isNewThread, settings.historyLines);
      return { kind: 'turn' as const, identity, meta, lease, start };
    } catch (error) {
      // Nothing was streamed: give back whatever of this request's lease may have been written (a write whose
      // response was lost included), so the thread takes the client's retry at once and no thread is orphaned.
      if (!(error instanceof ConflictError || error instanceof NotFoundError)) {
        await threads.abandon(store, threadId, lease.leaseId, isNewThread).catch((cleanup: unknown) => {
          log.error('chat lease could not be given back; it runs out', describeError(cleanup));
        });
      }
      throw error;
    }
  });
  if (started.kind === 'reattach') {
    return stream(followStream({ store, log, settings, meta: started.meta, mode: 'reattach' }));
  }
  const { identity, meta, lease, start } = started;
  const tools = createAnalystTools({
    model,
    user: identity.query,
    source: deployment.dataSource,
    timeoutMs: SQL_TIMEOUT_MS,
  });
  const runAgent: RunAgent = async (args) => {
    const result = await runAgentTurn({
      ...args,
      provider: modelProvider(),
      tools,
      // Relative dates ("last month") are the user's calendar dates.
      ...(identity.timezone ? { timeZone: identity.timezone } : {}),
      naming: agent.toolNames,
      // A fixed clock for evaluations (npm run eval): question sets with relative dates need a known "today".
      ...analystClock(),
    });
    // Metered when the agent ends, whether or not anyone still reads the stream.
    meterUsage(meta.account, result.usage);
    await recordTokenUsage(store, identity.account, result.usage, log);
    return result;
  };
  return stream(
    turnStream({
      store,
      log: log.child({ chatId: meta.chatId }),
      settings,
      meta,
      leaseId: lease.leaseId,
      history: start.history,
      startSort: start.startSort,
      ...(identity.expiresAt !== undefined ? { expiresAt: identity.expiresAt } : {}),
      input: body.input,
      messageId,
      // Development mode (a non-default branch) or the agent's setting shows the reasoning.
      showThinking: !isDefaultBranch || agent.showThinking,
      runAgent,
      onEnd: (status) => meterTurnEnd(meta.account, status),
    }),
  );
}

/** ANALYST_NOW (ISO) fixes the analyst's clock; unset or invalid, turns use the real time. */
const analystClock = (): { now?: () => number } => {
  const fixed = config().analystNow;
  return fixed === undefined ? {} : { now: () => fixed };
};

const busy = () => new ConflictError('Streaming for thread is in progress', 'THREAD_BUSY');

const stream = (lines: StreamResult['lines']): StreamResult => ({
  status: 200,
  headers: STREAM_HEADERS,
  lines,
});
