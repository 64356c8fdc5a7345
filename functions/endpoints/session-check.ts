import { sessionCheckBody } from '../embed/schemas';
import { checkSession } from '../embed/session-check';
import { httpEndpoint } from '../http/endpoint';

/** POST /api/v1/embed/session/check: the embed page's check before it exchanges (no API key: the session is). */
export const handler = httpEndpoint({
  route: 'session-check',
  auth: 'none',
  body: sessionCheckBody,
  handle: async ({ store, body }) => ({ status: 200, body: await checkSession(store, body) }),
});
