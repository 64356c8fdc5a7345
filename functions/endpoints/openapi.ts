import { openApiDocument } from '../api/openapi';
import { httpEndpoint } from '../http/endpoint';

/** GET /api/v1/openapi.json: the OpenAPI 3.1 description of every route (functions/api/openapi.ts). */
export const handler = httpEndpoint({
  route: 'openapi',
  auth: 'none',
  handle: async () => ({
    status: 200,
    body: openApiDocument(),
    headers: { 'cache-control': 'public, max-age=300' },
  }),
});
