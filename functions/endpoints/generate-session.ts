import { generateSessionBody } from '../embed/schemas';
import { generateSession } from '../embed/sessions';
import { httpEndpoint } from '../http/endpoint';

/** POST /api/v1/embed/generate-session */
export const handler = httpEndpoint({
  route: 'generate-session',
  auth: 'admin',
  body: generateSessionBody,
  handle: async ({ store, caller, body }) => {
    return { status: 200, body: await generateSession(store, caller, body) };
  },
});
