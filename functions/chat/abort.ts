/**
 * The abort endpoint's side of the chat, kept apart from the agent so its Lambda bundles only identity and
 * threads (README, "Chat with the analyst").
 */

import { CUBE_TOKEN_HEADER } from '../access/cube-token';
import { type CallerIdentity, resolveIdentity, sessionSettingsSchema } from '../access/identity';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../errors';
import type { Logger } from '../observability/log';
import { type Agent, agents } from '../store/agents';
import type { Store } from '../store/client';
import { type ThreadMeta, type ThreadOwner, threads } from '../store/threads';
import * as z from '../zod';
import { nullAsAbsent } from '../zod';

export const chatId = z
  .string()
  .check(z.minLength(1), z.maxLength(128), z.regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only'));

/** Body of POST {chat_url}/stream-chat-state/abort (README, "Chat with the analyst"). */
export const chatAbortBody = z.strictObject({
  chatId,
  sessionSettings: nullAsAbsent(sessionSettingsSchema),
});
export type ChatAbortBody = z.infer<typeof chatAbortBody>;

/** The `{accountName}` and `{agentId}` of the chat URL, or `{deploymentId}` of Cube's deployment-scoped one. */
export interface ChatPath {
  accountName?: string;
  agentId?: string;
  deploymentId?: string;
}

export interface ChatRequest {
  store: Store;
  log: Logger;
  authorization: string | undefined;
  /** `X-Cube-Auth-Token`: a Cube token for the agent's deployment (access/cube-token.ts). */
  cubeToken?: string | undefined;
  path: ChatPath;
}

/** The chat request of an endpoint's input: its credentials (Authorization, X-Cube-Auth-Token) and path. */
export const chatRequestOf = (input: {
  store: Store;
  log: Logger;
  headers: Record<string, string | undefined>;
  params: ChatPath;
}): ChatRequest => ({
  store: input.store,
  log: input.log,
  authorization: input.headers.authorization,
  cubeToken: input.headers[CUBE_TOKEN_HEADER],
  path: input.params,
});

/**
 * With a Cube token the agent comes first: its deployment decides which secret verifies the token. The
 * deployment-scoped URL talks to the deployment's first agent (Cube's "Auto agent") and accepts only Cube tokens.
 */
export async function cubeTokenTarget(
  store: Store,
  request: ChatRequest,
): Promise<
  { agent: Agent; cubeToken: { token: string; account: string; deploymentId: number } } | undefined
> {
  const scoped = request.path.deploymentId !== undefined;
  if (request.authorization !== undefined || !request.cubeToken) {
    if (scoped) {
      throw new UnauthorizedError('This deployment chat URL accepts only a Cube token (X-Cube-Auth-Token)');
    }
    return undefined;
  }
  const account = request.path.accountName ?? '';
  const agent = scoped
    ? (await agents.list(store, account))
        .filter((a) => String(a.deploymentId) === request.path.deploymentId)
        .sort((a, b) => a.agentId.localeCompare(b.agentId, 'en', { numeric: true }))[0]
    : await agents.get(store, account, request.path.agentId ?? '');
  if (!agent) {
    throw scoped
      ? new NotFoundError('AGENT', `Deployment ${request.path.deploymentId} has no agent`)
      : new NotFoundError('AGENT', `Agent ${request.path.agentId ?? ''} not found`);
  }
  return { agent, cubeToken: { token: request.cubeToken, account, deploymentId: agent.deploymentId } };
}

export const ownerOf = (identity: CallerIdentity, agentId: string): ThreadOwner => ({
  account: identity.account.name,
  agentId,
  owner: identity.owner,
});

export const owns = (meta: ThreadMeta, who: ThreadOwner): boolean =>
  meta.account === who.account && meta.agentId === who.agentId && meta.owner === who.owner;

export const threadNotFound = (id: string) => new NotFoundError('THREAD', `Chat thread ${id} not found`);

/**
 * An abort that finds the turn ended waits this long before its 204 when the end is recent (`updatedAt`, written
 * when the end was sent: under load it lands a while later, hence the generous window).
 */
const ENDED_SETTLE_MS = 250;
const RECENT_END_MS = 10_000;

/**
 * Records an abort request on the caller's running turn; the stream (another Lambda) notices it on its next poll,
 * and at the latest when it stores its end, which then says `aborted` (docs/operating.md, "Aborting a turn").
 * 404 for unknown threads (or another account's or agent's), 403 when another user owns it.
 */
export async function abortChat(request: ChatRequest, body: ChatAbortBody): Promise<void> {
  const { store } = request;
  const target = await cubeTokenTarget(store, request);
  const identity = await resolveIdentity(store, request.authorization, body.sessionSettings, {
    purpose: 'abort',
    provision: false,
    ...(target ? { cubeToken: target.cubeToken } : {}),
  });
  const agentId = target?.agent.agentId ?? request.path.agentId ?? '';
  if (request.path.accountName !== identity.account.name) {
    throw new NotFoundError('AGENT', `Agent ${agentId} not found`);
  }
  const outcome = await threads.requestAbort(store, body.chatId, ownerOf(identity, agentId));
  if (outcome.kind === 'recorded') return;
  if (outcome.kind === 'ended') {
    // The turn's end was stored before the abort came: nothing is left to stop. Its stream sends that end as soon
    // as it is stored; an abort that came soon after waits a moment, so its 204 follows the stream's end.
    if (Date.now() - (outcome.endedAtMs ?? 0) < RECENT_END_MS) {
      await new Promise((resolve) => setTimeout(resolve, ENDED_SETTLE_MS));
    }
    return;
  }
  if (outcome.kind === 'forbidden') {
    throw new ForbiddenError(`Chat thread ${body.chatId} belongs to another user`);
  }
  // Only a refusal pays for the agent lookup that names what is missing.
  if (!(await agents.get(store, identity.account.name, agentId))) {
    throw new NotFoundError('AGENT', `Agent ${agentId} not found`);
  }
  throw threadNotFound(body.chatId);
}
