import { sessionIdBody } from '../embed/schemas';
import { revokeSession } from '../embed/sessions';
import { httpEndpoint } from '../http/endpoint';

/** POST /api/v1/embed/session/revoke: 204 always (idempotent). */
export const handler = httpEndpoint({
  route: 'session-revoke',
  auth: 'admin',
  body: sessionIdBody,
  handle: async ({ store, caller, body }) => {
    await revokeSession(store, caller.account.name, body.sessionId);
    return { status: 204 };
  },
});
