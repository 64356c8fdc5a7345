import { sessionIdBody } from '../embed/schemas';
import { exchangeSession } from '../embed/sessions';
import { httpEndpoint } from '../http/endpoint';

/** POST /api/v1/embed/session/token and its alias /session/exchange (no API key: called from the browser). */
export const handler = httpEndpoint({
  route: 'session-exchange',
  auth: 'none',
  body: sessionIdBody,
  handle: async ({ store, body }) => ({
    status: 200,
    body: await exchangeSession(store, body.sessionId, body.deploymentId),
  }),
});
