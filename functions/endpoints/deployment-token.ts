import { mintCubeApiToken } from '../embed/cube-token';
import { deploymentPath } from '../embed/schemas';
import { httpEndpoint } from '../http/endpoint';

/** POST /api/v1/deployments/{deploymentId}/token: a Cube API token for `/cubejs-api/v1/cubesql`. */
export const handler = httpEndpoint({
  route: 'deployment-token',
  auth: 'token',
  params: deploymentPath,
  handle: async ({ store, headers, params }) => ({
    status: 200,
    body: await mintCubeApiToken(store, headers.authorization, params.deploymentId),
  }),
});
