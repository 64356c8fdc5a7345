import { httpEndpoint } from '../http/endpoint';

/** GET /health: liveness of the function (no dependencies touched). */
export const handler = httpEndpoint({
  route: 'health',
  auth: 'none',
  handle: async () => ({ status: 200, body: { status: 'ok' } }),
});
