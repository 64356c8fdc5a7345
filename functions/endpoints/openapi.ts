import { OPENAPI_JSON } from '../api/openapi.generated';
import { httpEndpoint } from '../http/endpoint';

/**
 * GET /api/v1/openapi.json: the OpenAPI 3.1 description of every route, generated from the schemas
 * (functions/api/openapi.ts) by `npm run openapi` into a string, so this function bundles no schema.
 */
export const handler = httpEndpoint({
  route: 'openapi',
  auth: 'none',
  handle: async () => ({
    status: 200,
    text: OPENAPI_JSON,
    headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' },
  }),
});
