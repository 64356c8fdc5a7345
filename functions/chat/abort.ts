/**
 * The abort endpoint's side of the chat, kept apart from the agent so its Lambda bundles only identity and
 * threads (spec §4.4).
 */

import { type CallerIdentity, resolveIdentity, sessionSettingsSchema } from '../access/identity';
import { optional } from '../embed/schemas';
import { ForbiddenError, NotFoundError } from '../errors';
import type { Logger } from '../observability/log';
import { agents } from '../store/agents';
import type { Store } from '../store/client';
import { type ThreadMeta, type ThreadOwner, threads } from '../store/threads';
import * as z from '../zod';

export const chatId = z
  .string()
  .check(z.minLength(1), z.maxLength(128), z.regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only'));

/** Body of POST {chat_url}/stream-chat-state/abort (spec §4.4). */
export const chatAbortBody = z.strictObject({
  chatId,
  sessionSettings: optional(sessionSettingsSchema),
});
export type ChatAbortBody = z.infer<typeof chatAbortBody>;

/** The `{accountName}` and `{agentId}` of the chat URL. */
export interface ChatPath {
  accountName?: string;
  agentId?: string;
}

export interface ChatRequest {
  store: Store;
  log: Logger;
  authorization: string | undefined;
  path: ChatPath;
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
 * Records an abort request on the caller's thread; the stream (another Lambda) notices it on its next poll.
 * 404 for unknown threads (or another account's or agent's), 403 when another user owns it.
 */
export async function abortChat(request: ChatRequest, body: ChatAbortBody): Promise<void> {
  const { store } = request;
  const identity = await resolveIdentity(store, request.authorization, body.sessionSettings, {
    purpose: 'abort',
    provision: false,
  });
  const agentId = request.path.agentId ?? '';
  if (request.path.accountName !== identity.account.name) {
    throw new NotFoundError('AGENT', `Agent ${agentId} not found`);
  }
  const outcome = await threads.requestAbort(store, body.chatId, ownerOf(identity, agentId));
  if (outcome === 'recorded') return;
  if (outcome === 'forbidden') throw new ForbiddenError(`Chat thread ${body.chatId} belongs to another user`);
  // Only a refusal pays for the agent lookup that names what is missing.
  if (!(await agents.get(store, identity.account.name, agentId))) {
    throw new NotFoundError('AGENT', `Agent ${agentId} not found`);
  }
  throw threadNotFound(body.chatId);
}
