import { generateSessionBody } from '../embed/schemas';
import { generateSession } from '../embed/sessions';
import { httpEndpoint } from '../http/endpoint';
import { emitMetrics, METRIC_NAMES } from '../observability/metrics';

/** POST /api/v1/embed/generate-session */
export const handler = httpEndpoint({
  route: 'generate-session',
  auth: 'admin',
  body: generateSessionBody,
  handle: async ({ store, caller, body }) => {
    const session = await generateSession(store, caller, body);
    emitMetrics(caller.account.name, [{ name: METRIC_NAMES.sessionsMinted, value: 1, unit: 'Count' }], {
      ...(body.embedTenantName ? { tenant: body.embedTenantName } : {}),
    });
    return { status: 200, body: session };
  },
});
