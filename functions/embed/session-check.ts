/**
 * `POST /api/v1/embed/session/check`: what the embed page asks before it exchanges its session. The exchange spends
 * the session, so a page whose account or agent is wrong would otherwise spend it, say "ready", and fail on the
 * first question. The session id is the credential (as for the exchange); nothing is written.
 */
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../errors';
import { agents } from '../store/agents';
import type { Store } from '../store/client';
import { sessions } from '../store/sessions';

export interface SessionCheck {
  accountName: string;
  deploymentId: number;
  /** The agent the page will talk to (the page's, else `1`, the widget's default). */
  agentId: string;
}

export const DEFAULT_AGENT_ID = '1';

export async function checkSession(
  store: Store,
  request: { sessionId: string; accountName?: string; agentId?: string },
): Promise<SessionCheck> {
  const session = await sessions.findUnexchanged(store, request.sessionId);
  if (!session) {
    throw new UnauthorizedError('Session is invalid, expired or already used', 'SESSION_INVALID');
  }
  const agentId = request.agentId ?? DEFAULT_AGENT_ID;
  // As for the chat (README, "Errors"), another account's name is "agent not found"; the holder of the session may
  // learn which account it belongs to (the exchange tells it too), so the message says what to fix.
  if (request.accountName !== undefined && request.accountName !== session.account) {
    throw new NotFoundError(
      'AGENT',
      `Agent ${agentId} not found in account ${request.accountName}: this session belongs to account ${session.account}`,
    );
  }
  const agent = await agents.get(store, session.account, agentId);
  if (!agent) {
    throw new NotFoundError('AGENT', `Agent ${agentId} not found in account ${session.account}`);
  }
  if (agent.deploymentId !== session.deploymentId) {
    throw new ForbiddenError(
      `Agent ${agentId} answers over deployment ${agent.deploymentId}; this session is for deployment ${session.deploymentId}`,
    );
  }
  return { accountName: session.account, deploymentId: session.deploymentId, agentId };
}
